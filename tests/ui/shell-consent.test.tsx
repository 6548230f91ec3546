// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setInteractionModality } from "react-aria";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CookieConsentDialog } from "../../ui/shell/cookie-consent.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("cookie consent dialog (spec §2 Other layers)", () => {
  it("is a dialog named Cookies with Accept all and Only necessary", async () => {
    const choose = vi.fn();
    renderWithIntl(<CookieConsentDialog open brandColor="#e4572e" onChoose={choose} />);
    const dialog = await screen.findByRole("dialog", { name: "Cookies" }, { timeout: 10_000 }); // its code loads lazily
    screen.getByRole("button", { name: "Only necessary" }).click();
    expect(choose).toHaveBeenCalledWith("necessary");
    screen.getByRole("button", { name: "Accept all" }).click();
    expect(choose).toHaveBeenLastCalledWith("all");
    expect(dialog).toBeTruthy();
  });

  it("takes focus only after the frame that paints it, when nothing else has it (not in the task that mounts it)", async () => {
    // A visitor whose last input was a tap (React Aria focuses at once then; after a screen reader's it waits a frame itself).
    setInteractionModality("pointer");
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    renderWithIntl(<CookieConsentDialog open brandColor="#e4572e" onChoose={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: "Cookies" }, { timeout: 10_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // its effects have run
    expect(document.activeElement).toBe(document.body);
    act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    await waitFor(() => expect(document.activeElement).toBe(dialog));
  });

  it("leaves the focus with a visitor who has tapped into a field meanwhile", async () => {
    const user = userEvent.setup();
    const page = (open: boolean) => (
      <>
        <input aria-label="First name" />
        <CookieConsentDialog open={open} brandColor="#e4572e" onChoose={() => undefined} />
      </>
    );
    const { rerender } = renderWithIntl(page(false));
    const field = screen.getByRole("textbox", { name: "First name" });
    await user.click(field);
    rerender(page(true));
    await screen.findByRole("dialog", { name: "Cookies" }, { timeout: 10_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200))); // frames and tasks after it: it would have taken focus by now
    expect(document.activeElement).toBe(field);
  });

  it("shows nothing once the visitor has chosen", () => {
    renderWithIntl(<CookieConsentDialog open={false} brandColor="#e4572e" onChoose={() => undefined} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

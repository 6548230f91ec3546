// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CookieConsentDialog } from "../../ui/shell/cookie-consent.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

describe("cookie consent dialog (spec §2 Other layers)", () => {
  it("is a dialog named Cookies with Accept all and Only necessary", async () => {
    const choose = vi.fn();
    renderWithIntl(<CookieConsentDialog open brandColor="#e4572e" onChoose={choose} />);
    const dialog = await screen.findByRole("dialog", { name: "Cookies" }, { timeout: 10_000 }); // its code loads lazily (issue 12)
    screen.getByRole("button", { name: "Only necessary" }).click();
    expect(choose).toHaveBeenCalledWith("necessary");
    screen.getByRole("button", { name: "Accept all" }).click();
    expect(choose).toHaveBeenLastCalledWith("all");
    expect(dialog).toBeTruthy();
  });

  it("shows nothing once the visitor has chosen", () => {
    renderWithIntl(<CookieConsentDialog open={false} brandColor="#e4572e" onChoose={() => undefined} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

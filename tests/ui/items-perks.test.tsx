// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Perks } from "../../ui/items/ticket-item.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const PERKS = ["Access Friday to Sunday", "All stages"];

// spec §2 Item screens, §3 Product meta.perks: an item's perks behind a disclosure button whose code loads on its
// first use.
describe("an item's perks", () => {
  it("show as a collapsed button with no list before the visitor opens them", () => {
    renderWithIntl(<Perks perks={PERKS} level={3} />);
    const button = screen.getByRole("button", { name: "What's included" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    // A disclosure, not a pop-up: no aria-haspopup (FirstUseButton kind "disclosure").
    expect(button.hasAttribute("aria-haspopup")).toBe(false);
    expect(screen.getByRole("heading", { level: 3, name: "What's included" })).toBeTruthy();
    expect(screen.queryByText("All stages")).toBeNull();
  });

  it("open on a press: the list shows, the button says expanded and keeps the focus; a second press hides the list", async () => {
    renderWithIntl(<Perks perks={PERKS} level={3} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "What's included" }));
    expect(await screen.findByText("All stages", {}, { timeout: 10_000 })).toBeTruthy();
    const button = screen.getByRole("button", { name: "What's included" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(button);
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByText("All stages").closest("[hidden]")).not.toBeNull();
  });

  it("stay shut on an arrow key (a disclosure opens on Enter or Space, not as a list does)", async () => {
    renderWithIntl(<Perks perks={PERKS} level={3} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: "What's included" }).getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("All stages")).toBeNull();
  });

  it("open from the keyboard with Enter", async () => {
    renderWithIntl(<Perks perks={PERKS} level={4} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Access Friday to Sunday", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "What's included" }).getAttribute("aria-expanded")).toBe("true");
  });
});

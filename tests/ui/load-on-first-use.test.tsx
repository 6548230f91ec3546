// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazySelectField } from "../../ui/common/lazy-select-field.tsx";
import { firstInvalidField } from "../../ui/common/focus-first-invalid.ts";
import { LoadOnFirstUse } from "../../ui/common/load-on-first-use.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const OPTIONS = [1, 2, 3].map((n) => ({ id: String(n), label: String(n) }));

describe("a select whose code loads on its first use", () => {
  it("is a working trigger before its code is there: a button named by the choice and the label, with a list pop-up, and no list yet", () => {
    renderWithIntl(<LazySelectField label="Quantity" options={OPTIONS} selectedKey="1" onChange={() => undefined} />);
    const trigger = screen.getByRole("button", { name: "1 Quantity" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("listbox");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens with the focus in its list on a press, and a choice reaches onChange", async () => {
    const onChange = vi.fn();
    renderWithIntl(<LazySelectField label="Quantity" options={OPTIONS} selectedKey="1" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "1 Quantity" }));
    const listbox = await screen.findByRole("listbox", {}, { timeout: 10_000 });
    expect(listbox.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("option", { name: "3" }));
    expect(onChange).toHaveBeenCalledWith("3");
  });

  it("opens from the keyboard with an arrow key, as the Select's own trigger does", async () => {
    renderWithIntl(<LazySelectField label="Quantity" options={OPTIONS} selectedKey="2" onChange={() => undefined} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "2 Quantity" }));
    await user.keyboard("{ArrowDown}");
    expect((await screen.findByRole("listbox", {}, { timeout: 10_000 })).isConnected).toBe(true);
  });

  it("gives the focus back to its trigger after the first choice with the keyboard, never to <body> (WCAG 2.4.3)", async () => {
    const onChange = vi.fn();
    renderWithIntl(<LazySelectField label="Quantity" options={OPTIONS} selectedKey="1" onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard("{Enter}");
    const listbox = await screen.findByRole("listbox", {}, { timeout: 10_000 });
    expect(listbox.contains(document.activeElement)).toBe(true);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith("2");
    await vi.waitFor(() => expect(screen.queryByRole("listbox")).toBeNull(), { timeout: 10_000 });
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Quantity/ }));
  });

  it("shows the field's error and description before its code is there, the trigger described by them and found as the first invalid field", () => {
    renderWithIntl(
      <form>
        <LazySelectField required label="Day" options={OPTIONS} selectedKey="" placeholder="Choose" description="Day of birth" error="Fill in this field" onChange={() => undefined} />
      </form>,
    );
    const trigger = screen.getByRole("button", { name: "Choose Day *" });
    const described = (trigger.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Day of birth", "Fill in this field"]);
    expect(firstInvalidField(document.body)).toBe(trigger);
  });

  it("stays shut and unusable while disabled", async () => {
    renderWithIntl(<LazySelectField disabled label="Quantity" options={OPTIONS} selectedKey="1" onChange={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "1 Quantity" }));
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});

describe("LoadOnFirstUse", () => {
  it("fetches the code on hover or focus without mounting the widget, and mounts it on use", async () => {
    const load = vi.fn(() => Promise.resolve());
    renderWithIntl(
      <LoadOnFirstUse load={load} placeholder={({ use, prefetch }) => <button type="button" onMouseEnter={prefetch} onClick={use}>Open</button>}>
        <p>the widget</p>
      </LoadOnFirstUse>,
    );
    const user = userEvent.setup();
    await user.hover(screen.getByRole("button", { name: "Open" }));
    expect(load).toHaveBeenCalled();
    expect(screen.queryByText("the widget")).toBeNull();
    await act(async () => screen.getByRole("button", { name: "Open" }).click());
    expect(screen.getByText("the widget").isConnected).toBe(true);
  });
});

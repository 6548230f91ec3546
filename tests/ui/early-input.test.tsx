// @vitest-environment jsdom
import { act, startTransition, useState } from "react";
import { Checkbox } from "react-aria-components";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { holdEarlyInput, releaseDeferredPart, replayEarlyInput } from "../../ui/shell/early-input.ts";

afterEach(() => {
  replayEarlyInput();
  document.body.innerHTML = "";
});

describe("input before the app takes over a server-rendered page", () => {
  it("holds a tap on a button until the app listens, then replays it on the same element", () => {
    document.body.innerHTML = '<article><button type="button" id="add"><span>Add to cart</span></button></article>';
    const seen = vi.fn();
    holdEarlyInput();
    expect(document.documentElement.dataset["starting"]).toBe("");
    document.querySelector("span")!.click();
    // The app listens only now (as React does after hydrateRoot), and gets the held tap.
    document.addEventListener("click", (event) => seen((event.target as Element).id));
    expect(replayEarlyInput()).toBe(1);
    expect(seen).toHaveBeenCalledWith("add");
    expect(document.documentElement.dataset["starting"]).toBeUndefined();
  });

  it("keeps a checkbox as it was and a form unsent until the replay", () => {
    document.body.innerHTML = '<form id="f"><label><input type="checkbox" id="terms"> Terms</label><button type="submit" id="send">Order</button></form>';
    const submitted = vi.fn((event: Event) => event.preventDefault());
    holdEarlyInput();
    const box = document.getElementById("terms") as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    (document.getElementById("send") as HTMLButtonElement).click();
    document.getElementById("f")!.addEventListener("submit", submitted);
    expect(submitted).not.toHaveBeenCalled();
    expect(replayEarlyInput()).toBe(2);
    expect(box.checked).toBe(true);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("lets links navigate on their own and forgets taps on elements that left the page", () => {
    document.body.innerHTML = '<a href="#next" id="link"><span>Next</span></a><button id="gone">Gone</button>';
    holdEarlyInput();
    const link = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("#link span")!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    document.getElementById("gone")!.click();
    document.getElementById("gone")!.remove();
    expect(replayEarlyInput()).toBe(0);
  });

  it("stops holding after the replay: later taps reach the page at once", () => {
    document.body.innerHTML = '<button id="b">B</button>';
    holdEarlyInput();
    replayEarlyInput();
    const seen = vi.fn();
    document.addEventListener("click", seen);
    document.getElementById("b")!.click();
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe("a part whose code comes after hydration (lazyPart deferHydration)", () => {
  it("keeps holding what lands in it after the page's replay, replays that when the part is live, and lets the rest of the page go at once", () => {
    document.body.innerHTML = '<button id="add">Add</button><div data-deferred-part="form"><form id="f"><input id="name"><button type="submit" id="send">Send</button></form></div>';
    holdEarlyInput();
    document.getElementById("send")!.click(); // before React listens
    const seen = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener("click", (event) => seen(event));
    document.addEventListener("submit", (event) => event.preventDefault());
    expect(replayEarlyInput()).toBe(0);
    document.getElementById("add")!.click(); // outside the part: React's at once
    expect(seen).toHaveBeenCalledTimes(1);
    const name = document.getElementById("name") as HTMLInputElement;
    name.value = "Sam";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    document.getElementById("send")!.click(); // in the part, after the page's replay: still held
    expect(seen).toHaveBeenCalledTimes(1);
    const typed = vi.fn();
    document.addEventListener("input", typed);
    expect(releaseDeferredPart(document.querySelector("[data-deferred-part]")!)).toBe(3);
    expect(typed).toHaveBeenCalledTimes(2); // the field's text handed over as input
    expect(seen.mock.calls.map(([event]) => (event.target as Element).id)).toEqual(["add", "send", "send"]);
    document.getElementById("send")!.click(); // live: no longer held
    expect(seen).toHaveBeenCalledTimes(4);
  });
});

describe("text typed before the app takes over", () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  /** A controlled field whose state shows beside it, as the checkout's voucher field and its Apply button use it. */
  function VoucherField() {
    const [code, setCode] = useState("");
    return (
      <form>
        <label>
          Voucher code <input name="code" value={code} onChange={(event) => setCode(event.target.value)} />
        </label>
        <output>{code === "" ? "empty" : code}</output>
        <button type="submit" disabled={code === ""}>
          Apply
        </button>
      </form>
    );
  }

  it("hands a field's text typed before hydration to React, so its state and the page agree", async () => {
    const root = document.createElement("div");
    root.innerHTML = renderToString(<VoucherField />);
    document.body.append(root);
    holdEarlyInput();
    const field = root.querySelector("input")!;
    field.value = "FEST";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.value = "FESTIVAL5";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    let app: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      app = hydrateRoot(root, <VoucherField />);
    });
    expect(root.querySelector("output")!.textContent).toBe("empty");
    await act(async () => {
      expect(replayEarlyInput()).toBe(1);
    });
    expect(field.value).toBe("FESTIVAL5");
    expect(root.querySelector("output")!.textContent).toBe("FESTIVAL5");
    expect(root.querySelector("button")!.disabled).toBe(false);
    act(() => app?.unmount());
  });

  /** The checkout's terms box: a React Aria Checkbox whose state shows beside it. */
  function TermsBox() {
    const [accepted, setAccepted] = useState(false);
    return (
      <div>
        <Checkbox isSelected={accepted} onChange={setAccepted}>
          <span className="box" />I accept the terms
        </Checkbox>
        <output>{accepted ? "accepted" : "not accepted"}</output>
      </div>
    );
  }

  /** The terms box rendered by the server into the page, early input held, and its label tapped: the page and its box. */
  const termsWithLabelTapped = () => {
    const root = document.createElement("div");
    root.innerHTML = renderToString(<TermsBox />);
    document.body.append(root);
    holdEarlyInput();
    root.querySelector("label")!.click();
    return { root, box: root.querySelector("input")! };
  };

  it("checks a React Aria checkbox whose label was tapped before hydration (its label's own click is cancelled)", async () => {
    const { root, box } = termsWithLabelTapped();
    expect(box.checked).toBe(false);
    let app: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      app = hydrateRoot(root, <TermsBox />);
    });
    await act(async () => {
      expect(replayEarlyInput()).toBe(1);
    });
    expect(box.checked).toBe(true);
    expect(root.querySelector("output")!.textContent).toBe("accepted");
    act(() => app?.unmount());
  });

  it("checks a React Aria checkbox tapped before hydration when the replay reaches it before React has hydrated it", async () => {
    const { root, box } = termsWithLabelTapped();
    let app: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      startTransition(() => {
        app = hydrateRoot(root, <TermsBox />);
      });
      expect(replayEarlyInput()).toBe(1);
    });
    expect(box.checked).toBe(true);
    expect(root.querySelector("output")!.textContent).toBe("accepted");
    act(() => app?.unmount());
  });

  it("hands over the blur of a field the visitor has left since typing (a number field commits on it), not of the focused one", () => {
    document.body.innerHTML = '<input id="persons" value="1"><input id="city" value="">';
    holdEarlyInput();
    const persons = document.getElementById("persons") as HTMLInputElement;
    const city = document.getElementById("city") as HTMLInputElement;
    persons.value = "4";
    persons.dispatchEvent(new Event("input", { bubbles: true }));
    city.focus();
    city.value = "Groningen";
    city.dispatchEvent(new Event("input", { bubbles: true }));
    const left: string[] = [];
    document.addEventListener("focusout", (event) => left.push((event.target as HTMLElement).id));
    expect(replayEarlyInput()).toBe(2);
    expect(left).toEqual(["persons"]);
    expect(persons.value).toBe("4");
  });

  it("leaves a field alone that holds what the server rendered, and checkboxes to the held taps", () => {
    document.body.innerHTML = '<input id="same" value="NL"><input type="checkbox" id="box">';
    holdEarlyInput();
    const same = document.getElementById("same") as HTMLInputElement;
    same.dispatchEvent(new Event("input", { bubbles: true }));
    document.getElementById("box")!.dispatchEvent(new Event("input", { bubbles: true }));
    const seen = vi.fn();
    document.addEventListener("input", seen);
    replayEarlyInput();
    expect(seen).not.toHaveBeenCalled();
    expect(same.value).toBe("NL");
  });
});

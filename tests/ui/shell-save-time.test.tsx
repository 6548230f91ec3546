// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Effect } from "effect";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import { loginKey } from "../../ui/shell/login-state.ts";
import { SAVE_TIME_DISMISSED_KEY, SaveTimeLayer } from "../../ui/shell/save-time.tsx";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

const TITLE = "Save time at checkout";

/** A session check that never answers: single sign-on stays unknown. */
class PendingSingleSignOn extends InMemorySingleSignOn {
  override checkSession() {
    return Effect.never;
  }
}

// The layer's own code loads lazily on first show; load it once, so a test sees it as soon as it shows.
beforeAll(() => import("../../ui/shell/save-time-dialog.tsx"));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true, writable: true });
});

/** The layer in a shop that enables it (showSaveTimeModal), anonymous, at `path`, unless `setup` says otherwise. */
const layer = (setup: Partial<ShellSetup> = {}) =>
  renderInShop(<SaveTimeLayer />, { path: "/lowlands-lights/tickets", sso: new InMemorySingleSignOn(), ...setup, config: { showSaveTimeModal: true, ...setup.config } });

/** Waits until single sign-on has answered (or is unavailable) and React has rendered whatever follows from it. */
async function settled(view: ReturnType<typeof layer>) {
  // A disabled check (no single sign-on port) stays pending but idle.
  await waitFor(() => expect(view.queryClient.getQueryState(loginKey)?.fetchStatus ?? "idle").toBe("idle"));
  for (let i = 0; i < 3; i += 1) await act(async () => undefined);
}

/** Scrolls the window to `y` (jsdom does not lay out: scrollY is set) and fires the scroll event. */
function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true, writable: true });
  act(() => void window.dispatchEvent(new Event("scroll")));
}

describe("save-time login modal (spec §2 Other layers, §3 showSaveTimeModal, §4)", () => {
  it("shows on a step route to an anonymous visitor once single sign-on has answered: a non-modal dialog with a heading, a sentence, Log in and Close", async () => {
    layer();
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    expect(dialog.getAttribute("aria-modal")).toBe("false");
    expect(dialog.textContent).toContain("Log in and we fill in your details for you.");
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
    // Not modal: focus stays where it was.
    expect(dialog.contains(document.activeElement)).toBe(false);
  });

  it("does not show on the payment status page, without the config flag, or with it off", async () => {
    for (const setup of [
      { path: "/lowlands-lights/paymentstatus" },
      { config: { showSaveTimeModal: undefined } },
      { config: { showSaveTimeModal: false } },
    ] satisfies Partial<ShellSetup>[]) {
      const view = layer(setup);
      await settled(view);
      expect(screen.queryByRole("dialog"), JSON.stringify(setup)).toBeNull();
      cleanup();
    }
    // The same setup on a step route with the flag shows it: the cases above differ only in what they name.
    layer();
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeTruthy();
    cleanup();
    // The shop's overview is a non-index route too (spec §4; the index is the event chooser).
    layer({ path: "/lowlands-lights" });
    expect(await screen.findByRole("dialog", { name: TITLE })).toBeTruthy();
  });

  it("does not show while single sign-on is unknown or unavailable, nor to a logged-in user", async () => {
    const failing = new InMemorySingleSignOn();
    failing.sessionFailure = new SingleSignOnError({ reason: "provider", message: "down" });
    const loggedIn = new InMemorySingleSignOn();
    loggedIn.user = SSO_USER;
    for (const sso of [new PendingSingleSignOn(), null, failing, loggedIn]) {
      const view = layer({ sso });
      if (sso instanceof PendingSingleSignOn) for (let i = 0; i < 3; i += 1) await act(async () => undefined);
      else await settled(view);
      expect(screen.queryByRole("dialog")).toBeNull();
      cleanup();
    }
  });

  it("closes on login", async () => {
    const view = layer();
    await screen.findByRole("dialog", { name: TITLE });
    act(() => view.queryClient.setQueryData(loginKey, { user: SSO_USER, membership: { status: 1, level: "gold" } }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes once the page has been scrolled 400 px, not before, and shows again on the next route", async () => {
    const view = layer({ extra: <main id="main">screen</main> });
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    const login = screen.getByRole("button", { name: "Log in" });
    act(() => login.focus());
    scrollTo(399);
    expect(dialog.hasAttribute("inert")).toBe(false);
    scrollTo(400);
    // Closed, it keeps its place at the end of the page (no jump on a short page), unseen: inert (and visibility hidden
    // in shell.css, which jsdom does not apply), so nothing in it can be reached; focus inside it goes to main.
    expect(dialog.hasAttribute("inert")).toBe(true);
    expect(dialog.dataset["scrolledAway"]).toBe("true");
    expect(document.activeElement?.id).toBe("main");
    // Scrolling back up does not bring it back on this page.
    scrollTo(0);
    expect(dialog.hasAttribute("inert")).toBe(true);
    await act(() => view.router.navigate("/lowlands-lights/checkout"));
    await waitFor(() => expect(screen.getByRole("dialog", { name: TITLE }).hasAttribute("inert")).toBe(false));
    expect(sessionStorage.getItem(SAVE_TIME_DISMISSED_KEY)).toBeNull();
  });

  it("closes on its close button and stays closed for the rest of the visit", async () => {
    const view = layer();
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sessionStorage.getItem(SAVE_TIME_DISMISSED_KEY)).toBe("1");
    await act(() => view.router.navigate("/lowlands-lights/checkout"));
    cleanup();
    const again = layer({ path: "/lowlands-lights/extras" });
    await settled(again);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape inside it and gives focus to the page's main region instead of the body", async () => {
    layer({ extra: <main id="main">screen</main> });
    const login = await screen.findByRole("button", { name: "Log in" });
    act(() => login.focus());
    fireEvent.keyDown(login, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement?.id).toBe("main");
    expect(sessionStorage.getItem(SAVE_TIME_DISMISSED_KEY)).toBe("1");
  });

  it("starts the login like the profile icon, coming back to this page", async () => {
    const sso = new InMemorySingleSignOn();
    layer({ sso, path: "/lowlands-lights/tickets?token=t1" });
    fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
    await waitFor(() => expect(sso.redirects).toEqual(["login:/lowlands-lights/tickets?token=t1"]));
  });
});

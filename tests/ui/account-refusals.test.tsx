// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { ID_TOKEN_STORE } from "../../application/ports/tokens.ts";
import { useAccountRefusalActions } from "../../ui/shell/account-refusals.tsx";
import { ErrorDialogProvider, useErrorDialog } from "../../ui/shell/error-dialog.tsx";
import { noticeOf } from "../../ui/shell/failure-meaning.ts";
import { IdentityTokenEffects, useForgetRefusedToken } from "../../ui/shell/identity-token-effects.tsx";
import { loginKey } from "../../ui/shell/login-state.ts";
import { InMemoryIdTokenStore, InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const refusal = (status: number, code: string, message = "refused by the server") => new ShopApiError({ status, code, message });

describe("noticeOf: the Shop API's account refusals keep their catalogue codes (spec §6, §8)", () => {
  it.each(["6004", "6005", "3005"])("shows %s with its own texts, not the server's English message", (code) => {
    expect(noticeOf(refusal(403, code), "cart-1")).toEqual({ code: Number(code), cartId: "cart-1" });
  });
});

/** A screen whose cart write the server refused with `failure`, shown through the shell's refusal actions. */
function RefusedWrite({ failure }: { failure: unknown }) {
  const actions = useAccountRefusalActions();
  return (
    <ErrorDialogProvider actions={actions}>
      <Write failure={failure} />
    </ErrorDialogProvider>
  );
}
function Write({ failure }: { failure: unknown }) {
  const { showFailure } = useErrorDialog();
  return (
    <button type="button" onClick={() => showFailure(failure)}>
      add
    </button>
  );
}

/** Opens the modal: a message is a dialog, a decision or blocking notice an alertdialog. */
const openDialog = async (role: "dialog" | "alertdialog" = "alertdialog") => {
  await act(async () => {
    screen.getByRole("button", { name: "add" }).click();
    await import("../../ui/shell/error-modal.tsx");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return screen.findByRole(role);
};

describe("the login prompt and the membership refusal from the server's answer", () => {
  it("shows 6004 as a decision whose Log in starts the login back to this page", async () => {
    const sso = new InMemorySingleSignOn();
    renderInShop(<RefusedWrite failure={refusal(403, "6004")} />, { path: "/demo-festival/tickets?utm_source=x", sso });
    const dialog = await openDialog();
    expect(dialog.textContent).toContain("Log in to continue");
    await act(async () => screen.getByRole("button", { name: "Log in" }).click());
    await waitFor(() => expect(sso.redirects).toEqual(["login:/demo-festival/tickets?utm_source=x"]));
  });

  it("sends the visitor who does not log in at 6004 to the shop's overview", async () => {
    renderInShop(<RefusedWrite failure={refusal(403, "6004")} />, { path: "/demo-festival/tickets", sso: new InMemorySingleSignOn() });
    await openDialog();
    await act(async () => screen.getByRole("button", { name: "Back to the overview" }).click());
    expect(screen.getByTestId("where").textContent).toBe("/demo-festival");
  });

  it("shows 6005 blocking, leading to the event chooser", async () => {
    renderInShop(<RefusedWrite failure={refusal(403, "6005")} />, { path: "/demo-festival/tickets", sso: new InMemorySingleSignOn() });
    const dialog = await openDialog();
    expect(dialog.textContent).toContain("Membership needed");
    await act(async () => screen.getByRole("button", { name: "Choose another event" }).click());
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("shows 3005 with its text", async () => {
    renderInShop(<RefusedWrite failure={refusal(409, "3005")} />, { path: "/demo-festival/membership", sso: new InMemorySingleSignOn() });
    const dialog = await openDialog("dialog");
    expect(dialog.textContent).toContain("Only one membership per account");
  });
});

/** A query that fails as the Shop API does for a refused identity token. */
function RefusedRead({ failure }: { failure: unknown }) {
  const forget = useForgetRefusedToken();
  useQuery({ queryKey: ["refused-read"], queryFn: () => Promise.reject(failure), retry: false });
  return <IdentityTokenEffects onFailure={forget} />;
}

describe("a refused identity token (401 user.token.invalid) is forgotten once", () => {
  it("clears the previous-id-token cookie and the single sign-on user and sets the login state anonymous", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const cookie = new InMemoryIdTokenStore(SSO_USER.idToken);
    const view = renderInShop(<RefusedRead failure={refusal(401, "user.token.invalid")} />, {
      path: "/demo-festival",
      sso,
      register: (di) => di.register(ID_TOKEN_STORE, { useValue: cookie }),
    });
    await waitFor(() => expect(cookie.token).toBeNull());
    expect(sso.user).toBeNull();
    await waitFor(() => expect(view.queryClient.getQueryData(loginKey)).toEqual({ user: null, membership: { status: 0, level: null } }));
    expect(sso.redirects).toEqual([]);
  });
});

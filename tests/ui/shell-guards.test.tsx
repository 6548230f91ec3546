// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { ShopRouteGuards } from "../../ui/shell/route-guards.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { CART_ID_STORE } from "../../application/ports/tokens.ts";
import { InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { aProduct, aShopConfigIn } from "../support/object-mother.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

afterEach(cleanup);

const cartWithTimeout = (timeout: number): Cart => ({
  id: "00000000-0000-4000-8000-000000000001", status: "shopping", timeout, products: { ll_ticket_weekend: 1 },
  totalAmount: 22950 as Cents, totalAmountExcludingServiceCosts: 21950 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
});

const guard = (setup: ShellSetup) => renderInShop(<ShopRouteGuards />, { products: [aProduct()], ...setup });
const where = () => screen.getByTestId("where").textContent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const anonymous = () => new InMemorySingleSignOn();
const loggedIn = () => {
  const sso = new InMemorySingleSignOn();
  sso.user = SSO_USER;
  return sso;
};

describe("route guards (spec §2 Route guards and deep links)", () => {
  it("sends a cart with timeout zero or less to /{slug}, keeping the query", async () => {
    guard({ path: "/lowlands-lights/merchandise?token=t", cart: cartWithTimeout(0) });
    await waitFor(() => expect(where()).toBe("/lowlands-lights?token=t"));
  });

  it("says Time's up (6002) on the overview it sends an expired cart to, and lets the cart go so the visitor shops again", async () => {
    const cartIds = new InMemoryCartIdStore();
    cartIds.set("lowlands-lights", cartWithTimeout(0).id);
    const { queryClient } = guard({
      path: "/lowlands-lights/tickets?utm_source=mail",
      cart: { ...cartWithTimeout(0), products: {} },
      register: (di) => di.register(CART_ID_STORE, { useValue: cartIds }),
    });
    await waitFor(() => expect(where()).toBe("/lowlands-lights?utm_source=mail"), { timeout: 10_000 });
    expect(cartIds.get("lowlands-lights")).toBeNull();
    const dialog = await screen.findByRole("alertdialog", {}, { timeout: 10_000 });
    expect(dialog.getAttribute("data-code")).toBe("6002");
    expect(dialog.textContent).toContain("Time's up");
    expect(queryClient.getQueryData(shopKeys.cart("lowlands-lights"))).toBeNull();
  });

  it("says Time's up on the overview itself too, and drops the expired cart's deep link from the query", async () => {
    guard({ path: "/lowlands-lights?cartId=c1&cartToken=t1&utm_source=mail", cart: cartWithTimeout(0) });
    await waitFor(() => expect(where()).toBe("/lowlands-lights?utm_source=mail"), { timeout: 10_000 });
    expect((await screen.findByRole("alertdialog", {}, { timeout: 10_000 })).getAttribute("data-code")).toBe("6002");
  });

  it("says 4004 instead in upgrade mode (spec §4 Countdown), whose config carries the upgradable order", async () => {
    guard({ path: "/lowlands-lights/upgrade", config: aShopConfigIn("Upgrade"), context: { upgradableOrderId: "o1" }, cart: cartWithTimeout(0) });
    expect((await screen.findByRole("alertdialog", {}, { timeout: 10_000 })).getAttribute("data-code")).toBe("4004");
  });

  it("leaves a paid (confirmed) cart with timeout 0 alone", async () => {
    guard({ path: "/lowlands-lights/paymentstatus", cart: { ...cartWithTimeout(0), status: "confirmed" } });
    await settle();
    expect(where()).toBe("/lowlands-lights/paymentstatus");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("leaves a cart with time left where it is", async () => {
    guard({ path: "/lowlands-lights/merchandise", cart: cartWithTimeout(1) });
    await settle();
    expect(where()).toBe("/lowlands-lights/merchandise");
  });

  it.each([
    ["pre-registration", "Preregistration"],
    ["member sale", "MemberSale"],
    ["travel sale", "TravelSale"],
    ["add-on shop", "AddOnShop"],
  ] as const)("sends an anonymous visitor of a %s to /login", async (_name, mode) => {
    guard({ path: "/lowlands-lights/tickets?slug=lowlands-lights", config: aShopConfigIn(mode), sso: anonymous() });
    await waitFor(() => expect(where()).toBe("/login?slug=lowlands-lights"));
  });

  it("lets a logged-in visitor of a pre-registration stay", async () => {
    guard({ path: "/lowlands-lights/tickets", config: aShopConfigIn("Preregistration"), sso: loggedIn() });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
  });

  it("does not ask for a login when single sign-on is not initialised, nor in a normal shop", async () => {
    guard({ path: "/lowlands-lights/tickets", config: aShopConfigIn("Preregistration"), sso: null });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
    cleanup();
    guard({ path: "/lowlands-lights/tickets", sso: anonymous() });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { ShopRouteGuards } from "../../ui/shell/route-guards.tsx";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { aProduct } from "../support/object-mother.ts";
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

  it("leaves a cart with time left where it is", async () => {
    guard({ path: "/lowlands-lights/merchandise", cart: cartWithTimeout(1) });
    await settle();
    expect(where()).toBe("/lowlands-lights/merchandise");
  });

  it.each([
    ["pre-registration", { preregistration: true }],
    ["member sale", { membersale: true }],
    ["travel sale", { travelsale: true }],
    ["add-on shop", { shopInit: { isAddOnShop: true, paymentProvider: "test" as const } }],
  ])("sends an anonymous visitor of a %s to /login", async (_name, config) => {
    guard({ path: "/lowlands-lights/tickets?slug=lowlands-lights", config, sso: anonymous() });
    await waitFor(() => expect(where()).toBe("/login?slug=lowlands-lights"));
  });

  it("lets a logged-in visitor of a pre-registration stay", async () => {
    guard({ path: "/lowlands-lights/tickets", config: { preregistration: true }, sso: loggedIn() });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
  });

  it("does not ask for a login when single sign-on is not initialised, nor in a normal shop", async () => {
    guard({ path: "/lowlands-lights/tickets", config: { preregistration: true }, sso: null });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
    cleanup();
    guard({ path: "/lowlands-lights/tickets", sso: anonymous() });
    await settle();
    expect(where()).toBe("/lowlands-lights/tickets");
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";
import { CART_API, CART_ID_STORE } from "../../application/ports/tokens.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import type { Product } from "../../domain/product.schema.ts";
import { RegisterRoute } from "../../ui/register/register.route.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { SHOP } from "../support/contract-examples.ts";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aCart, aProduct } from "../support/object-mother.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

afterEach(cleanup);

const PRODUCTS: ReadonlyArray<Product> = [
  aProduct(), // Weekend ticket: € 215,00 a line (€ 229,50 minus € 10,00 service costs and € 4,50 entertainment fee)
  aProduct({ id: "ll_ticket_sunday", name: "Sunday ticket", title: "Sunday ticket", soldOut: true, stock: 0 }),
  aProduct({ id: "ll_extra_locker", name: "Locker", title: undefined, type: "extras", price: 17.5, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
];

/** The demo shop's wishlist key (apiNamespace / festival year). */
const KEY = { eventId: SHOP.apiNamespace, year: 2027 };

/** A logged-in single sign-on fake; with `products`, a saved wishlist of the demo shop's event. */
const loggedIn = (products?: Record<string, number>) => {
  const sso = new InMemorySingleSignOn();
  sso.user = SSO_USER;
  if (products) sso.wishlists.set(`${KEY.eventId}/${KEY.year}`, { ...KEY, preferences: { products, totalAmount: 0 as Cents, travelCart: null } });
  return sso;
};

/** Renders /lowlands-lights/register in a pre-registration (unless `config` says otherwise), with a cart fake over PRODUCTS holding `cart`. */
const register = (setup: Partial<ShellSetup> = {}) => {
  const cartApi = new InMemoryCartApi([...PRODUCTS], 10);
  const cartIds = new InMemoryCartIdStore();
  if (setup.cart) {
    cartApi.carts.set(setup.cart.id, setup.cart);
    cartIds.set(SHOP.slug, setup.cart.id);
  }
  const view = renderInShop(<RegisterRoute />, {
    path: "/lowlands-lights/register?utm_source=mail",
    products: PRODUCTS,
    sso: new InMemorySingleSignOn(),
    register: (di) => {
      di.register(CART_API, { useValue: cartApi });
      di.register(CART_ID_STORE, { useValue: cartIds });
    },
    ...setup,
    config: { preregistration: true, ...setup.config },
  });
  return { ...view, cartApi };
};

/** Each row of the table as its cells' texts joined by a space. */
const rowsText = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent).join(" "));

describe("RegisterRoute, the registration overview (spec §1 pre-registration, §2 Routes, §3, §6, §8 3000 / 3002 / 6000)", () => {
  it("shows 3002 Registration closed with a way back to the shop overview when the shop is not a pre-registration", async () => {
    register({ config: { preregistration: false }, sso: loggedIn({ ll_ticket_weekend: 2 }) });
    expect(screen.getByRole("heading", { level: 1, name: "Pre-registration" })).toBeTruthy();
    const closed = await screen.findByRole("region", { name: "Registration closed" });
    expect(closed.dataset.code).toBe("3002");
    expect(closed.textContent).toContain("Registration for this event is closed.");
    expect(within(closed).getByRole("link", { name: "Back to the shop overview" }).getAttribute("href")).toBe("/lowlands-lights?utm_source=mail");
    // Not a pre-registration: the saved wishlist is not shown.
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows a spinner while the login state is checked", async () => {
    register();
    expect(await screen.findByRole("progressbar", { name: "Checking your registration" })).toBeTruthy();
  });

  it("prompts an anonymous visitor to log in, coming back to this page", async () => {
    const sso = new InMemorySingleSignOn();
    register({ sso });
    const prompt = await screen.findByRole("region", { name: "Log in to see your registration" });
    fireEvent.click(within(prompt).getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(sso.redirects).toEqual(["login:/lowlands-lights/register?utm_source=mail"]));
  });

  it("says registration is not available when single sign-on is not", async () => {
    const sso = new InMemorySingleSignOn();
    sso.sessionFailure = new SingleSignOnError({ reason: "unavailable", message: "no provider" });
    register({ sso });
    const notice = await screen.findByRole("region", { name: "Registration not available" });
    expect(within(notice).getByRole("link", { name: "Back to the shop overview" }).getAttribute("href")).toBe("/lowlands-lights?utm_source=mail");
  });

  it("shows 3000 with Register now, to the shop's first step, when the account has no saved wishlist", async () => {
    register({ sso: loggedIn() });
    const notice = await screen.findByRole("region", { name: "No registration linked to your account" });
    expect(notice.dataset.code).toBe("3000");
    expect(within(notice).getByRole("link", { name: "Register now" }).getAttribute("href")).toBe("/lowlands-lights/tickets?utm_source=mail");
  });

  it("treats a saved wishlist without products as no registration (3000)", async () => {
    register({ sso: loggedIn({ ll_ticket_weekend: 0 }) });
    expect(await screen.findByRole("region", { name: "No registration linked to your account" })).toBeTruthy();
  });

  it("shows an alert and Try again when the saved wishlist cannot be read; Try again reads it again", async () => {
    const sso = loggedIn({ ll_ticket_weekend: 2 });
    const getWishlist = sso.getWishlist.bind(sso);
    let fail = true;
    sso.getWishlist = (key) => (fail ? Effect.fail(new SingleSignOnError({ reason: "provider", message: "down" })) : getWishlist(key));
    register({ sso });
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong, please try again.");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "You are registered" })).toBeTruthy();
  });

  it("shows 'You are registered' with the saved wishlist's table (name, count, price, total) and names what is sold out", async () => {
    register({ sso: loggedIn({ ll_extra_locker: 1, ll_ticket_weekend: 2, ll_ticket_sunday: 1 }) });
    const registered = await screen.findByRole("region", { name: "You are registered" });
    expect(registered.textContent).toContain("This is the wishlist saved with your account for Lowlands Lights.");
    const table = within(registered).getByRole("table", { name: "Your wishlist" });
    expect(rowsText(table)).toEqual([
      "Product Quantity Price Total",
      "Tickets",
      "Weekend ticket 2 € 215,00 € 430,00",
      "Extras & other experiences",
      "Locker 1 € 17,50 € 17,50",
      "Service fee € 20,00",
      "Entertainment tax € 9,00",
      "Total € 476,50",
    ]);
    expect(screen.getByTestId("wishlist-sold-out").textContent).toBe("Sold out, so not in the list: Sunday ticket.");
  });

  it("Change registration asks the 6000 decision; Cancel keeps the cart and the page", async () => {
    const { cartApi } = register({ sso: loggedIn({ ll_ticket_weekend: 2 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Change registration" }));
    const decision = await screen.findByRole("alertdialog", { name: "Change registration" });
    expect(decision.dataset.code).toBe("6000");
    expect(decision.textContent).toContain("Your saved wishlist is put in your cart");
    fireEvent.click(within(decision).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct"))).toEqual([]);
    expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights/register?utm_source=mail");
  });

  it("on confirm makes the cart the wishlist (restore: other products removed) and goes to the shop's first step", async () => {
    const lockers: Cart = aCart({ products: { ll_extra_locker: 2 } });
    const { cartApi, queryClient } = register({ sso: loggedIn({ ll_ticket_weekend: 2 }), cart: lockers });
    fireEvent.click(await screen.findByRole("button", { name: "Change registration" }));
    const decision = await screen.findByRole("alertdialog", { name: "Change registration" });
    fireEvent.click(within(decision).getByRole("button", { name: "Change registration" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights/tickets?utm_source=mail"));
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct")).map((c) => c.split(" ").slice(2).join(" "))).toEqual(["ll_extra_locker 0", "ll_ticket_weekend 2"]);
    expect(queryClient.getQueryData<Cart>(shopKeys.cart(SHOP.slug))?.products).toEqual({ ll_ticket_weekend: 2 });
  });

  it("shows the error dialog and stays when the cart refuses the wishlist", async () => {
    register({ sso: loggedIn({ ll_ticket_weekend: 11 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Change registration" }));
    fireEvent.click(within(await screen.findByRole("alertdialog", { name: "Change registration" })).getByRole("button", { name: "Change registration" }));
    const error = await screen.findByRole("dialog", { name: "Too many tickets" });
    expect(error.textContent).toContain("You can order at most 10 tickets.");
    expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights/register?utm_source=mail");
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { RandomProvider } from "../../ui/common/random.tsx";
import { ShopHeader } from "../../ui/shell/header.tsx";
import { ORDER_CART_TOKEN, PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";
import { InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { InMemoryOrderLookupApi } from "../support/in-memory-vouchers-orders.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

afterEach(cleanup);

const CART: Cart = {
  id: "00000000-0000-4000-8000-000000000001", status: "shopping", timeout: 900, products: { ll_ticket_weekend: 2 },
  totalAmount: 45900 as Cents, totalAmountExcludingServiceCosts: 43900 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
};

const header = (setup: ShellSetup) => renderInShop(<ShopHeader />, { products: [aProduct()], ...setup });

describe("ShopHeader (spec §2 Header)", () => {
  it("shows the logo on the overview and on payment status, and Overview back to the slug elsewhere", () => {
    header({ path: "/lowlands-lights" });
    expect(screen.getByRole("img", { name: "Lowlands Lights" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Overview" })).toBeNull();
    cleanup();
    header({ path: "/lowlands-lights/paymentstatus" });
    expect(screen.getByRole("img", { name: "Lowlands Lights" })).toBeTruthy();
    cleanup();
    header({ path: "/lowlands-lights/extras/ll_extra_locker?token=t1" });
    expect(screen.queryByRole("img", { name: "Lowlands Lights" })).toBeNull();
    expect(screen.getByRole("link", { name: "Overview" }).getAttribute("href")).toBe("/lowlands-lights?token=t1");
  });

  it("shows the cart total with an SVG cart icon (no emoji), opening the cart", () => {
    header({ path: "/lowlands-lights/tickets", cart: CART });
    const cart = screen.getByRole("link", { name: "Cart: € 459,00" });
    expect(cart.getAttribute("href")).toBe("/lowlands-lights/checkout");
    expect(cart.querySelector("svg")).not.toBeNull();
    expect(cart.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("starts the login when a logged-out visitor presses the profile icon", async () => {
    const sso = new InMemorySingleSignOn();
    header({ path: "/lowlands-lights/tickets", sso });
    await act(async () => (await screen.findByRole("button", { name: "Log in" })).click());
    await waitFor(() => expect(sso.redirects).toEqual(["login:/lowlands-lights/tickets"]));
  });

  it("opens a menu with Account and Log out for a logged-in user", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    header({ path: "/lowlands-lights/tickets", sso });
    fireEvent.click(await screen.findByRole("button", { name: "Your account" }));
    expect(await screen.findByRole("menuitem", { name: "Account" })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("menuitem", { name: "Log out" })));
    await waitFor(() => expect(sso.redirects).toEqual(["logout"]));
  });

  it("hides the profile icon for the two brands of spec §1 and when single sign-on is unavailable", async () => {
    const sso = new InMemorySingleSignOn();
    header({ path: "/lowlands-lights/tickets", sso, config: { brand: "zwartecross" } });
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    cleanup();
    header({ path: "/lowlands-lights/tickets", sso: null });
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Your account" })).toBeNull();
    cleanup();
    header({ path: "/lowlands-lights/tickets", sso });
    expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
  });

  it("shows Wishlist only when the saved wishlist has products", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    sso.wishlists.set("lowlands-lights-2027/2027", { eventId: "lowlands-lights-2027", year: 2027, preferences: { products: { ll_ticket_weekend: 0 }, totalAmount: 0 as Cents, travelCart: null } });
    header({ path: "/lowlands-lights/tickets", sso });
    await screen.findByRole("button", { name: "Your account" });
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Wishlist" })).toBeNull();
    cleanup();
    sso.wishlists.set("lowlands-lights-2027/2027", { eventId: "lowlands-lights-2027", year: 2027, preferences: { products: { ll_ticket_weekend: 2 }, totalAmount: 45900 as Cents, travelCart: null } });
    header({ path: "/lowlands-lights/tickets", sso });
    expect((await screen.findByRole("button", { name: "Wishlist" })).getAttribute("aria-haspopup")).toBe("dialog");
  });

  it("opens the wishlist modal from the Wishlist button: its spinner first, then the saved products; Close gives the focus back", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    sso.wishlists.set("lowlands-lights-2027/2027", { eventId: "lowlands-lights-2027", year: 2027, preferences: { products: { ll_ticket_weekend: 2 }, totalAmount: 45900 as Cents, travelCart: null } });
    renderInShop(
      <RandomProvider random={() => 0}>
        <ShopHeader />
      </RandomProvider>,
      { path: "/lowlands-lights/tickets", products: [aProduct()], sso },
    );
    const button = await screen.findByRole("button", { name: "Wishlist" });
    act(() => button.focus());
    fireEvent.click(button);
    // The modal's chunk loads on this first press (transformed on the fly here: it may take a while).
    const dialog = await screen.findByRole("dialog", { name: "Your wishlist" }, { timeout: 15_000 });
    expect(within(dialog).getByRole("progressbar", { name: "Loading your wishlist" })).toBeTruthy();
    const table = await within(dialog).findByRole("table", undefined, { timeout: 3000 });
    expect(within(table).getByRole("rowheader", { name: "Weekend ticket" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("shows Previous orders with each purchase's quantity and price in an add-on shop whose user has purchases, not in a normal shop", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const orders = new InMemoryOrderLookupApi([{ cartToken: ORDER_CART_TOKEN, answer: PREVIOUS_ORDERS }]);
    const base = aShopConfigInit();
    header({ path: "/lowlands-lights/tickets", sso, orders, context: { cartToken: ORDER_CART_TOKEN }, config: { shopInit: { ...base, isAddOnShop: true } } });
    fireEvent.click(await screen.findByRole("button", { name: "Previous orders" }));
    const list = await screen.findByRole("dialog", { name: "Previous orders" });
    // Each purchase with its quantity and price (spec §3 Previous order: purchases with title, price, quantity).
    expect(list.textContent).toContain("2 × Weekend ticket · € 229,50");
    expect(list.textContent).toContain("1 × Travel: Hotel De Duinen - Double room · € 378,00");
    cleanup();
    header({ path: "/lowlands-lights/tickets", sso, orders, context: { cartToken: ORDER_CART_TOKEN } });
    await screen.findByRole("button", { name: "Your account" });
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Previous orders" })).toBeNull();
  });
});

function aShopConfigInit() {
  return { isAddOnShop: false, paymentProvider: "test" as const };
}

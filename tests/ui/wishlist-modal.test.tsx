// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_API, CART_ID_STORE } from "../../application/ports/tokens.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import type { Product } from "../../domain/product.schema.ts";
import { WishlistModal } from "../../ui/items/wishlist-modal.tsx";
import { RandomProvider } from "../../ui/common/random.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PRODUCTS: ReadonlyArray<Product> = [
  aProduct(), // Weekend ticket: € 215,00 a line (€ 229,50 minus € 10,00 service costs and € 4,50 entertainment fee)
  aProduct({ id: "ll_ticket_sunday", name: "Sunday ticket", title: "Sunday ticket", soldOut: true, stock: 0 }),
  aProduct({ id: "ll_bus_ams", name: "Bus from Amsterdam", title: undefined, type: "transportation", price: 15, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_extra_locker", name: "Locker", title: undefined, type: "extras", price: 17.5, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_tshirt_m", name: "T-shirt M", title: undefined, type: "merchandise", price: 25, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_membership", name: "Membership", title: undefined, type: "membership", price: 10, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
];

/** A saved wishlist listed out of the spec's order, with a sold-out ticket, a membership and a product the shop no longer sells. */
const WISHLIST = { ll_tshirt_m: 1, ll_extra_locker: 1, ll_membership: 1, ll_bus_ams: 2, ll_ticket_weekend: 2, ll_ticket_sunday: 1, ll_gone: 3 };

/** A cart of the visitor holding 3 lockers. */
const LOCKER_CART: Cart = {
  id: "00000000-0000-4000-8000-000000000001", status: "shopping", timeout: 900, products: { ll_extra_locker: 3 },
  totalAmount: 5250 as Cents, totalAmountExcludingServiceCosts: 5250 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
};

/** Renders the modal in the demo shop with the random source fixed to `random` (0: the shortest wait, 1 s), the visitor's cart `cart` (none by default) in the cart fake. */
const modal = (setup: Partial<ShellSetup> & { random?: number; wishlist?: Record<string, number> } = {}) => {
  const onClose = vi.fn();
  const cartApi = new InMemoryCartApi([...PRODUCTS], 10);
  const cartIds = new InMemoryCartIdStore();
  if (setup.cart) {
    cartApi.carts.set(setup.cart.id, setup.cart);
    cartIds.set(SHOP.slug, setup.cart.id);
  }
  const view = renderInShop(
    <RandomProvider random={() => setup.random ?? 0}>
      <WishlistModal wishlist={setup.wishlist ?? WISHLIST} onClose={onClose} />
    </RandomProvider>,
    {
      path: "/lowlands-lights/tickets",
      products: PRODUCTS,
      register: (di) => {
        di.register(CART_API, { useValue: cartApi });
        di.register(CART_ID_STORE, { useValue: cartIds });
      },
      ...setup,
    },
  );
  return { ...view, onClose, cartApi };
};

/** Each row of the table as its cells' texts joined by a space. */
const rowsText = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.children].map((cell) => cell.textContent).join(" "));

describe("WishlistModal (spec §2 Other layers, §4 Modals and loading)", () => {
  it("shows a spinner for the random wait (5.5 s for 0.5), then the wishlist", async () => {
    vi.useFakeTimers();
    modal({ random: 0.5 });
    const dialog = screen.getByRole("dialog", { name: "Your wishlist" });
    expect(within(dialog).getByRole("progressbar", { name: "Loading your wishlist" })).toBeTruthy();
    expect(within(dialog).queryByRole("table")).toBeNull();
    await act(async () => vi.advanceTimersByTime(5499));
    expect(within(dialog).getByRole("progressbar", { name: "Loading your wishlist" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Put in my cart" })).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(within(dialog).queryByRole("progressbar")).toBeNull();
    expect(within(dialog).getByRole("table", { name: "Your wishlist" })).toBeTruthy();
  });

  it("groups the products on sale in the spec's order with count, price and total, then the fee rows and the grand total", async () => {
    modal();
    const table = await screen.findByRole("table", { name: "Your wishlist" }, { timeout: 3000 });
    expect(rowsText(table)).toEqual([
      "Product Quantity Price Total",
      "Tickets",
      "Weekend ticket 2 € 215,00 € 430,00",
      "Organised Bus Transport",
      "Bus from Amsterdam 2 € 15,00 € 30,00",
      "Extras & other experiences",
      "Locker 1 € 17,50 € 17,50",
      "Merchandise",
      "T-shirt M 1 € 25,00 € 25,00",
      "Service fee € 20,00",
      "Order fee € 5,00",
      "Entertainment tax € 9,00",
      "Total € 536,50",
    ]);
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(
      expect.arrayContaining(["Product", "Quantity", "Price", "Total", "Tickets", "Merchandise"]),
    );
    // The sold-out Sunday ticket is named, the product the shop no longer sells and the membership are not listed.
    expect(screen.getByTestId("wishlist-sold-out").textContent).toBe("Sold out, so not in the list: Sunday ticket.");
    expect(screen.getByRole("dialog").textContent).not.toMatch(/Membership|ll_gone/);
  });

  it("puts the listed products in the cart (creating it) with a sale's button, then closes", async () => {
    const { onClose, cartApi, queryClient } = modal({ cart: null });
    fireEvent.click(await screen.findByRole("button", { name: "Put in my cart" }, { timeout: 3000 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct")).map((c) => c.split(" ").slice(2).join(" "))).toEqual([
      "ll_tshirt_m 1",
      "ll_extra_locker 1",
      "ll_bus_ams 2",
      "ll_ticket_weekend 2",
    ]);
    expect(queryClient.getQueryData<Cart>(shopKeys.cart(SHOP.slug))?.products).toEqual({ ll_tshirt_m: 1, ll_extra_locker: 1, ll_bus_ams: 2, ll_ticket_weekend: 2 });
  });

  it("restores the wishlist in pre-registration: the cart becomes the wishlist", async () => {
    const { onClose, cartApi, queryClient } = modal({ config: { preregistration: true }, cart: LOCKER_CART, wishlist: { ll_ticket_weekend: 2 } });
    expect(screen.queryByRole("button", { name: "Put in my cart" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Restore my wishlist" }, { timeout: 3000 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct")).map((c) => c.split(" ").slice(2).join(" "))).toEqual(["ll_extra_locker 0", "ll_ticket_weekend 2"]);
    expect(queryClient.getQueryData<Cart>(shopKeys.cart(SHOP.slug))?.products).toEqual({ ll_ticket_weekend: 2 });
  });

  it("closes and shows the error dialog's 5004 when the cart refuses the tickets", async () => {
    const { onClose } = modal({ wishlist: { ll_ticket_weekend: 11 } });
    fireEvent.click(await screen.findByRole("button", { name: "Put in my cart" }, { timeout: 3000 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const error = await screen.findByRole("dialog", { name: "Too many tickets" });
    expect(error.textContent).toContain("You can order at most 10 tickets.");
  });

  it("says so and offers no fill button when nothing of the wishlist is on sale any more", async () => {
    modal({ wishlist: { ll_ticket_sunday: 2, ll_gone: 1 } });
    expect(await screen.findByText("None of the products of your wishlist is on sale any more.", undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Put in my cart" })).toBeNull();
  });

  it("closes with Close and with Escape, even while the spinner shows", async () => {
    const first = modal();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const second = modal();
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Your wishlist" }), { key: "Escape" });
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });
});

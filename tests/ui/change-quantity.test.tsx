// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopApi } from "../../application/ports/shop-api.port.ts";
import { SHOP_API } from "../../application/ports/tokens.ts";
import { ShopApiError } from "../../application/errors.ts";
import userEvent from "@testing-library/user-event";
import type { Cart } from "../../domain/cart.schema.ts";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { useCart, useChangeQuantity, useProducts } from "../../ui/shop/shop-context.tsx";
import { ToastProvider } from "../../ui/shell/toasts.tsx";
import { ItemQuantity } from "../../ui/items/item-quantity.tsx";
import { useItemCart } from "../../ui/items/use-item-cart.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const ticket = aProduct({ stock: 10 });

/** A Shop API whose products answer with the stock of `stock()` at the time of the call, or fail when `failing(n)` holds for the n-th call (from 1). */
const stockApi = (stock: () => number, failing: (call: number) => boolean = () => false) => {
  const calls: string[] = [];
  const api = {
    listShops: () => Effect.succeed([]),
    getShop: () => Effect.die("not used"),
    getProducts: () => {
      calls.push("getProducts");
      return failing(calls.length) ? Effect.fail(new ShopApiError({ status: 503, code: "unavailable", message: "try again" })) : Effect.succeed([{ ...ticket, stock: stock() }]);
    },
  } as unknown as ShopApi;
  return { api, calls };
};

/** What the item screens read, written down at every render: the cart's quantity of the ticket and its stock. */
function Probe({ renders }: { renders: string[] }) {
  const cart = useCart();
  const products = useProducts();
  const change = useChangeQuantity();
  renders.push(`${cart.data?.products[ticket.id] ?? 0} in cart, stock ${products.data?.[0]?.stock ?? "?"}`);
  return (
    <button type="button" onClick={() => change.mutate({ productId: ticket.id, quantity: 2 })}>
      {change.isPending ? "updating" : "idle"}
    </button>
  );
}

describe("useChangeQuantity (spec §4 Shop update state: a cart change refreshes the cart and product stock)", () => {
  it("shows the cart's answer and the refreshed stock in the same render, once the write is done", async () => {
    let stock = 10;
    const { api, calls } = stockApi(() => stock);
    const renders: string[] = [];
    renderInShop(<Probe renders={renders} />, { path: "/lowlands-lights/tickets", products: [ticket], register: (di) => di.register(SHOP_API, { useValue: api }) });
    stock = 8; // the server holds the two tickets
    screen.getByRole("button").click();
    await waitFor(() => expect(renders.at(-1)).toBe("2 in cart, stock 8"));
    expect(screen.getByRole("button").textContent).toBe("idle");
    // Never the new cart with the old stock (a render more, and a moment where both are shown out of step).
    expect(renders).not.toContain("2 in cart, stock 10");
    expect(calls).toEqual(["getProducts"]);
  });

  it("keeps the cart's answer when the stock refresh fails, logs the failure and reads the stock again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { api, calls } = stockApi(() => 8, (call) => call === 1); // the refresh right after the write fails
    const renders: string[] = [];
    renderInShop(<Probe renders={renders} />, { path: "/lowlands-lights/tickets", products: [ticket], register: (di) => di.register(SHOP_API, { useValue: api }) });
    screen.getByRole("button").click();
    await waitFor(() => expect(renders.at(-1)).toBe("2 in cart, stock 8"));
    expect(calls).toEqual(["getProducts", "getProducts"]);
    expect(warn).toHaveBeenCalledWith("stock refresh failed", expect.objectContaining({ code: "unavailable" }));
    warn.mockRestore();
  });
});

/** A ticket's quantity control as the item screens wire it (useItemCart). */
function TicketControl() {
  const items = useItemCart();
  const product = items?.products[0];
  return items && product ? <ItemQuantity product={product} {...items.quantityProps(product)} /> : null;
}

describe("the ticket picker's choice over the cap (spec §5 Quantities: 5004 and clamps)", () => {
  it("shows 5004 naming the cap and puts the cap in the cart", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderInShop(<ToastProvider><TicketControl /></ToastProvider>, { path: "/lowlands-lights/tickets", products: [aProduct({ stock: 50 })] });
    await user.click(await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 }));
    await user.click(await screen.findByRole("option", { name: "11" }, { timeout: 10_000 }));
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(dialog.getAttribute("data-code")).toBe("5004");
    expect(dialog.textContent).toContain("You can order at most 10 tickets.");
    expect(queryClient.getQueryData<Cart>(shopKeys.cart("lowlands-lights"))?.products).toEqual({ [ticket.id]: 10 });
  });
});

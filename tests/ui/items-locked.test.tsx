// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import { MerchandiseRoute } from "../../ui/merchandise/merchandise.route.tsx";
import { ToastProvider } from "../../ui/shell/toasts.tsx";
import { ItemQuantity } from "../../ui/items/item-quantity.tsx";
import { TicketsRoute } from "../../ui/tickets/tickets.route.tsx";
import { aCart, aCartInPayment, aConfirmedCart, aProduct } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const weekend = aProduct();
const saturday = aProduct({ id: "ll_ticket_saturday", name: "Saturday ticket", title: "Saturday ticket", price: 99.5 });
const cap = aProduct({ id: "ll_cap_onesize", name: "Lowlands Lights cap", title: undefined, type: "merchandise", price: 19.95, stock: 80, maxQuantity: 5, meta: { vendorVariantTitle: "ONE SIZE" } });

const ticketsWith = (cart: Cart) => renderInShop(<ToastProvider><TicketsRoute /></ToastProvider>, { path: "/lowlands-lights/tickets", products: [weekend, saturday], cart });

describe("item screens with a cart that can no longer change (spec §4 Cart status)", () => {
  it("offers Remove on a ticket in a shopping cart", async () => {
    ticketsWith(aCart());
    const card = (await screen.findByRole("heading", { name: "Weekend ticket" })).closest("article")!;
    expect(card.querySelector("button.button:not(.select-trigger)")?.textContent).toBe("Remove");
  });

  it("hides Remove, Add and the quantity select while the cart is in payment, and says why", async () => {
    ticketsWith(aCartInPayment());
    await screen.findByRole("heading", { name: "Weekend ticket" });
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add to cart|Update cart/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Quantity/ })).toBeNull();
    expect(screen.getByText("2 in cart")).toBeTruthy();
    expect(screen.getAllByText("Your order is awaiting payment and can no longer be changed.")).toHaveLength(2);
  });

  it("says the order is complete once the cart is confirmed", async () => {
    ticketsWith(aConfirmedCart());
    await screen.findByRole("heading", { name: "Weekend ticket" });
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.getAllByText("Your order is complete and can no longer be changed.")).toHaveLength(2);
  });

  it("locks the merchandise screen's add button too", async () => {
    renderInShop(<ToastProvider><MerchandiseRoute /></ToastProvider>, { path: "/lowlands-lights/merchandise", products: [cap], cart: aCartInPayment({ products: { ll_cap_onesize: 1 } }) });
    expect(await screen.findByText("1 in cart")).toBeTruthy();
    expect(screen.getByText("Your order is awaiting payment and can no longer be changed.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add to cart|Remove/ })).toBeNull();
  });

  it("shows no stepper buttons for a locked cart in stepper mode", () => {
    const onChange = vi.fn();
    renderWithIntl(<ItemQuantity product={weekend} inCart={1} max={9} mode="stepper" pending={false} locked="in_payment" onChangeQuantity={onChange} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Your order is awaiting payment and can no longer be changed.")).toBeTruthy();
  });
});

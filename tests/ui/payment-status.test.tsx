// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CART_API } from "../../application/ports/tokens.ts";
import { PaymentStatusRoute } from "../../ui/checkout/payment-status.route.tsx";
import { InMemoryCartApi } from "../support/in-memory-ports.ts";
import { aCart } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

/** The payment status page at `query` for a cart back to shopping with nothing in it (its hold ended). */
const renderStatus = (query: string) => {
  const cartApi = new InMemoryCartApi([]);
  const cart = { ...aCart(), products: {} };
  cartApi.carts.set(cart.id, cart);
  renderInShop(<PaymentStatusRoute />, { path: `/lowlands-lights/paymentstatus?cart=${cart.id}&${query}`, register: (di) => di.register(CART_API, { useValue: cartApi }) });
};

describe("payment status page (spec §2 Checkout panel and payment, §8)", () => {
  it("tells a visitor whose late payment found the stock gone 5000 sold out, and that the payment is refunded", async () => {
    renderStatus("status=canceled&code=5000");
    const dialog = await screen.findByRole("dialog");
    expect(dialog.getAttribute("data-code")).toBe("5000");
    expect(dialog.textContent).toContain("This product is sold out.");
    expect(await screen.findByText(/your payment is refunded/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows a plain canceled payment without a sold-out message", async () => {
    renderStatus("status=canceled");
    expect(await screen.findByText("You canceled the payment. Your tickets are still in your cart.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

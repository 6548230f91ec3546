import { describe, expect, it } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { paymentOutcome } from "../../ui/checkout/payment-status.route.tsx";

const cart = (status: Cart["status"]): Cart => ({
  id: "c", status, timeout: 100, products: {}, totalAmount: 0 as Cents, totalAmountExcludingServiceCosts: 0 as Cents,
  checkoutAllowed: true, checkoutErrors: [], order: null,
});

describe("paymentOutcome", () => {
  it("is completed when the cart is confirmed, whatever the returned status says", () => {
    expect(paymentOutcome(cart("confirmed"), "failed")).toBe("completed");
  });
  it("is pending while the cart is in payment", () => {
    expect(paymentOutcome(cart("in_payment"), "pending")).toBe("pending");
  });
  it("tells failed from canceled for a cart back in shopping", () => {
    expect(paymentOutcome(cart("shopping"), "failed")).toBe("failed");
    expect(paymentOutcome(cart("shopping"), "canceled")).toBe("canceled");
  });
  it("is error without a cart or with an unknown status", () => {
    expect(paymentOutcome(null, "completed")).toBe("error");
    expect(paymentOutcome(cart("shopping"), "completed")).toBe("error");
  });
});

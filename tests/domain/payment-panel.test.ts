import { describe, expect, test } from "vitest";
import { shouldAutoCloseCart } from "../../domain/cart-panel.ts";
import { keepSelectedMethod, paymentPanel, payButton } from "../../domain/payment-panel.ts";

describe("cart and payment panels (spec §4 Cart status, Payment panel)", () => {
  test("closes by itself when empty or holding only insurance", () => {
    expect(shouldAutoCloseCart([])).toBe(true);
    expect(shouldAutoCloseCart(["insurance"])).toBe(true);
    expect(shouldAutoCloseCart(["insurance", "ticket"])).toBe(false);
  });

  test("shows a spinner, the method form or the finalize button", () => {
    expect(paymentPanel(null)).toEqual({ _tag: "Spinner" });
    expect(paymentPanel({ paymentUri: null })).toEqual({ _tag: "Form" });
    expect(paymentPanel({ paymentUri: "https://pay" })).toEqual({ _tag: "Finalize", paymentUri: "https://pay" });
    expect(payButton([{ name: "No payment required" }])).toEqual({ hideTotal: true, labelKey: "payment.complete_order" });
    expect(payButton([{ name: "iDEAL" }])).toEqual({ hideTotal: false, labelKey: "payment.pay_now" });
    expect(keepSelectedMethod("ideal", [{ uid: "card" }])).toBeNull();
    expect(keepSelectedMethod("card", [{ uid: "card" }])).toBe("card");
  });
});

describe("pay button and selected method edges (spec §4 Payment panel)", () => {
  test("hides the total only when 'no payment required' is the one method, whatever its case and padding", () => {
    expect(payButton([{ name: "  NO PAYMENT REQUIRED " }])).toEqual({ hideTotal: true, labelKey: "payment.complete_order" });
    expect(payButton([{ name: "No payment required" }, { name: "iDEAL" }])).toEqual({ hideTotal: false, labelKey: "payment.pay_now" });
    expect(payButton([])).toEqual({ hideTotal: false, labelKey: "payment.pay_now" });
  });

  test("keeps no selection when none was made, and a kept one among several methods", () => {
    expect(keepSelectedMethod(null, [{ uid: "card" }])).toBeNull();
    expect(keepSelectedMethod("card", [{ uid: "ideal" }, { uid: "card" }])).toBe("card");
  });

  test("shows the method form for an order whose payment link is empty", () => {
    expect(paymentPanel({ paymentUri: "" })).toEqual({ _tag: "Form" });
  });
});

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { chooseRefund, initialRefundChoice, insurancePurchasedEarlier, isRefundChoiceMade } from "../../domain/refund-choice.ts";

describe("refund choice", () => {
  test("starts made in an add-on shop without earlier insurance, else unmade", () => {
    expect(initialRefundChoice(true, false)).toEqual({ _tag: "Made", insured: false });
    expect(initialRefundChoice(true, true)).toEqual({ _tag: "Unmade" });
    expect(initialRefundChoice(false, false)).toEqual({ _tag: "Unmade" });
  });

  test.prop([fc.string({ minLength: 1 }), fc.boolean()])("adds one insurance item for yes and sets 0 for no", (id, yes) => {
    expect(chooseRefund(id, yes)).toEqual({ choice: { _tag: "Made", insured: yes }, update: { productId: id, quantity: yes ? 1 : 0 } });
  });

  const purchase = fc.record({ type: fc.constantFrom("ticket", "extras", "insurance", "travel", "merchandise") });

  test.prop([fc.array(purchase)])("counts an earlier order as insured exactly when one of its purchases is insurance", (purchases) => {
    expect(insurancePurchasedEarlier(purchases)).toBe(purchases.some((p) => p.type === "insurance"));
  });

  test.prop([fc.array(purchase), fc.boolean()])(
    "in an add-on shop the choice counts as made before any answer when no insurance was purchased earlier (spec §4 Refund choice)",
    (earlier, cartHasInsurance) => {
      const made = isRefundChoiceMade(initialRefundChoice(true, insurancePurchasedEarlier(earlier)), cartHasInsurance);
      expect(made).toBe(!earlier.some((p) => p.type === "insurance") || cartHasInsurance);
    },
  );

  test.prop([fc.array(purchase)])("outside an add-on shop an unanswered choice is never made by earlier orders", (earlier) => {
    expect(isRefundChoiceMade(initialRefundChoice(false, insurancePurchasedEarlier(earlier)), false)).toBe(false);
  });
});

describe("refund choice made", () => {
  test("counts as made once answered or when the cart already holds insurance", () => {
    expect(isRefundChoiceMade({ _tag: "Unmade" }, false)).toBe(false);
    expect(isRefundChoiceMade({ _tag: "Unmade" }, true)).toBe(true);
    expect(isRefundChoiceMade({ _tag: "Made", insured: false }, false)).toBe(true);
    expect(isRefundChoiceMade({ _tag: "Made", insured: true }, true)).toBe(true);
  });
});

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { chooseRefund, initialRefundChoice, isRefundChoiceMade } from "../../domain/refund-choice.ts";

describe("refund choice", () => {
  test("starts made in an add-on shop without earlier insurance, else unmade", () => {
    expect(initialRefundChoice(true, false)).toEqual({ _tag: "Made", insured: false });
    expect(initialRefundChoice(true, true)).toEqual({ _tag: "Unmade" });
    expect(initialRefundChoice(false, false)).toEqual({ _tag: "Unmade" });
  });

  test.prop([fc.string({ minLength: 1 }), fc.boolean()])("adds one insurance item for yes and sets 0 for no", (id, yes) => {
    expect(chooseRefund(id, yes)).toEqual({ choice: { _tag: "Made", insured: yes }, update: { productId: id, quantity: yes ? 1 : 0 } });
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

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { chooseRefund, initialRefundChoice } from "../../domain/refund-choice.ts";

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

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { placedOrderQuery } from "../../domain/placed-order-query.ts";

describe("checkout query after placing the order (spec §4 Placing an order)", () => {
  const key = fc.constantFrom("utm_source", "utm_x", "idt_oss_order_id", "access_id", "cartToken", "policyId", "cartId", "route", "slug", "token", "cart", "other");
  test.prop([fc.array(fc.tuple(key, fc.string()), { maxLength: 8 })])(
    "starts with cart, token and provider, then keeps exactly the utm_, upgrade-link and deep-link cart token and policy parameters in order",
    (pairs) => {
      const current = new URLSearchParams(pairs);
      const next = placedOrderQuery(current, { cartId: "c1", token: "t1", provider: "test" });
      const entries = [...next];
      expect(entries.slice(0, 3)).toEqual([["cart", "c1"], ["token", "t1"], ["provider", "test"]]);
      const kept = pairs.filter(([k]) => k.startsWith("utm_") || ["idt_oss_order_id", "access_id", "cartToken", "policyId"].includes(k));
      expect(entries.slice(3)).toEqual(kept);
    },
  );
});

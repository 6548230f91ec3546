import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { upsellProducts, upsellStepOf } from "../../domain/upsell.ts";
import { aProduct } from "../support/object-mother.ts";

const shirt = (size: string, stock = 10) =>
  aProduct({ id: `ll_tshirt_${size}`, name: `T-shirt ${size}`, type: "merchandise", isUpsell: true, stock, soldOut: false, meta: {} });
const cap = aProduct({ id: "ll_cap_one", name: "Cap", type: "merchandise", isUpsell: true, meta: {} });
const parking = aProduct({ id: "ll_parking", name: "Parking", type: "extras", isUpsell: true, meta: {} });
const plain = aProduct({ id: "ll_ticket_day", name: "Day ticket", isUpsell: false });
const products = [shirt("s"), shirt("m"), shirt("l", 0), cap, parking, plain];

describe("upsell (spec §2 Basket screen, §4 Upsell)", () => {
  it("offers upsell products not in the cart, one tile per merchandise group, none sold out", () => {
    expect(upsellProducts(products, {}).map((p) => p.id)).toEqual(["ll_tshirt_s", "ll_cap_one", "ll_parking"]);
  });

  it("leaves out a merchandise group already in the cart", () => {
    expect(upsellProducts(products, { ll_tshirt_m: 1 }).map((p) => p.id)).toEqual(["ll_cap_one", "ll_parking"]);
  });

  it("links merchandise to the merchandise route and extras to the extras route", () => {
    expect(upsellStepOf(cap)).toBe("merchandise");
    expect(upsellStepOf(parking)).toBe("extras");
    expect(upsellStepOf({ type: "insurance" })).toBeNull();
  });

  test.prop([fc.subarray(products.map((p) => p.id))])("never offers a product that is in the cart", (ids) => {
    const cart = Object.fromEntries(ids.map((id) => [id, 1]));
    for (const p of upsellProducts(products, cart)) expect(cart[p.id]).toBeUndefined();
  });
});

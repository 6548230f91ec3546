import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { opensUpsellPanel, upsellContinueStep, upsellOffersOf, upsellProducts, upsellStepOf } from "../../domain/upsell.ts";
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

  it("offers each upsell product with the route its tile links to, leaving out a type without a screen", () => {
    const insurance = aProduct({ id: "ll_insurance", name: "Refund protection", type: "insurance", isUpsell: true, meta: {} });
    expect(upsellOffersOf([...products, insurance], {}).map(({ product, step }) => [product.id, step])).toEqual([
      ["ll_tshirt_s", "merchandise"],
      ["ll_cap_one", "merchandise"],
      ["ll_parking", "extras"],
    ]);
    expect(upsellOffersOf([insurance], {})).toEqual([]);
  });

  it("offers the shop's configured upsellProducts in their order, with the tile's name and highlight, and not the isUpsell flag (spec §3)", () => {
    const configured = [
      { id: "ll_ticket_day", type: "ticket", tileName: "Add a day ticket", highLighted: true },
      { id: "ll_parking", type: "extras" },
      { id: "ll_unknown", type: "extras" },
      { id: "ll_tshirt_l", type: "merchandise" },
    ];
    expect(upsellOffersOf(products, {}, configured).map(({ product, step, tileName, highlighted }) => [product.id, step, tileName, highlighted])).toEqual([
      ["ll_ticket_day", "tickets", "Add a day ticket", true],
      ["ll_parking", "extras", parking.title ?? parking.name, false],
    ]);
    expect(upsellProducts(products, { ll_parking: 1 }, configured).map((p) => p.id)).toEqual(["ll_ticket_day"]);
  });

  test.prop([fc.subarray(products.map((p) => p.id))])("never offers a product that is in the cart", (ids) => {
    const cart = Object.fromEntries(ids.map((id) => [id, 1]));
    for (const p of upsellProducts(products, cart)) expect(cart[p.id]).toBeUndefined();
  });
});

describe("upsell panel (spec §4 Upsell and toasts)", () => {
  const opening = { upsell: "Yes", step: "tickets", totalBefore: 0, totalAfter: 22950, offers: 3 } as const;
  const facts = fc.record({
    upsell: fc.constantFrom("Yes" as const, "No" as const),
    step: fc.constantFrom("tickets", "merchandise", "extras", "checkout", null),
    totalBefore: fc.option(fc.nat(100_000), { nil: undefined }),
    totalAfter: fc.nat(100_000),
    offers: fc.nat(5),
  });

  it("opens when the total rises on the tickets route of an upsell shop with something to offer", () => {
    expect(opensUpsellPanel(opening)).toBe(true);
  });

  it("stays shut on the first cart seen, in a shop with upsell No, off the tickets route and with nothing to offer", () => {
    expect(opensUpsellPanel({ ...opening, totalBefore: undefined })).toBe(false);
    expect(opensUpsellPanel({ ...opening, upsell: "No" })).toBe(false);
    expect(opensUpsellPanel({ ...opening, step: "checkout" })).toBe(false);
    expect(opensUpsellPanel({ ...opening, offers: 0 })).toBe(false);
  });

  test.prop([facts])("never opens unless the total rose", (f) => {
    if (f.totalBefore === undefined || f.totalAfter <= f.totalBefore) expect(opensUpsellPanel(f)).toBe(false);
  });

  test.prop([facts])("opens only in an upsell shop on the tickets route, and a larger rise or more offers keep it opening", (f) => {
    if (!opensUpsellPanel(f)) return;
    expect(f.upsell).toBe("Yes");
    expect(f.step).toBe("tickets");
    expect(opensUpsellPanel({ ...f, totalAfter: f.totalAfter + 1, offers: f.offers + 1 })).toBe(true);
  });

  it("continues to the step after tickets, to merchandise when tickets is not in the flow, and to checkout after the last step", () => {
    expect(upsellContinueStep(["tickets", "packages", "merchandise"])).toBe("packages");
    expect(upsellContinueStep(["membership", "merchandise", "extras"])).toBe("merchandise");
    expect(upsellContinueStep(["tickets"])).toBe("checkout");
  });
});

describe("upsell edges (spec §4 Upsell)", () => {
  it("still offers a product whose cart line is at zero", () => {
    expect(upsellProducts(products, { ll_cap_one: 0 }).map((p) => p.id)).toContain("ll_cap_one");
  });

  it("groups merchandise only: two extras sharing an id part are two tiles", () => {
    const a = aProduct({ id: "ll_park_a", name: "Parking A", type: "extras", isUpsell: true, meta: {} });
    const b = aProduct({ id: "ll_park_b", name: "Parking B", type: "extras", isUpsell: true, meta: {} });
    expect(upsellProducts([a, b], {}).map((p) => p.id)).toEqual(["ll_park_a", "ll_park_b"]);
    expect(upsellProducts([a, b], { ll_park_a: 1 }).map((p) => p.id)).toEqual(["ll_park_b"]);
  });

  it("stays shut when the total did not change", () => {
    expect(opensUpsellPanel({ upsell: "Yes", step: "tickets", totalBefore: 22950, totalAfter: 22950, offers: 3 })).toBe(false);
  });
});

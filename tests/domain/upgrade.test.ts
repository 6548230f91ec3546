import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ProductType } from "../../domain/product.schema.ts";
import { membershipDiscountHolds, productTypesInCart, upgradeDiscountOf, upgradeUnlockOffer, type UpgradeFacts } from "../../domain/upgrade.ts";

const unlockable: UpgradeFacts = { upgradeMode: true, upgradableOrder: { discount: { priceAmount: 1000 }, unlockMembershipDiscount: true }, cartTypes: ["upgrade"] };

const facts = fc.record({
  upgradeMode: fc.boolean(),
  upgradableOrder: fc.option(
    fc.record(
      {
        discount: fc.record({ priceAmount: fc.nat(50_000) }),
        unlockMembershipDiscount: fc.boolean(),
        hasMembershipDiscount: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
  cartTypes: fc.subarray([...ProductType.literals]),
});

describe("upgrade-unlock banner and membership discount (spec §2 Basket screen, §3 upgradableOrder, §9)", () => {
  it("offers the discount when a membership would unlock it, and stops once a membership is in the cart", () => {
    expect(upgradeUnlockOffer(unlockable)).toBe(1000);
    expect(upgradeUnlockOffer({ ...unlockable, cartTypes: ["upgrade", "membership"] })).toBeNull();
  });

  it("takes the discount off an upgrade once the membership discount holds", () => {
    expect(upgradeDiscountOf(unlockable)).toBe(0);
    expect(upgradeDiscountOf({ ...unlockable, cartTypes: ["upgrade", "membership"] })).toBe(1000);
    expect(upgradeDiscountOf({ ...unlockable, upgradableOrder: { discount: { priceAmount: 750 }, hasMembershipDiscount: true } })).toBe(750);
    expect(upgradeDiscountOf({ ...unlockable, upgradableOrder: { discount: { priceAmount: 750 }, hasMembershipDiscount: true }, cartTypes: ["ticket"] })).toBe(0);
  });

  it("shows nothing outside upgrade mode", () => {
    expect(upgradeUnlockOffer({ ...unlockable, upgradeMode: false })).toBeNull();
    expect(upgradeDiscountOf({ ...unlockable, upgradeMode: false, cartTypes: ["upgrade", "membership"] })).toBe(0);
  });

  test.prop([facts])("the banner and the discount never show together: the banner offers what the discount does not give yet", (f) => {
    const offer = upgradeUnlockOffer(f);
    if (offer !== null) {
      expect(upgradeDiscountOf(f)).toBe(0);
      expect(offer).toBeGreaterThan(0);
      // Adding a membership (what the banner asks) ends the banner and, with an upgrade in the cart, gives the discount.
      const withMembership = { ...f, cartTypes: [...f.cartTypes, "membership" as const, "upgrade" as const] };
      expect(upgradeUnlockOffer(withMembership)).toBeNull();
      expect(upgradeDiscountOf(withMembership)).toBe(offer);
    }
  });

  test.prop([facts])("the discount is never negative and never more than the order's priceAmount, and 0 outside upgrade mode", (f) => {
    const discount = upgradeDiscountOf(f);
    expect(discount).toBeGreaterThanOrEqual(0);
    expect(discount).toBeLessThanOrEqual(f.upgradableOrder?.discount?.priceAmount ?? 0);
    if (!f.upgradeMode) expect(discount).toBe(0);
    if (!f.upgradeMode) expect(membershipDiscountHolds(f)).toBe(false);
  });
});

describe("productTypesInCart", () => {
  const products = [{ id: "t", type: "ticket" as const }, { id: "m", type: "merchandise" as const }, { id: "i", type: "insurance" as const }];

  it("gives the type of each line above zero, leaving out empty lines and unknown ids", () => {
    expect(productTypesInCart(products, { t: 2, m: 0, i: 1, gone: 3 })).toEqual(["ticket", "insurance"]);
    expect(productTypesInCart(products, { m: 1 })).toEqual(["merchandise"]);
    expect(productTypesInCart(products, { t: -1 })).toEqual([]);
    expect(productTypesInCart(products, {})).toEqual([]);
  });
});

describe("membership discount without unlock", () => {
  it("does not hold for a membership in the cart when the order neither has nor unlocks it", () => {
    const order = { hasMembershipDiscount: false, unlockMembershipDiscount: false } as UpgradeFacts["upgradableOrder"];
    expect(membershipDiscountHolds({ upgradeMode: true, upgradableOrder: order, cartTypes: ["membership"] })).toBe(false);
    expect(membershipDiscountHolds({ upgradeMode: true, upgradableOrder: { ...order!, unlockMembershipDiscount: true }, cartTypes: ["membership"] })).toBe(true);
  });
});

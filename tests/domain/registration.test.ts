import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { registrationViewOf, type SsoStatus, type WishlistRead } from "../../domain/registration.ts";
import { SALE_MODE_RULES, type SaleOrder } from "../../domain/sale-mode.ts";

const WISHLIST = SALE_MODE_RULES.Preregistration;

const ssoArb = fc.constantFrom<SsoStatus>("unknown", "unavailable", "anonymous", "user");
const productsArb = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.oneof(fc.integer({ min: -2, max: 6 }), fc.double({ min: 0, max: 3, noNaN: true })));
const wishlistArb: fc.Arbitrary<WishlistRead> = fc.oneof(
  fc.constant<WishlistRead>({ status: "pending" }),
  fc.constant<WishlistRead>({ status: "failed" }),
  fc.option(productsArb, { nil: null }).map((products): WishlistRead => ({ status: "loaded", products })),
);

describe("registrationViewOf (spec §1 pre-registration, §2 Routes, §6, §8 3000 / 3002)", () => {
  test.prop([fc.constantFrom<SaleOrder>("taken", "none"), ssoArb, wishlistArb])("a shop whose cart is no wishlist (not a pre-registration) is Closed, whatever the login and wishlist", (order, sso, wishlist) => {
    expect(registrationViewOf({ rules: { order }, sso, wishlist })).toEqual({ _tag: "Closed" });
  });

  test.prop([wishlistArb])("before the login state is known it is Checking; without single sign-on Unavailable; anonymous LoginNeeded", (wishlist) => {
    expect(registrationViewOf({ rules: WISHLIST, sso: "unknown", wishlist })._tag).toBe("Checking");
    expect(registrationViewOf({ rules: WISHLIST, sso: "unavailable", wishlist })._tag).toBe("Unavailable");
    expect(registrationViewOf({ rules: WISHLIST, sso: "anonymous", wishlist })._tag).toBe("LoginNeeded");
  });

  it("a logged-in user waits for the wishlist (Checking) and sees Failed when it cannot be read", () => {
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "pending" } })._tag).toBe("Checking");
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "failed" } })._tag).toBe("Failed");
  });

  it("no saved wishlist, or one without a product of quantity 1 or more, is NotRegistered (3000)", () => {
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "loaded", products: null } })._tag).toBe("NotRegistered");
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "loaded", products: {} } })._tag).toBe("NotRegistered");
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "loaded", products: { a: 0, b: 0.5 } } })._tag).toBe("NotRegistered");
  });

  it("a saved wishlist with products is Registered with the products of whole quantities of at least 1", () => {
    expect(registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "loaded", products: { a: 2, b: 0, c: 1 } } })).toEqual({
      _tag: "Registered",
      products: { a: 2, c: 1 },
    });
  });

  test.prop([productsArb])("Registered exactly when the wishlist holds a whole quantity of 1 or more, and never lists another", (products) => {
    const view = registrationViewOf({ rules: WISHLIST, sso: "user", wishlist: { status: "loaded", products } });
    const kept = Object.entries(products).filter(([, n]) => Number.isInteger(n) && n >= 1);
    expect(view._tag).toBe(kept.length > 0 ? "Registered" : "NotRegistered");
    if (view._tag === "Registered") expect(view.products).toEqual(Object.fromEntries(kept));
  });
});

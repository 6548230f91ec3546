import { describe, expect, test } from "vitest";
import { isCartChangeable } from "../../domain/cart.ts";
import { showsProfileIcon, wishlistKeyOf } from "../../domain/shop.ts";

describe("profile icon (spec §1, §2 Header)", () => {
  test("is hidden for the two festival brands in any case, shown for the others", () => {
    expect(showsProfileIcon({ brand: "zwartecross" })).toBe(false);
    expect(showsProfileIcon({ brand: "ManaNaManana" })).toBe(false);
    expect(showsProfileIcon({ brand: "lowlands" })).toBe(true);
    expect(showsProfileIcon({ brand: "milkshake" })).toBe(true);
  });

  test("reads ossBrand before brand", () => {
    expect(showsProfileIcon({ brand: "lowlands", ossBrand: "ZwarteCross" })).toBe(false);
    expect(showsProfileIcon({ brand: "zwartecross", ossBrand: "lowlands" })).toBe(true);
  });
});

describe("wishlist key (spec §7 wishlists)", () => {
  test("is the shop's event id and the festival's start year", () => {
    expect(wishlistKeyOf({ apiNamespace: "lowlands-2027", festivalData: { dateStart: "2027-08-20" } } as Parameters<typeof wishlistKeyOf>[0])).toEqual({
      eventId: "lowlands-2027",
      year: 2027,
    });
  });
});

describe("cart status (spec §4 Cart status)", () => {
  test("only a shopping cart may change", () => {
    expect(isCartChangeable("shopping")).toBe(true);
    expect(isCartChangeable("in_payment")).toBe(false);
    expect(isCartChangeable("confirmed")).toBe(false);
    expect(isCartChangeable("")).toBe(false);
  });
});

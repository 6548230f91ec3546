import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { Cents } from "../../domain/money.ts";
import type { ShippingCountry } from "../../domain/shop.schema.ts";
import {
  changeShippingCountry,
  festivalBrandShippingCountries,
  isFestivalBrand,
  OTHER_COUNTRIES_CODE,
  shippingCountriesFor,
  shippingMessageKeys,
  shippingPriceOf,
} from "../../domain/shipping.ts";

const row = (countrycode: string, countryname: string, price: number): ShippingCountry => ({
  countrycode,
  countryname,
  deliverytype: "standard",
  price: price as Cents,
});

/** The spec §9 examples. */
const table: ShippingCountry[] = [
  row("NL", "Netherlands", 599),
  row("BE", "Belgium", 870),
  row("DE", "Germany", 819),
  row("FR", "France", 1072),
  row("GB", "United Kingdom", 3213),
  row("US", "United States", 3402),
  row("AU", "Australia", 5250),
  row("RU", "Russia", 0),
  row("BR", "Brazil", 0),
];

describe("shipping prices", () => {
  test("looks up the spec example prices in cents", () => {
    expect(shippingPriceOf(table, "NL")).toBe(599);
    expect(shippingPriceOf(table, "be")).toBe(870);
    expect(shippingPriceOf(table, "DE")).toBe(819);
    expect(shippingPriceOf(table, "FR")).toBe(1072);
    expect(shippingPriceOf(table, "GB")).toBe(3213);
    expect(shippingPriceOf(table, "US")).toBe(3402);
    expect(Math.max(...table.map((r) => r.price))).toBe(5250);
    expect(shippingPriceOf(table, "XX")).toBeNull();
  });

  test.prop([fc.constantFrom(...table), fc.constantFrom((c: string) => c, (c: string) => c.toLowerCase(), (c: string) => ` ${c.toLowerCase()} `)])(
    "finds a row's price whatever the case and padding of the code (the server prices carts with this lookup)",
    (r, spell) => {
      expect(shippingPriceOf(table, spell(r.countrycode))).toBe(r.price);
    },
  );
});

describe("festival brand list", () => {
  test("offers Netherlands, Belgium, Germany and Other countries at 0", () => {
    const list = festivalBrandShippingCountries(table);
    expect(list.map((r) => r.countrycode)).toEqual(["NL", "BE", "DE", OTHER_COUNTRIES_CODE]);
    expect(list.at(-1)).toMatchObject({ countryname: "Other countries", price: 0 });
    expect(shippingCountriesFor(table, false)).toBe(table);
  });
});

describe("country change", () => {
  test("clears the country and removes merchandise with 5003 when the new country has price 0", () => {
    expect(changeShippingCountry(table, "RU", { festivalBrand: false, merchandiseInCart: ["m1", "m2"] })).toEqual({
      _tag: "Unshippable",
      code: 5003,
      needsConfirm: false,
      country: null,
      price: 0,
      removeProductIds: ["m1", "m2"],
    });
  });

  test("asks the 6007 confirm for the festival brands", () => {
    const r = changeShippingCountry(table, OTHER_COUNTRIES_CODE, { festivalBrand: true, merchandiseInCart: ["m1"] });
    expect(r).toMatchObject({ _tag: "Unshippable", code: 6007, needsConfirm: true });
    expect(changeShippingCountry(table, "FR", { festivalBrand: true, merchandiseInCart: ["m1"] })._tag).toBe("Unshippable");
  });

  test("sets a shippable country with its price", () => {
    expect(changeShippingCountry(table, "fr", { festivalBrand: false, merchandiseInCart: ["m1"] })).toEqual({ _tag: "Changed", country: "FR", price: 1072 });
    expect(changeShippingCountry(table, "RU", { festivalBrand: false, merchandiseInCart: [] })).toEqual({ _tag: "Changed", country: "RU", price: 0 });
  });

  test.prop([fc.constantFrom(...table.map((r) => r.countrycode), "XX", OTHER_COUNTRIES_CODE), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })])(
    "never keeps merchandise with an unshippable country",
    (code, festivalBrand, merch) => {
      const r = changeShippingCountry(table, code, { festivalBrand, merchandiseInCart: merch });
      if (r._tag === "Changed") {
        expect(merch.length === 0 || r.price > 0).toBe(true);
        expect(r.price).toBeGreaterThanOrEqual(0);
      } else {
        expect(r.removeProductIds).toEqual(merch);
        expect(r.code).toBe(festivalBrand ? 6007 : 5003);
        expect(r.country).toBeNull();
      }
    },
  );

  test("shows the shipping error keys, alternate in the at-home shop", () => {
    expect(shippingMessageKeys(0 as Cents, false)).toEqual(["merchandise.shippingerror", "shippingcosts.unfortunately"]);
    expect(shippingMessageKeys(0 as Cents, true)).toEqual(["merchandise.shippingerror", "shippingcosts.alternate"]);
    expect(shippingMessageKeys(599 as Cents, true)).toEqual(["shippingcosts.cost"]);
  });
});

describe("festival brands (spec §1, §9)", () => {
  test("are recognised in any case and padding", () => {
    expect(isFestivalBrand(" ZwarteCross ")).toBe(true);
    expect(isFestivalBrand("MANANAMANANA")).toBe(true);
    expect(isFestivalBrand("lowlands")).toBe(false);
  });
});

describe("festival brand list and a typed country code", () => {
  test("ends with Other countries at price 0 and no delivery type", () => {
    const list = festivalBrandShippingCountries([]);
    expect(list).toEqual([{ countrycode: "OTHER", countryname: "Other countries", deliverytype: "", price: 0 }]);
  });

  test("stores the chosen country code trimmed and upper-cased", () => {
    const table: ShippingCountry[] = [{ countrycode: "NL", countryname: "Nederland", deliverytype: "post", price: 599 as Cents }];
    expect(changeShippingCountry(table, " nl ", { festivalBrand: false, merchandiseInCart: [] })).toEqual({ _tag: "Changed", country: "NL", price: 599 });
  });
});

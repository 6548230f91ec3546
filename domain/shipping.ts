import type { Cents } from "./money.ts";
import type { ShippingCountry } from "./shop.schema.ts";

/** Shipping price of a country code (case-insensitive) in cents, or null when the table has no row for it. spec §9 Shipping. */
export const shippingPriceOf = (table: ReadonlyArray<ShippingCountry>, countrycode: string): Cents | null =>
  table.find((row) => row.countrycode.toUpperCase() === countrycode.trim().toUpperCase())?.price ?? null;

/** The two festival brands: reduced shipping list, Dutch terms, 6007 confirm on an unshippable country. spec §1, §4, §9. */
export const FESTIVAL_BRANDS: ReadonlyArray<string> = ["zwartecross", "mananamanana"];

/** True when the brand (case-insensitive) is one of the two festival brands. spec §1, §9. */
export const isFestivalBrand = (brand: string): boolean => FESTIVAL_BRANDS.includes(brand.trim().toLowerCase());

/** Country codes the two festival brands offer. spec §1, §9. */
export const FESTIVAL_BRAND_COUNTRY_CODES = ["NL", "BE", "DE"] as const;

/** Code of the 'Other countries' row (price 0) of the festival brands' list. */
export const OTHER_COUNTRIES_CODE = "OTHER";

/**
 * The shipping list of the two festival brands: the table rows of NL, BE, DE (in that order, when present) plus an
 * 'Other countries' row (code OTHER, price 0). spec §9 Shipping.
 */
export const festivalBrandShippingCountries = (table: ReadonlyArray<ShippingCountry>): ReadonlyArray<ShippingCountry> => [
  ...FESTIVAL_BRAND_COUNTRY_CODES.flatMap((code) => table.filter((row) => row.countrycode.toUpperCase() === code)),
  { countrycode: OTHER_COUNTRIES_CODE, countryname: "Other countries", deliverytype: "", price: 0 as Cents },
];

/** The shipping list a shop offers: the festival-brand list for those two brands, else the whole table. spec §1, §9. */
export const shippingCountriesFor = (table: ReadonlyArray<ShippingCountry>, festivalBrand: boolean): ReadonlyArray<ShippingCountry> =>
  festivalBrand ? festivalBrandShippingCountries(table) : table;

/** Outcome of a shipping country change. spec §4 Shipping country change. */
export type ShippingCountryChange =
  /** The country is set with its price (cents). */
  | { readonly _tag: "Changed"; readonly country: string; readonly price: Cents }
  /**
   * Price 0 with merchandise in the cart: country and price cleared, the listed merchandise ids removed, with error
   * 5003, or the 6007 confirm (needsConfirm) for the festival brands.
   */
  | {
      readonly _tag: "Unshippable";
      readonly code: 5003 | 6007;
      readonly needsConfirm: boolean;
      readonly country: null;
      readonly price: Cents;
      readonly removeProductIds: ReadonlyArray<string>;
    };

/**
 * Changing the shipping country: a price-0 or unknown country with merchandise in the cart is Unshippable (5003, or
 * 6007 for festival brands), else Changed with the price. spec §4, §8 5003/6007.
 */
export const changeShippingCountry = (
  table: ReadonlyArray<ShippingCountry>,
  countrycode: string,
  options: { readonly festivalBrand: boolean; readonly merchandiseInCart: ReadonlyArray<string> },
): ShippingCountryChange => {
  const list = shippingCountriesFor(table, options.festivalBrand);
  const price = shippingPriceOf(list, countrycode) ?? (0 as Cents);
  if (price <= 0 && options.merchandiseInCart.length > 0) {
    return {
      _tag: "Unshippable",
      code: options.festivalBrand ? 6007 : 5003,
      needsConfirm: options.festivalBrand,
      country: null,
      price: 0 as Cents,
      removeProductIds: [...options.merchandiseInCart],
    };
  }
  return { _tag: "Changed", country: countrycode.trim().toUpperCase(), price };
};

/**
 * Message keys under the country selector: price 0 -> merchandise.shippingerror and shippingcosts.unfortunately
 * (shippingcosts.alternate in the at-home shop); a price -> shippingcosts.cost ('Shipping cost:'). spec §8 Shipping.
 */
export const shippingMessageKeys = (price: Cents, atHomeShop: boolean): ReadonlyArray<string> =>
  price > 0
    ? ["shippingcosts.cost"]
    : ["merchandise.shippingerror", atHomeShop ? "shippingcosts.alternate" : "shippingcosts.unfortunately"];

import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";

/** Product types of the Shop API (spec §3 Product "Types"). */
export const ProductType = Schema.Literals([
  "ticket",
  "extras",
  "membership",
  "merchandise",
  "transportation",
  "bus_travel",
  "travel",
  "hotel",
  "traveladdon",
  "upgrade",
  "insurance",
  "comparetransport",
  "addons",
  "reference",
]);
/** One of the spec §3 product types. */
export type ProductType = typeof ProductType.Type;

/** A product category label in English and Dutch ('TRAVEL TICKETS' marks travel entrance tickets). spec §3. */
export const ProductCategory = Schema.Struct({ en: Schema.String, nl: Schema.optional(Schema.String) });

/** Membership billing period: "Month" (1-month subscription) or "year" (1-year subscription). spec §3 Meta, §9. */
export const MembershipType = Schema.Literals(["Month", "year"]);

/** Product meta of spec §3 (display, fees and taxes in euros on the wire -> cents, quantity, merchandise, transport). */
export const ProductMeta = Schema.Struct({
  image: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  perks: Schema.optional(Schema.Array(Schema.String)),
  additionalTicketText: Schema.optional(Schema.String),
  mergeServiceFees: Schema.optional(Schema.Boolean),
  calculateTouristTax: Schema.optional(Schema.Boolean),
  touristTaxAmount: Schema.optional(EurosAsCents),
  mentionEntertainmentFee: Schema.optional(Schema.Boolean),
  entertainmentFeeAmount: Schema.optional(EurosAsCents),
  minimumQuantity: Schema.optional(Schema.Int),
  overrideSoldout: Schema.optional(Schema.Boolean),
  soldOutText: Schema.optional(Schema.String),
  vendorVariantTitle: Schema.optional(Schema.String),
  ageCheck: Schema.optional(Schema.Boolean),
  productImages: Schema.optional(Schema.Array(Schema.String)),
  isConditionalProduct: Schema.optional(Schema.Boolean),
  conditionalMessage: Schema.optional(Schema.String),
  productDisclaimer: Schema.optional(Schema.String),
  /** Refund protection: percentage of the insured amount (spec §9: e.g. 6.5 for 6.5 %). */
  percentage: Schema.optional(Schema.Finite),
  /** Bus transport: departure city, pickup location and times (ISO local date-time strings). */
  city: Schema.optional(Schema.String),
  country: Schema.optional(Schema.String),
  pickupLocation: Schema.optional(Schema.String),
  departureTime: Schema.optional(Schema.String),
  returnTime: Schema.optional(Schema.String),
  /** Membership billing period: "Month" (1-month subscription) or "year" (1-year subscription). spec §3 Meta, §9. */
  membershipType: Schema.optional(MembershipType),
  /** Category slug of the product (e.g. "packages" for the packages screen). spec §3 Meta. */
  categorySlug: Schema.optional(Schema.String),
  /** Bus transport: how many people the price covers (default 1; the price is per person). spec §2 Transportation card, §9. */
  people: Schema.optional(Schema.Int),
  /** Disclaimer under the price of a transport product. spec §2 Transportation card. */
  priceDisclaimer: Schema.optional(Schema.String),
});
/** Decoded product meta (money in cents). */
export type ProductMeta = typeof ProductMeta.Type;

/**
 * A product as the Shop API v2 GET /products answers it; prices are decimal euros on the wire and Cents once
 * decoded (price, priceExcludingServiceCosts, serviceCosts). `stock` is the current sellable stock. spec §3 Product.
 */
export const Product = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  title: Schema.optional(Schema.String),
  type: ProductType,
  price: EurosAsCents,
  priceExcludingServiceCosts: Schema.optional(EurosAsCents),
  serviceCosts: Schema.optional(EurosAsCents),
  slug: Schema.optional(Schema.String),
  soldOut: Schema.Boolean,
  stockAvailable: Schema.optional(Schema.Boolean),
  stock: Schema.Int,
  minQuantity: Schema.optional(Schema.Int),
  maxQuantity: Schema.optional(Schema.Int),
  isUpsell: Schema.optional(Schema.Boolean),
  isHighlight: Schema.optional(Schema.Boolean),
  categories: Schema.optional(Schema.Array(ProductCategory)),
  meta: Schema.optional(ProductMeta),
});
/** A decoded product (money in cents). */
export type Product = typeof Product.Type;
/** A product as it travels on the wire (money in euros). */
export type ProductEncoded = typeof Product.Encoded;

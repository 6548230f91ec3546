import type { AccessTimeslots } from "../../domain/access-timeslots.ts";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the Lowlands Lights timeslot presale. */
export const TIMESLOT_PRESALE_TOKEN = "sk_demo_8e2c6a0f4b9d41c7a3e5d1f6";

/**
 * The presale's access waves by membership level (spec §6 "Shop access timeslots apply"): gold members now, silver and
 * everyone else in 2030, so anna can shop and lucia, sam and anonymous visitors are refused.
 */
export const TIMESLOT_PRESALE_SLOTS: typeof AccessTimeslots.Encoded = [
  { from: "2026-11-01T10:00:00+01:00", membershipLevels: ["gold"] },
  { from: "2030-06-01T11:00:00+02:00", membershipLevels: ["silver"] },
  { from: "2030-06-01T12:00:00+02:00" },
];

// The stored config carries accessTimeslots beside the fields of ShopConfig; GET /shop never sends it (server/shop/shop-store.ts).
const config: ShopConfigEncoded & { readonly accessTimeslots: typeof AccessTimeslots.Encoded } = {
  slug: "lowlands-timeslots",
  shopToken: TIMESLOT_PRESALE_TOKEN,
  apiNamespace: "lowlands-timeslots-2027",
  title: "Lowlands Lights presale",
  titleFull: "Lowlands Lights 2027 timeslot presale",
  brand: "festival",
  festivalData: {
    title: "Lowlands Lights 2027 timeslot presale",
    dateStart: "2027-08-20",
    dateEnd: "2027-08-22",
    location: "Biddinghuizen, NL",
    heroImage: "/assets/hero-lowlands.jpg",
  },
  shopTheme: { logo: "/assets/logo-lowlands.svg", primaryColor: "#b3541e" },
  previewMode: false,
  preregistration: false,
  stepflow: "No",
  upsell: "No",
  useStepper: false,
  showDetailedServiceFees: false,
  showCovidTerms: false,
  disableRefund: true,
  maxTicketAmount: 4,
  orderServiceFee: 2.5,
  shopInit: { isAddOnShop: false, paymentProvider: "test" },
  shopSettings: {
    fields: {},
    termsConditions: "https://example.com/lowlands-lights/terms",
    privacyPolicy: "https://example.com/lowlands-lights/privacy",
  },
  shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  accessTimeslots: TIMESLOT_PRESALE_SLOTS,
};

/**
 * Lowlands Lights timeslot presale (`lowlands-timeslots`): a sale opened in waves by membership level
 * (domain/access-timeslots.ts); adding a ticket outside one's timeslot is refused (spec §8 3003).
 */
export const LOWLANDS_TIMESLOTS: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config,
  products: [
    {
      id: "llt_ticket_weekend",
      type: "ticket",
      name: "Presale weekend ticket",
      price: 219.5,
      soldOut: false,
      stock: 300,
      maxQuantity: 4,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
      meta: { perks: ["Three festival days", "Camping included"] },
    },
  ],
};

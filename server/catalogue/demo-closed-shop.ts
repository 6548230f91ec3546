import type { AccessTimeslots } from "../../domain/access-timeslots.ts";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the closed Northern Nights 2026 sale. */
export const CLOSED_SALE_TOKEN = "sk_demo_4d9b2e7a1c5f43e8b0a6c2d7";

/** The closed sale's one access wave (spec §6): everyone from 1 March until 1 November 2026 (CET); it has ended, so the shop is closed (spec §8 4000). */
export const CLOSED_SALE_SLOTS: typeof AccessTimeslots.Encoded = [{ from: "2026-03-01T10:00:00+01:00", until: "2026-11-01T00:00:00+01:00" }];

// The stored config carries accessTimeslots beside the fields of ShopConfig; GET /shop never sends it (server/shop/shop-store.ts).
const config: ShopConfigEncoded & { readonly accessTimeslots: typeof AccessTimeslots.Encoded } = {
  slug: "northern-nights-2026",
  shopToken: CLOSED_SALE_TOKEN,
  apiNamespace: "northern-nights-2026",
  title: "Northern Nights 2026",
  titleFull: "Northern Nights 2026 (sale closed)",
  brand: "festival",
  festivalData: { title: "Northern Nights 2026", dateStart: "2026-11-13", dateEnd: "2026-11-14", location: "Groningen, NL", heroImage: "/assets/hero-northern.jpg" },
  shopTheme: { logo: "/assets/logo-northern.svg", primaryColor: "#2e86e4" },
  previewMode: false,
  preregistration: false,
  stepflow: "No",
  upsell: "No",
  useStepper: false,
  showDetailedServiceFees: false,
  showCovidTerms: false,
  disableRefund: true,
  maxTicketAmount: 6,
  orderServiceFee: 3.5,
  shopInit: { isAddOnShop: false, paymentProvider: "test" },
  shopSettings: { fields: {}, termsConditions: "https://example.com/northern-nights/terms", privacyPolicy: "https://example.com/northern-nights/privacy" },
  shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  accessTimeslots: CLOSED_SALE_SLOTS,
};

/**
 * Northern Nights 2026 (`northern-nights-2026`): last year's sale, closed. Its one access wave has ended, so adding a
 * ticket is refused with 4000 "Shop closed" (spec §8; domain/access-timeslots.ts accessRefusal).
 */
export const NORTHERN_NIGHTS_CLOSED: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config,
  products: [
    { id: "nn26_ticket_combi", type: "ticket", name: "Combi ticket 2026", price: 109, soldOut: false, stock: 100, maxQuantity: 6, categories: [{ en: "TICKETS", nl: "TICKETS" }] },
  ],
};

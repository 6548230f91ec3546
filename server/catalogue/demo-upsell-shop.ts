import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the Harbour Sounds demo shop. */
export const HARBOUR_SOUNDS_TOKEN = "sk_demo_3a7f1c9e5d2b46a8c0e4b6d2";

const upsellTicket = (id: string, name: string, price: number, perks: ReadonlyArray<string>): ProductEncoded => ({
  id,
  name,
  title: name,
  type: "ticket",
  price,
  soldOut: false,
  stock: 500,
  maxQuantity: 6,
  categories: [{ en: "TICKETS", nl: "TICKETS" }],
  meta: { perks: [...perks] },
});

/**
 * Harbour Sounds (`harbour-sounds`): a shop with upsell (spec §3 Shop config, §4 Upsell and toasts), a stay package
 * that asks 6003 without a ticket (spec §8), and the `adyen` provider (spec §9).
 */
export const HARBOUR_SOUNDS: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config: {
    slug: "harbour-sounds",
    shopToken: HARBOUR_SOUNDS_TOKEN,
    apiNamespace: "harbour-sounds-2027",
    title: "Harbour Sounds",
    titleFull: "Harbour Sounds 2027",
    brand: "festival",
    festivalData: {
      title: "Harbour Sounds 2027",
      dateStart: "2027-07-02",
      dateEnd: "2027-07-04",
      location: "Rotterdam, NL",
      heroImage: "/assets/hero-northern.jpg",
    },
    shopTheme: { logo: "/assets/logo-northern.svg", primaryColor: "#1f6f8b" },
    previewMode: false,
    preregistration: false,
    stepflow: "Yes",
    upsell: "Yes",
    // spec §3 upsellProducts: the tiles in this order, the locker highlighted with a name of its own.
    upsellProducts: [
      { id: "hs_extra_locker", type: "extras", tileName: "Locker for the weekend, phone charger included", highLighted: true },
      { id: "hs_cap_onesize", type: "merchandise" },
      { id: "hs_hoodie_m", type: "merchandise" },
    ],
    useStepper: false,
    showDetailedServiceFees: false,
    showCovidTerms: false,
    disableRefund: true,
    maxTicketAmount: 6,
    orderServiceFee: 2.5,
    shopInit: { isAddOnShop: false, paymentProvider: "adyen" },
    shopSettings: {
      fields: {},
      termsConditions: "https://example.com/harbour-sounds/terms",
      privacyPolicy: "https://example.com/harbour-sounds/privacy",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  },
  products: [
    upsellTicket("hs_ticket_weekend", "Harbour weekend ticket", 149, ["Three days on the quay", "Free ferry"]),
    upsellTicket("hs_ticket_saturday", "Harbour Saturday ticket", 69, ["Saturday on the quay"]),
    {
      // A stay package without an entrance ticket: ordered alone, the order asks the 6003 question first (spec §5 Order button, §8 6003).
      id: "hs_package_boatel",
      name: "Boatel stay package",
      type: "travel",
      price: 189,
      soldOut: false,
      stock: 40,
      maxQuantity: 4,
      meta: { categorySlug: "packages", description: "Two nights on a boatel moored at the quay, for one person." },
    },
    {
      id: "hs_cap_onesize",
      name: "Harbour Sounds cap",
      type: "merchandise",
      price: 18.5,
      soldOut: false,
      isUpsell: true,
      stock: 100,
      maxQuantity: 4,
      meta: { vendorVariantTitle: "ONE SIZE", image: "/assets/cap.svg", description: "Navy cap with the harbour crane." },
    },
    {
      id: "hs_hoodie_m",
      name: "Harbour Sounds hoodie",
      title: "Harbour Sounds hoodie M",
      type: "merchandise",
      price: 49.5,
      soldOut: false,
      isUpsell: true,
      stock: 40,
      maxQuantity: 3,
      meta: { vendorVariantTitle: "M", image: "/assets/tshirt.svg", description: "Warm hoodie for the evenings on the water." },
    },
    {
      id: "hs_extra_locker",
      name: "Locker for the weekend",
      type: "extras",
      price: 15,
      soldOut: false,
      isUpsell: true,
      stock: 200,
      maxQuantity: 2,
      meta: { description: "A charging locker near the main stage for all three days." },
    },
  ],
};

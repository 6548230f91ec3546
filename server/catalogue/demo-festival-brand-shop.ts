import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the Zwarte Cross demo shop. */
export const ZWARTE_CROSS_TOKEN = "sk_demo_6b0e3f8a2d7c45b1e9a4c8d3";

/**
 * Zwarte Cross (`zwarte-cross`): a festival brand's shop (spec §1, §9) with the short shipping list, whose "Other
 * countries" asks the 6007 confirm before merchandise is removed (spec §4 Shipping country change).
 */
export const ZWARTE_CROSS: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config: {
    slug: "zwarte-cross",
    shopToken: ZWARTE_CROSS_TOKEN,
    apiNamespace: "zwarte-cross-2027",
    title: "Zwarte Cross",
    titleFull: "Zwarte Cross 2027",
    brand: "zwartecross",
    festivalData: { title: "Zwarte Cross 2027", dateStart: "2027-07-15", dateEnd: "2027-07-18", location: "Lichtenvoorde, NL", heroImage: "/assets/hero-lowlands.jpg" },
    shopTheme: { logo: "/assets/logo-zwartecross.svg", primaryColor: "#2b2b2b" },
    previewMode: false,
    preregistration: false,
    stepflow: "No",
    upsell: "No",
    useStepper: false,
    showDetailedServiceFees: false,
    showCovidTerms: false,
    disableRefund: true,
    maxTicketAmount: 6,
    orderServiceFee: 2.5,
    shopInit: { isAddOnShop: false, paymentProvider: "test" },
    shopSettings: { fields: {}, termsConditions: "https://example.com/zwarte-cross/terms", privacyPolicy: "https://example.com/zwarte-cross/privacy" },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  },
  products: [
    { id: "zc_ticket_weekend", type: "ticket", name: "Zwarte Cross weekend ticket", price: 139, soldOut: false, stock: 500, maxQuantity: 6, categories: [{ en: "TICKETS", nl: "TICKETS" }] },
    {
      id: "zc_cap_onesize",
      name: "Zwarte Cross cap",
      type: "merchandise",
      price: 17.5,
      soldOut: false,
      stock: 60,
      maxQuantity: 4,
      meta: { vendorVariantTitle: "ONE SIZE", image: "/assets/cap.svg", description: "Black cap with the festival's flames." },
    },
  ],
};

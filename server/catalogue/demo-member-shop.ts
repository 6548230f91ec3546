import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the Lowlands Lights member sale. */
export const MEMBER_SALE_TOKEN = "sk_demo_9d1a4c7e2f6b48a3c5e0b8d1";

/**
 * Lowlands Lights member sale (`lowlands-members`): a member sale (spec §1 sale modes); with single sign-on a visitor
 * logs in first (spec §6) and the checkout is prefilled from the profile.
 */
export const LOWLANDS_MEMBERS: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config: {
    slug: "lowlands-members",
    shopToken: MEMBER_SALE_TOKEN,
    apiNamespace: "lowlands-members-2027",
    title: "Lowlands Lights members",
    titleFull: "Lowlands Lights 2027 member sale",
    brand: "festival",
    festivalData: {
      title: "Lowlands Lights 2027 member sale",
      dateStart: "2027-08-20",
      dateEnd: "2027-08-22",
      location: "Biddinghuizen, NL",
      heroImage: "/assets/hero-lowlands.jpg",
    },
    shopTheme: { logo: "/assets/logo-lowlands.svg", primaryColor: "#d9480f" },
    previewMode: false,
    membersale: true,
    preregistration: false,
    stepflow: "No",
    upsell: "No",
    useStepper: true,
    showDetailedServiceFees: false,
    showCovidTerms: false,
    disableRefund: true,
    maxTicketAmount: 4,
    // One order per member account: a second checkout gets validation.max.orders.per.account (spec §6, §8 8001).
    maxOrdersPerAccount: 1,
    orderServiceFee: 2.5,
    shopInit: { isAddOnShop: false, paymentProvider: "test" },
    shopSettings: {
      fields: {},
      termsConditions: "https://example.com/lowlands-lights/terms",
      privacyPolicy: "https://example.com/lowlands-lights/privacy",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  },
  products: [
    {
      id: "llm_ticket_weekend",
      type: "ticket",
      name: "Member weekend ticket",
      price: 199.5,
      soldOut: false,
      stock: 200,
      maxQuantity: 4,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
      meta: { perks: ["Early entry on Friday", "Members' campsite"] },
    },
  ],
};

// The pre-registration takes no order, so it has no order limit.
const { maxOrdersPerAccount: _memberLimit, ...MEMBER_CONFIG_WITHOUT_LIMIT } = LOWLANDS_MEMBERS.config;

/** Shop token of the Lowlands Lights 2028 pre-registration. */
export const PREREGISTRATION_TOKEN = "sk_demo_4e8b2d6f1a3c47e9b0d5a7c2";

/**
 * Lowlands Lights pre-registration (`lowlands-wishlist`): the cart is a wishlist saved to the account, without
 * countdown (spec §1 sale modes, §4 Wishlist save).
 */
export const LOWLANDS_PREREGISTRATION: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config: {
    ...MEMBER_CONFIG_WITHOUT_LIMIT,
    slug: "lowlands-wishlist",
    shopToken: PREREGISTRATION_TOKEN,
    apiNamespace: "lowlands-lights-2028",
    title: "Lowlands Lights 2028",
    titleFull: "Lowlands Lights 2028 pre-registration",
    festivalData: {
      title: "Lowlands Lights 2028 pre-registration",
      dateStart: "2028-08-18",
      dateEnd: "2028-08-20",
      location: "Biddinghuizen, NL",
      heroImage: "/assets/hero-lowlands.jpg",
    },
    membersale: false,
    preregistration: true,
    maxTicketAmount: 6,
    // spec §9: the pre-registration wishlist fee is added to the total.
    orderServiceFeeWishlist: 1.5,
  },
  products: [
    {
      id: "llp_ticket_weekend",
      type: "ticket",
      name: "Weekend ticket 2028",
      price: 235,
      soldOut: false,
      stock: 1000,
      maxQuantity: 6,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
      meta: { description: "Three days of music, Friday to Sunday." },
    },
    {
      id: "llp_ticket_camping",
      type: "ticket",
      name: "Camping ticket 2028",
      price: 59,
      soldOut: false,
      stock: 1000,
      maxQuantity: 6,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
    },
    // An extra, so a wishlist spans two groups of the wishlist modal (spec §2 Other layers).
    {
      id: "llp_extra_locker",
      type: "extras",
      name: "Locker 2028",
      price: 15,
      soldOut: false,
      stock: 300,
      maxQuantity: 2,
      meta: { description: "A locker with charging point for the whole weekend." },
    },
  ],
};

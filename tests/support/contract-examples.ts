import path from "node:path";
import type { CartEncoded } from "../../domain/cart.schema.ts";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";

/** Where the consumer tests write the Pact files: contracts/, or PACT_OUTPUT_DIR (scripts/contracts-check.ts compares the two). */
export const PACT_DIR = process.env["PACT_OUTPUT_DIR"] ?? path.resolve("contracts");

/** Consumer name of the web app in the Pact files. */
export const CONSUMER = "festival-shop-web";
/** Provider name of the Shop API v2 in the Pact files. */
export const PROVIDER = "shop-api-v2";

/** The demo shop the contracts address (the reference server's demo catalogue publishes it). */
export const SHOP = {
  slug: "lowlands-lights",
  apiNamespace: "lowlands-lights-2027",
  shopToken: "sk_demo_7f3c9a1e5b2d48c6a0e4f1b9",
} as const;

/** Fixed cart id that provider states create carts under. */
export const CART_ID = "9b2f5c1e-3d4a-4f6b-8c7d-1e2f3a4b5c6d";
/** A well-formed cart id that no cart has. */
export const UNKNOWN_CART_ID = "00000000-0000-4000-8000-000000000000";

/** Request headers of a shop-scoped call (spec §7). */
export const SHOP_HEADERS = {
  "x-event-namespace": SHOP.apiNamespace,
  authorization: `Bearer ${SHOP.shopToken}`,
};

/** Example product on the wire (euros). */
export const WEEKEND_TICKET: ProductEncoded = {
  id: "ll_ticket_weekend",
  name: "Weekend ticket",
  title: "Weekend ticket",
  type: "ticket",
  price: 229.5,
  priceExcludingServiceCosts: 219.5,
  serviceCosts: 10,
  soldOut: false,
  stock: 1000,
  maxQuantity: 10,
  meta: { mentionEntertainmentFee: true, entertainmentFeeAmount: 4.5 },
};

/** Example shop configuration on the wire (euros). */
export const SHOP_CONFIG: ShopConfigEncoded = {
  slug: SHOP.slug,
  shopToken: SHOP.shopToken,
  apiNamespace: SHOP.apiNamespace,
  title: "Lowlands Lights",
  titleFull: "Lowlands Lights 2027",
  brand: "festival",
  festivalData: { title: "Lowlands Lights 2027", dateStart: "2027-08-20", heroImage: "/assets/hero-lowlands.svg" },
  shopTheme: { logo: "/assets/logo-lowlands.svg", primaryColor: "#e6007e" },
  previewMode: false,
  preregistration: false,
  stepflow: "Yes",
  upsell: "No",
  useStepper: false,
  showDetailedServiceFees: true,
  showCovidTerms: false,
  disableRefund: false,
  maxTicketAmount: 10,
  orderServiceFee: 2.5,
  shopInit: { isAddOnShop: false, paymentProvider: "test" },
  shopSettings: {
    fields: { ageRequirements: "Yes, 18 at event start", ageRequirementsError: "You must be 18 at the start of the festival." },
    termsConditions: "https://example.org/terms",
    privacyPolicy: "https://example.org/privacy",
  },
  shippingCountries: [{ countrycode: "NL", countryname: "Netherlands", deliverytype: "standard", price: 5.99 }],
};

/** Example cart with two weekend tickets (euros). */
export const CART_WITH_TICKETS: CartEncoded = {
  id: CART_ID,
  status: "shopping",
  timeout: 900,
  products: { ll_ticket_weekend: 2 },
  totalAmount: 459,
  totalAmountExcludingServiceCosts: 439,
  checkoutAllowed: true,
  checkoutErrors: [],
  order: null,
};

/** Checkout details as the web app sends them (spec §3, §7). */
export const DETAILS = {
  gender: "female",
  firstName: "Sanne",
  middleName: " ",
  lastName: "de Vries",
  phoneNumber: "+31612345678",
  email: "sanne@example.org",
  dateOfBirth: "1995-04-12",
  address: "Damrak",
  streetNumber: 1,
  streetNumberExtension: " ",
  postalCode: "1012 LG",
  city: "Amsterdam",
  country: "NL",
} as const;

/** Provider-state names of the contracts; the reference server's POST /_pact/provider-states builds each (docs/provider-states.md). */
export const STATES = {
  catalogue: "the demo catalogue is published",
  cart: "a cart",
  inPayment: "a cart in payment",
  paid: "a paid cart",
  expired: "an expired cart",
  holdExtensionsUsedUp: "a cart whose hold extensions are used up",
  previousOrder: "a previous order",
  maxOrdersReached: "a cart whose e-mail already placed the one order per account",
  showcase: "a shop with every optional setting",
  upgradableOrder: "an upgradable order",
  queueToken: "a payment queue token",
  identityToken: "an identity token of an account",
  addOnWaitingList: "an add-on on the waiting list",
} as const;

/** State parameters: a cart with 2 weekend tickets (totals 459.00 / 439.00 euros in the demo catalogue). */
export const TWO_WEEKEND_TICKETS = { products: { ll_ticket_weekend: 2 } } as const;
/** State parameters: 2 weekend tickets and the contract's checkout details. */
export const TWO_WEEKEND_TICKETS_WITH_DETAILS = { ...TWO_WEEKEND_TICKETS, details: DETAILS } as const;

/** Matches a UUID (lower-case hex, as the Shop API answers ids). */
export const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
/** Matches an absolute http(s) URL. */
export const HTTP_URL = "^https?://.+";

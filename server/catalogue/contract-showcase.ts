import type { DemoShop } from "./demo-catalogue.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the contract showcase shop (sent as `authorization: Bearer ...`). spec §7 headers. */
export const SHOWCASE_TOKEN = "sk_showcase_5e1a7c3d9b2f40e8a6c4d2b1";

/**
 * A shop whose config and products set every optional field of spec §3, so the contracts show each field a decoder
 * reads. Seeded only by its provider state (docs/provider-states.md).
 */
export const CONTRACT_SHOWCASE: DemoShop = {
  config: {
    slug: "contract-showcase",
    shopToken: SHOWCASE_TOKEN,
    apiNamespace: "contract-showcase-2027",
    title: "Contract Showcase",
    titleFull: "Contract Showcase 2027",
    brand: "festival",
    festivalData: { title: "Contract Showcase 2027", dateStart: "2027-09-10", dateEnd: "2027-09-12", location: "Utrecht, NL", heroImage: "/assets/hero-lowlands.jpg" },
    shopTheme: { logo: "/assets/logo-lowlands.svg", primaryColor: "#5a3e9b", backgrounds: { tickets: "/assets/bg-lowlands-tickets.jpg" } },
    previewMode: false,
    preregistration: false,
    stepflow: "Yes",
    upsell: "Yes",
    // spec §3 upsellProducts: one configured tile with a name of its own, highlighted.
    upsellProducts: [{ id: "sc_bus_utrecht", type: "transportation", tileName: "Festival bus from Utrecht", highLighted: true }],
    useStepper: true,
    showDetailedServiceFees: true,
    showCovidTerms: false,
    disableRefund: false,
    maxTicketAmount: 8,
    orderServiceFee: 1.75,
    // spec §3 orderServiceFeeWishlist: the pre-registration wishlist fee (only counted in pre-registration).
    orderServiceFeeWishlist: 0.5,
    travelsale: false,
    membersale: false,
    // spec §3 loginRequired / membershipRequired (spec §6): off, so the contract's anonymous calls reach the shop.
    loginRequired: false,
    membershipRequired: false,
    disableBackgroundGradient: true,
    // spec §3 showSaveTimeModal (§4 save-time login modal): on.
    showSaveTimeModal: true,
    // WCAG 2.2.1 (domain hold-extension.ts): a cart's hold may be extended 3 times instead of the default 10.
    maxHoldExtensions: 3,
    ossBrand: "showcase",
    tagManagerId: "GTM-SHOW27",
    // spec §3 upgradableOrder (upgrade mode): a € 10,00 upgrade discount, unlocked by a membership the order lacks.
    upgradableOrder: { discount: { priceAmount: 1000 }, unlockMembershipDiscount: true, hasMembershipDiscount: false },
    shopInit: { isAddOnShop: false, paymentProvider: "test" },
    shopSettings: {
      fields: {
        ageRequirements: "Yes, 16 at event start",
        ageRequirementsError: "You must be 16 or older on the first day of the festival to order tickets.",
        allowedExtraTickets: [{ ticketIds: ["sc_ticket_friday", "sc_ticket_saturday"], maxQuantity: 4 }],
      },
      termsConditions: "https://example.com/contract-showcase/terms",
      privacyPolicy: "https://example.com/contract-showcase/privacy",
      policyId: "policy-showcase-2027",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
    customTranslations: { en: { "overview.buyTickets": "Get your showcase tickets" } },
  },
  products: [
    {
      id: "sc_ticket_friday",
      name: "Friday ticket",
      title: "Friday ticket",
      slug: "friday-ticket",
      type: "ticket",
      price: 75,
      priceExcludingServiceCosts: 70,
      serviceCosts: 5,
      soldOut: false,
      stockAvailable: true,
      stock: 200,
      minQuantity: 2,
      maxQuantity: 4,
      isUpsell: false,
      isHighlight: true,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
      meta: {
        description: "Day ticket for Friday.",
        additionalTicketText: "Includes a free locker on Friday.",
        mergeServiceFees: true,
        minimumQuantity: 2,
        ageCheck: true,
        productDisclaimer: "Sold in pairs: the Friday ticket is for two people.",
      },
    },
    {
      id: "sc_ticket_saturday",
      name: "Saturday ticket",
      slug: "saturday-ticket",
      type: "ticket",
      price: 75,
      soldOut: true,
      stockAvailable: false,
      stock: 0,
      maxQuantity: 4,
      isUpsell: true,
      meta: { overrideSoldout: true, soldOutText: "Back soon" },
    },
    {
      id: "sc_bus_utrecht",
      name: "Bus from Utrecht",
      slug: "bus-utrecht",
      type: "transportation",
      price: 40,
      soldOut: false,
      stock: 50,
      maxQuantity: 4,
      meta: {
        city: "Utrecht",
        country: "NL",
        pickupLocation: "Utrecht Jaarbeurs P+R",
        departureTime: "2027-09-10T10:00:00",
        returnTime: "2027-09-13T12:00:00",
        people: 2,
        priceDisclaimer: "The price covers two people.",
        categorySlug: "transport",
      },
    },
    {
      id: "sc_membership_month",
      name: "Showcase Club (monthly)",
      type: "membership",
      price: 3.5,
      soldOut: false,
      stock: 100,
      maxQuantity: 1,
      meta: { membershipType: "Month", productImages: ["/assets/membership.svg"], isConditionalProduct: true, conditionalMessage: "Members only: log in first." },
    },
    {
      id: "sc_refund_protection",
      name: "Refund protection",
      type: "insurance",
      price: 0,
      soldOut: false,
      stock: 100000,
      maxQuantity: 1,
      meta: { percentage: 7.5 },
    },
  ],
};

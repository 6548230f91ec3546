import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";
import { LOWLANDS_UPGRADE_PRODUCTS } from "./demo-upgradable-orders.ts";
import { LOWLANDS_MEMBERS, LOWLANDS_PREREGISTRATION } from "./demo-member-shop.ts";
import { LOWLANDS_EXTRAS } from "./demo-addon-shop.ts";
import { HARBOUR_SOUNDS } from "./demo-upsell-shop.ts";
import { LOWLANDS_TIMESLOTS } from "./demo-timeslot-shop.ts";
import { NORTHERN_NIGHTS_CLOSED } from "./demo-closed-shop.ts";
import { ZWARTE_CROSS } from "./demo-festival-brand-shop.ts";

/** A shop of the demo catalogue: its encoded config (euros) and its encoded products with initial stock. */
export interface DemoShop {
  readonly config: ShopConfigEncoded;
  readonly products: ReadonlyArray<ProductEncoded>;
}

/** Shop token of the Lowlands Lights demo shop (sent as `authorization: Bearer ...`). spec §7 headers. */
export const LOWLANDS_TOKEN = "sk_demo_7f3c9a1e5b2d48c6a0e4f1b9";
/** Shop token of the Northern Nights preview shop. */
export const NORTHERN_TOKEN = "sk_demo_2b8e6d4f0a9c47e1b3d5c7a2";

const ticket = (p: Partial<ProductEncoded> & Pick<ProductEncoded, "id" | "name" | "price" | "stock">): ProductEncoded => ({
  type: "ticket",
  soldOut: false,
  categories: [{ en: "TICKETS", nl: "TICKETS" }],
  ...p,
});

const tshirt = (size: string, stock: number): ProductEncoded => ({
  id: `ll_tshirt_${size.toLowerCase()}`,
  name: "Lowlands Lights T-shirt",
  title: `Lowlands Lights T-shirt ${size}`,
  type: "merchandise",
  price: 29.95,
  soldOut: false,
  stock,
  maxQuantity: 5,
  meta: {
    vendorVariantTitle: size,
    image: "/assets/tshirt.svg",
    productImages: ["/assets/tshirt.svg", "/assets/tshirt-back.svg"],
    description: "Organic cotton festival T-shirt.",
  },
});

const bus = (city: string, slug: string, pickupLocation: string, departureTime: string, returnTime: string, country = "NL"): ProductEncoded => ({
  id: `ll_bus_${slug}`,
  name: `Bus from ${city}`,
  type: "transportation",
  price: 24.5,
  soldOut: false,
  stock: 150,
  maxQuantity: 10,
  meta: {
    city,
    country,
    pickupLocation,
    departureTime,
    returnTime,
    people: 1,
    description: `Return bus ${city} - festival site.`,
    productDisclaimer: "Bring your festival ticket and ID; the bus leaves on time.",
  },
});

/** Lowlands Lights 2027: the main demo shop (test payment provider, detailed service fees, 10 tickets max). */
export const LOWLANDS_LIGHTS: DemoShop = {
  config: {
    slug: "lowlands-lights",
    shopToken: LOWLANDS_TOKEN,
    apiNamespace: "lowlands-lights-2027",
    title: "Lowlands Lights",
    titleFull: "Lowlands Lights 2027",
    brand: "festival",
    festivalData: {
      title: "Lowlands Lights 2027",
      dateStart: "2027-08-20",
      dateEnd: "2027-08-22",
      location: "Biddinghuizen, NL",
      heroImage: "/assets/hero-lowlands.jpg",
    },
    shopTheme: {
      logo: "/assets/logo-lowlands.svg",
      primaryColor: "#e4572e",
      // Per-route hero backgrounds (spec §2 Header): small progressive JPEGs in server/public/assets.
      backgrounds: {
        orderCompleted: "/assets/bg-lowlands-order-completed.jpg",
        tickets: "/assets/bg-lowlands-tickets.jpg",
        membership: "/assets/bg-lowlands-membership.jpg",
        travel: "/assets/bg-lowlands-travel.jpg",
        transportation: "/assets/bg-lowlands-transportation.jpg",
        merchandise: "/assets/bg-lowlands-merchandise.jpg",
        extras: "/assets/bg-lowlands-extras.jpg",
      },
    },
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
    apiTravelId: "lowlands-lights-2027-travel",
    shopInit: { isAddOnShop: false, paymentProvider: "test" },
    shopSettings: {
      fields: {
        ageRequirements: "Yes, 18 at event start",
        ageRequirementsError: "You must be 18 or older on the first day of the festival to order tickets.",
      },
      termsConditions: "https://example.com/lowlands-lights/terms",
      privacyPolicy: "https://example.com/lowlands-lights/privacy",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
    // spec §1 per-shop custom translations, merged over the built-in messages (spec §8 5003: custom title/body).
    customTranslations: {
      en: {
        "error.5003.title": "We cannot ship there",
        "error.5003.body": "Lowlands Lights merchandise is not shipped to this country, so we took it out of your cart. Your tickets are still there.",
      },
      nl: {
        "error.5003.title": "Daar versturen we niet naartoe",
        "error.5003.body": "Lowlands Lights-merchandise wordt niet naar dit land verstuurd, dus hebben we het uit je winkelwagen gehaald. Je tickets staan er nog.",
        // A product's own texts (product.{id}.name, .title, .description); the others stay as the Shop API gives them.
        "product.ll_ticket_weekend.description": "Drie dagen muziek, van vrijdag tot en met zondag.",
        "product.ll_ticket_saturday.description": "Dagticket voor zaterdag.",
        "product.ll_ticket_camping.name": "Campingticket",
        "product.ll_ticket_camping.description": "Kamperen op het festivalterrein, van donderdag tot maandag.",
      },
      es: {
        "error.5003.title": "No enviamos a ese país",
        "error.5003.body": "El merchandising de Lowlands Lights no se envía a este país, así que lo hemos quitado de tu carrito. Tus entradas siguen ahí.",
        "product.ll_ticket_weekend.description": "Tres días de música, de viernes a domingo.",
        "product.ll_ticket_saturday.description": "Entrada de día para el sábado.",
        "product.ll_ticket_camping.name": "Entrada de camping",
        "product.ll_ticket_camping.description": "Acampa en el recinto del festival, de jueves a lunes.",
      },
    },
  },
  products: [
    ticket({
      id: "ll_ticket_weekend",
      name: "Weekend ticket",
      title: "Weekend ticket",
      price: 229.5,
      priceExcludingServiceCosts: 219.5,
      serviceCosts: 10,
      stock: 1000,
      maxQuantity: 10,
      isHighlight: true,
      meta: {
        description: "Three days of music, Friday to Sunday.",
        perks: ["Access Friday to Sunday", "All stages", "Free festival app"],
        mentionEntertainmentFee: true,
        entertainmentFeeAmount: 4.5,
        image: "/assets/hero-lowlands.svg",
      },
    }),
    ticket({
      id: "ll_ticket_saturday",
      name: "Saturday ticket",
      title: "Saturday ticket",
      price: 99.5,
      priceExcludingServiceCosts: 94.5,
      serviceCosts: 5,
      stock: 500,
      maxQuantity: 10,
      meta: { description: "Day ticket for Saturday.", perks: ["Access Saturday", "All stages"], mentionEntertainmentFee: true, entertainmentFeeAmount: 1.5 },
    }),
    ticket({
      id: "ll_ticket_camping",
      name: "Camping ticket",
      title: "Camping ticket",
      price: 59,
      priceExcludingServiceCosts: 55,
      serviceCosts: 4,
      stock: 400,
      maxQuantity: 10,
      meta: { description: "Camp at the festival site, Thursday to Monday.", perks: ["Tent spot", "Showers"], calculateTouristTax: true, touristTaxAmount: 5 },
    }),
    ticket({
      id: "ll_package_weekend_camping",
      name: "Weekend + camping package",
      title: "Weekend + camping package",
      price: 279,
      priceExcludingServiceCosts: 269,
      serviceCosts: 10,
      stock: 150,
      maxQuantity: 6,
      meta: {
        categorySlug: "packages",
        description: "A weekend ticket and a camping spot in one.",
        perks: ["Weekend ticket", "Camping Thursday to Monday", "Early entry to the campsite"],
        mentionEntertainmentFee: true,
        entertainmentFeeAmount: 4.5,
        image: "/assets/hero-lowlands.svg",
      },
    }),
    ticket({
      id: "ll_package_vip",
      name: "VIP package",
      title: "VIP package",
      price: 449,
      priceExcludingServiceCosts: 439,
      serviceCosts: 10,
      stock: 40,
      maxQuantity: 4,
      meta: {
        categorySlug: "packages",
        description: "Weekend ticket with access to the VIP area and lounge.",
        perks: ["Weekend ticket", "VIP area and lounge", "Private toilets"],
        mentionEntertainmentFee: true,
        entertainmentFeeAmount: 4.5,
        isConditionalProduct: true,
        conditionalMessage: "The VIP package is personal: bring the ID of each guest.",
      },
    }),
    ticket({
      id: "ll_ticket_sunday",
      name: "Sunday ticket",
      title: "Sunday ticket",
      price: 99.5,
      priceExcludingServiceCosts: 94.5,
      serviceCosts: 5,
      soldOut: true,
      stock: 0,
      maxQuantity: 10,
      meta: { description: "Day ticket for Sunday.", soldOutText: "Sold out" },
    }),
    tshirt("S", 40),
    tshirt("M", 60),
    tshirt("L", 0),
    tshirt("XL", 25),
    {
      id: "ll_cap_onesize",
      name: "Lowlands Lights cap",
      type: "merchandise",
      price: 19.95,
      soldOut: false,
      isUpsell: true, // spec §2 Basket screen upsell slider, §4 Upsell panel
      stock: 80,
      maxQuantity: 5,
      meta: { vendorVariantTitle: "ONE SIZE", image: "/assets/cap.svg" },
    },
    {
      id: "ll_merch_gin_onesize",
      name: "Lowlands Lights gin (50 cl)",
      type: "merchandise",
      price: 34.5,
      soldOut: false,
      stock: 30,
      maxQuantity: 2,
      meta: {
        vendorVariantTitle: "ONE SIZE",
        image: "/assets/gin.svg",
        ageCheck: true,
        description: "Small-batch festival gin. 18+ only.",
        productDisclaimer: "Alcohol is sold only to people aged 18 or older; ID is checked on delivery.",
      },
    },
    {
      id: "ll_membership_month",
      name: "Lights Club membership (monthly)",
      type: "membership",
      price: 4.95,
      soldOut: false,
      stock: 1000,
      maxQuantity: 1,
      meta: {
        membershipType: "Month",
        image: "/assets/membership.svg",
        description: "Presale access and members-only shows, billed monthly.",
        perks: ["Presale access", "Members-only shows"],
      },
    },
    {
      id: "ll_membership_year",
      name: "Lights Club membership (yearly)",
      type: "membership",
      price: 49.5,
      soldOut: false,
      stock: 1000,
      maxQuantity: 1,
      meta: {
        membershipType: "year",
        image: "/assets/membership.svg",
        description: "Presale access, members-only shows and a welcome pack, billed yearly.",
        perks: ["Presale access", "Members-only shows", "Welcome pack"],
      },
    },
    bus("Amsterdam", "amsterdam", "Amsterdam Centraal, IJ-side", "2027-08-20T10:00:00", "2027-08-23T12:00:00"),
    bus("Utrecht", "utrecht", "Utrecht Jaarbeurs P+R", "2027-08-20T10:30:00", "2027-08-23T12:00:00"),
    bus("Eindhoven", "eindhoven", "Eindhoven Station North", "2027-08-20T09:30:00", "2027-08-23T12:00:00"),
    bus("Antwerp", "antwerp", "Antwerpen-Centraal, Koningin Astridplein", "2027-08-20T08:30:00", "2027-08-23T12:00:00", "BE"),
    {
      id: "ll_compare_train_combi",
      name: "Train + shuttle combi ticket",
      type: "comparetransport",
      price: 32,
      soldOut: false,
      stock: 500,
      maxQuantity: 8,
      meta: { country: "NL", description: "Return train from any Dutch station plus the shuttle from Lelystad Centrum." },
    },
    {
      id: "ll_compare_carpool",
      name: "Carpool parking spot",
      type: "comparetransport",
      price: 12.5,
      soldOut: false,
      stock: 120,
      maxQuantity: 2,
      meta: { country: "NL", description: "Reserved parking for cars with three or more festival-goers." },
    },
    {
      id: "ll_extra_locker",
      name: "Locker",
      type: "extras",
      price: 17.5,
      soldOut: false,
      isUpsell: true,
      stock: 200,
      maxQuantity: 4,
      meta: { description: "A locker with charging point for the whole weekend." },
    },
    {
      id: "ll_extra_parking",
      name: "Parking ticket",
      type: "extras",
      price: 25,
      soldOut: false,
      isUpsell: true,
      stock: 300,
      maxQuantity: 2,
      meta: { description: "One car, whole weekend." },
    },
    {
      id: "ll_refund_protection",
      name: "Refund protection",
      type: "insurance",
      price: 0,
      soldOut: false,
      stock: 100000,
      maxQuantity: 1,
      meta: { percentage: 6.5, description: "Get your money back when you cannot come." },
    },
    // Upgrade options of the demo upgradable order (server/catalogue/demo-upgradable-orders.ts): listed in upgrade mode only.
    ...LOWLANDS_UPGRADE_PRODUCTS,
  ],
};

/** Northern Nights 2027: a second shop in preview mode with a few tickets, so the event chooser lists two. */
export const NORTHERN_NIGHTS: DemoShop = {
  config: {
    slug: "northern-nights",
    shopToken: NORTHERN_TOKEN,
    apiNamespace: "northern-nights-2027",
    title: "Northern Nights",
    titleFull: "Northern Nights 2027",
    brand: "festival",
    festivalData: {
      title: "Northern Nights 2027",
      dateStart: "2027-11-12",
      dateEnd: "2027-11-13",
      location: "Groningen, NL",
      heroImage: "/assets/hero-northern.jpg",
    },
    // The festival hero on every route, the order completed image on checkout and payment status (spec §2 Header).
    shopTheme: { logo: "/assets/logo-northern.svg", primaryColor: "#2e86e4", backgrounds: { orderCompleted: "/assets/bg-northern-order-completed.jpg" } },
    previewMode: true,
    previewModusCopy: { title: "Preview", body: "This shop is in preview: ticket sale starts soon." },
    preregistration: false,
    stepflow: "No",
    upsell: "No",
    useStepper: true,
    showDetailedServiceFees: false,
    showCovidTerms: false,
    disableRefund: true,
    maxTicketAmount: 6,
    orderServiceFee: 3.5,
    // The payment queue is on here: POST /carts needs a paymentQueueToken this server signed (docs/vouchers-and-orders.md).
    // The queue address is the reference server's waiting room (server/http/waiting-room-routes.ts).
    queueUrl: "/queue/northern-nights",
    // spec §3 showSaveTimeModal: an anonymous visitor meets the save-time login modal on the screens below the overview
    // (spec §4). Only this demo shop sets it, so the journeys through Lowlands Lights never meet it.
    showSaveTimeModal: true,
    shopInit: { isAddOnShop: false, paymentProvider: "test" },
    shopSettings: {
      fields: {},
      termsConditions: "https://example.com/northern-nights/terms",
      privacyPolicy: "https://example.com/northern-nights/privacy",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
    // spec §1 per-shop custom translations: this shop words its overview button its own way.
    customTranslations: {
      en: { "overview.buyTickets": "Get your Northern Nights tickets" },
      nl: { "overview.buyTickets": "Koop je Northern Nights-tickets" },
      es: { "overview.buyTickets": "Compra tus entradas para Northern Nights" },
    },
  },
  products: [
    ticket({ id: "nn_ticket_friday", name: "Friday ticket", price: 65, stock: 300, maxQuantity: 6 }),
    ticket({ id: "nn_ticket_saturday", name: "Saturday ticket", price: 65, stock: 300, maxQuantity: 6 }),
    ticket({ id: "nn_ticket_combi", name: "Combi ticket", price: 115, stock: 200, maxQuantity: 6, meta: { perks: ["Friday and Saturday"] } }),
  ],
};

// The sale shares Northern Nights' look and settings, without its preview copy and custom wording.
const { previewModusCopy: _previewCopy, customTranslations: _wording, ...northernConfigForSale } = NORTHERN_NIGHTS.config;

/** Shop token of the Northern Nights ticket sale. */
export const NORTHERN_SALE_TOKEN = "sk_demo_5c1e9b3a7d2f40e6b8a4c0d9";

/**
 * Northern Nights ticket sale (`northern-nights-sale`): the sale opening behind the waiting room (spec §3 queueUrl);
 * bench:sale-opening runs its rush.
 */
export const NORTHERN_NIGHTS_SALE: DemoShop = {
  config: {
    ...northernConfigForSale,
    slug: "northern-nights-sale",
    shopToken: NORTHERN_SALE_TOKEN,
    apiNamespace: "northern-nights-sale-2027",
    title: "Northern Nights sale",
    titleFull: "Northern Nights 2027 ticket sale",
    previewMode: false,
    showSaveTimeModal: false,
    queueUrl: "/queue/northern-nights-sale",
  },
  products: [ticket({ id: "nns_ticket_friday", name: "Friday ticket", price: 65, stock: 1000, maxQuantity: 6 })],
};

/** The demo catalogue in chooser order (position = index). */
export const DEMO_CATALOGUE: ReadonlyArray<DemoShop> = [LOWLANDS_LIGHTS, NORTHERN_NIGHTS, LOWLANDS_MEMBERS, LOWLANDS_PREREGISTRATION, NORTHERN_NIGHTS_SALE, LOWLANDS_EXTRAS, HARBOUR_SOUNDS, LOWLANDS_TIMESLOTS, NORTHERN_NIGHTS_CLOSED, ZWARTE_CROSS];

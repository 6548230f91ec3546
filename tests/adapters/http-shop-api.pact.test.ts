import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpShopApi } from "../../adapters/http/http-shop-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { MembershipType, ProductType } from "../../domain/product.schema.ts";
import { PaymentProviderName, YesNo } from "../../domain/shop.schema.ts";
import { MEMBER_SHOP, QUEUE_SHOP } from "../support/contract-examples-orders.ts";
import { CONSUMER, PROVIDER, SHOP, SHOP_CONFIG, SHOP_HEADERS, STATES, WEEKEND_TICKET, PACT_DIR } from "../support/contract-examples.ts";
import { oneOf } from "../support/contract-examples-matchers.ts";
import { SHOWCASE_HEADERS, SHOWCASE_SHOP } from "../support/contract-examples-showcase.ts";

const { like, eachLike, arrayContaining, integer, boolean, string, regex } = MatchersV3;

/**
 * The demo shop's configuration: values the state fixes (limits, fees in euros, switches) exact, texts and images by
 * type, the fixed-set fields (stepflow, upsell, paymentProvider) by a regex of the decoder's literals.
 */
const SHOP_CONFIG_BODY = {
  ...SHOP_CONFIG,
  title: string(SHOP_CONFIG.title),
  titleFull: string(SHOP_CONFIG.titleFull),
  brand: string(SHOP_CONFIG.brand),
  festivalData: like({ ...SHOP_CONFIG.festivalData, dateEnd: "2027-08-22", location: "Biddinghuizen, NL" }),
  apiTravelId: "lowlands-lights-2027-travel",
  shopTheme: like(SHOP_CONFIG.shopTheme),
  stepflow: oneOf(YesNo.literals, SHOP_CONFIG.stepflow),
  upsell: oneOf(YesNo.literals, SHOP_CONFIG.upsell),
  useStepper: boolean(SHOP_CONFIG.useStepper),
  showCovidTerms: boolean(SHOP_CONFIG.showCovidTerms),
  disableRefund: boolean(SHOP_CONFIG.disableRefund),
  shopInit: { isAddOnShop: false, paymentProvider: oneOf(PaymentProviderName.literals, "test") },
  shopSettings: like(SHOP_CONFIG.shopSettings),
  shippingCountries: arrayContaining({ countrycode: "NL", countryname: string("Netherlands"), deliverytype: string("postal"), price: 5.99 }),
};
/** The queue shop's configuration shares the main shop's shape but sells no travel (no apiTravelId). */
const { apiTravelId: _travel, ...QUEUE_SHOP_BASE } = SHOP_CONFIG_BODY;
/** The weekend ticket as GET /products answers it: id, type and prices (euros, decimals) exact; stock an integer (holds move it). */
const WEEKEND_TICKET_BODY = {
  ...WEEKEND_TICKET,
  name: string(WEEKEND_TICKET.name),
  title: string(WEEKEND_TICKET.title!),
  type: oneOf(ProductType.literals, "ticket"),
  stock: integer(WEEKEND_TICKET.stock),
  isHighlight: boolean(true),
  categories: eachLike({ en: string("TICKETS"), nl: string("TICKETS") }),
  meta: {
    ...WEEKEND_TICKET.meta,
    description: string("Three days of music, Friday to Sunday."),
    perks: eachLike("All stages"),
    image: string("/assets/hero-lowlands.svg"),
  },
};
/** The camping ticket: tourist tax (euros) exact. */
const CAMPING_TICKET_BODY = {
  id: "ll_ticket_camping",
  name: string("Camping ticket"),
  soldOut: false,
  stock: integer(400),
  type: oneOf(ProductType.literals, "ticket"),
  price: 59,
  meta: { calculateTouristTax: true, touristTaxAmount: 5 },
};
/** A T-shirt variant: merchandise with its size as vendorVariantTitle. */
const TSHIRT_BODY = {
  id: "ll_tshirt_m",
  name: string("Lowlands Lights T-shirt"),
  soldOut: false,
  stock: integer(60),
  type: oneOf(ProductType.literals, "merchandise"),
  price: 29.95,
  meta: { vendorVariantTitle: "M", image: string("/assets/tshirt.svg"), description: string("Organic cotton festival T-shirt.") },
};
/** A bus: city, country, pickup location and ISO local departure and return times. */
const BUS_BODY = {
  id: "ll_bus_utrecht",
  name: string("Bus from Utrecht"),
  soldOut: false,
  stock: integer(150),
  type: oneOf(ProductType.literals, "transportation"),
  price: 24.5,
  meta: {
    city: string("Utrecht"),
    country: string("NL"),
    pickupLocation: string("Utrecht Jaarbeurs P+R"),
    departureTime: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$", "2027-08-20T10:30:00"),
    returnTime: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$", "2027-08-23T12:00:00"),
  },
};
/**
 * The showcase shop's configuration (state "a shop with every optional setting"): every optional setting present;
 * switches, limits, fees and ids exact (the state fixes them), texts by type, fixed-set fields by a regex.
 */
const SHOWCASE_CONFIG_BODY = {
  ...QUEUE_SHOP_BASE,
  slug: SHOWCASE_SHOP.slug,
  apiNamespace: SHOWCASE_SHOP.apiNamespace,
  shopToken: SHOWCASE_SHOP.shopToken,
  title: string("Contract Showcase"),
  titleFull: string("Contract Showcase 2027"),
  festivalData: like({ title: "Contract Showcase 2027", dateStart: "2027-09-10", dateEnd: "2027-09-12", location: "Utrecht, NL", heroImage: "/assets/hero-lowlands.jpg" }),
  shopTheme: { logo: string("/assets/logo-lowlands.svg"), primaryColor: regex("^#[0-9a-fA-F]{6}$", "#5a3e9b"), backgrounds: like({ tickets: "/assets/bg-lowlands-tickets.jpg" }) },
  upsell: oneOf(YesNo.literals, "Yes"),
  upsellProducts: [{ id: "sc_bus_utrecht", type: string("transportation"), tileName: string("Festival bus from Utrecht"), highLighted: true }],
  useStepper: true,
  maxTicketAmount: 8,
  orderServiceFee: 1.75,
  orderServiceFeeWishlist: 0.5,
  travelsale: false,
  membersale: false,
  loginRequired: false,
  membershipRequired: false,
  disableBackgroundGradient: true,
  showSaveTimeModal: true,
  maxHoldExtensions: integer(3),
  ossBrand: "showcase",
  tagManagerId: regex("^GTM-[A-Z0-9]+$", "GTM-SHOW27"),
  upgradableOrder: { discount: { priceAmount: 1000 }, unlockMembershipDiscount: true, hasMembershipDiscount: false },
  shopSettings: {
    fields: {
      ageRequirements: string("Yes, 16 at event start"),
      ageRequirementsError: string("You must be 16 or older on the first day of the festival to order tickets."),
      allowedExtraTickets: [{ ticketIds: ["sc_ticket_friday", "sc_ticket_saturday"], maxQuantity: 4 }],
    },
    termsConditions: string("https://example.com/contract-showcase/terms"),
    privacyPolicy: string("https://example.com/contract-showcase/privacy"),
    policyId: "policy-showcase-2027",
  },
  customTranslations: like({ en: { "overview.buyTickets": "Get your showcase tickets" } }),
};
/** The showcase products: every optional product field; prices (euros), quantities and flags exact, texts by type. */
const SHOWCASE_PRODUCTS_BODY = [
  {
    id: "sc_ticket_friday",
    name: string("Friday ticket"),
    title: string("Friday ticket"),
    slug: "friday-ticket",
    type: oneOf(ProductType.literals, "ticket"),
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
    categories: [{ en: string("TICKETS"), nl: string("TICKETS") }],
    meta: {
      description: string("Day ticket for Friday."),
      additionalTicketText: string("Includes a free locker on Friday."),
      mergeServiceFees: true,
      minimumQuantity: 2,
      ageCheck: true,
      productDisclaimer: string("Sold in pairs: the Friday ticket is for two people."),
    },
  },
  {
    id: "sc_ticket_saturday",
    name: string("Saturday ticket"),
    slug: "saturday-ticket",
    type: oneOf(ProductType.literals, "ticket"),
    price: 75,
    soldOut: true,
    stockAvailable: false,
    stock: 0,
    maxQuantity: 4,
    isUpsell: true,
    meta: { overrideSoldout: true, soldOutText: string("Back soon") },
  },
  {
    id: "sc_bus_utrecht",
    name: string("Bus from Utrecht"),
    slug: "bus-utrecht",
    type: oneOf(ProductType.literals, "transportation"),
    price: 40,
    soldOut: false,
    stock: 50,
    maxQuantity: 4,
    meta: {
      city: string("Utrecht"),
      country: string("NL"),
      pickupLocation: string("Utrecht Jaarbeurs P+R"),
      departureTime: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$", "2027-09-10T10:00:00"),
      returnTime: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$", "2027-09-13T12:00:00"),
      people: 2,
      priceDisclaimer: string("The price covers two people."),
      categorySlug: "transport",
    },
  },
  {
    id: "sc_membership_month",
    name: string("Showcase Club (monthly)"),
    type: oneOf(ProductType.literals, "membership"),
    price: 3.5,
    soldOut: false,
    stock: 100,
    maxQuantity: 1,
    meta: {
      membershipType: oneOf(MembershipType.literals, "Month"),
      productImages: eachLike("/assets/membership.svg"),
      isConditionalProduct: true,
      conditionalMessage: string("Members only: log in first."),
    },
  },
  {
    id: "sc_refund_protection",
    name: string("Refund protection"),
    type: oneOf(ProductType.literals, "insurance"),
    price: 0,
    soldOut: false,
    stock: 100000,
    maxQuantity: 1,
    meta: { percentage: 7.5 },
  },
];
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** The demo upgradable order's e-mail link ids (server/catalogue/demo-upgradable-orders.ts), sent as headers in upgrade mode. spec §6. */
const UPGRADE_SHOP = { ...SHOP, upgradableOrderId: "LL-UPG-2027-0001", upgradeAccessId: "acc-7d41c2e9b05f" };
const UPGRADE_HEADERS = { ...SHOP_HEADERS, "x-upgradable-order-id": UPGRADE_SHOP.upgradableOrderId, "x-upgrade-access-id": UPGRADE_SHOP.upgradeAccessId };
/** spec §3 upgradableOrder: skips, upgrades with upgradeOptions (ids of products of type upgrade), discount in cents, bookingProtect, membership flags, texts. */
const UPGRADABLE_ORDER_BODY = {
  skipTravel: boolean(true),
  skipBus: boolean(true),
  upgrades: eachLike({
    id: string("weekend-tickets"),
    title: string("Your 2 weekend tickets"),
    description: string("Choose one upgrade for the weekend tickets of your order."),
    upgradeOptions: eachLike({ productId: "ll_upgrade_camping", title: string("Add camping"), description: string("A camping spot, Thursday to Monday.") }),
  }),
  discount: { priceAmount: integer(1000) },
  bookingProtect: { currentOrder: boolean(false) },
  unlockMembershipDiscount: boolean(false),
  hasMembershipDiscount: boolean(true),
  checkoutText: string("Your upgrade is added to order LL-UPG-2027-0001; your tickets stay valid."),
  upgradeText: string("Upgrade the weekend tickets you bought. As a member you get € 10,00 off."),
};
/** An upgrade product (type upgrade, one per cart) as GET /products lists it in upgrade mode; price in euros exact. */
const UPGRADE_PRODUCT_BODY = {
  id: "ll_upgrade_camping",
  name: string("Upgrade: add camping"),
  type: oneOf(ProductType.literals, "upgrade"),
  price: 49.5,
  soldOut: boolean(false),
  stock: integer(300),
  maxQuantity: 1,
};

describe("HttpShopApi against the Shop API v2 contract", () => {
  it("lists the published shops (GET /shops)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the list of shops")
      .withRequest("GET", "/api/v2/shops")
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            slug: SHOP.slug,
            title: string("Lowlands Lights"),
            titleFull: string("Lowlands Lights 2027"),
            apiNamespace: SHOP.apiNamespace,
            shopToken: SHOP.shopToken,
            previewMode: false,
            festivalData: like({ ...SHOP_CONFIG.festivalData, dateEnd: "2027-08-22", location: "Biddinghuizen, NL" }),
            logo: string("/assets/logo-lowlands.svg"),
          }),
        }),
      )
      .executeTest(async (server) => {
        const shops = await Effect.runPromise(new HttpShopApi(server.url).listShops());
        expect(shops[0]).toMatchObject({ slug: SHOP.slug, apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken });
      }));

  it("reads the shop configuration with money in cents (GET /shop)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the shop configuration")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: SHOP_CONFIG_BODY }))
      .executeTest(async (server) => {
        const config = await Effect.runPromise(new HttpShopApi(server.url).getShop(SHOP));
        expect(config.maxTicketAmount).toBe(10);
        expect(config.orderServiceFee).toBe(250);
        expect(config.shopInit.paymentProvider).toBe("test");
        expect(config.shippingCountries[0]?.price).toBe(599);
      }));

  it("reads the queue shop's preview copy and queue address (GET /shop)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the shop configuration of the queue shop")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers({ "x-event-namespace": QUEUE_SHOP.apiNamespace, authorization: `Bearer ${QUEUE_SHOP.shopToken}` }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: like({
            ...QUEUE_SHOP_BASE,
            shopSettings: like({ ...SHOP_CONFIG.shopSettings, fields: {} }),
            slug: QUEUE_SHOP.slug,
            apiNamespace: QUEUE_SHOP.apiNamespace,
            shopToken: QUEUE_SHOP.shopToken,
            previewMode: true,
            previewModusCopy: { title: string("Preview"), body: string("This shop is in preview: ticket sale starts soon.") },
            queueUrl: regex("^(https?://|/)\\S+$", "/demo-queue/northern-nights"),
            maxTicketAmount: 6,
            orderServiceFee: 3.5,
          }),
        }),
      )
      .executeTest(async (server) => {
        const config = await Effect.runPromise(new HttpShopApi(server.url).getShop(QUEUE_SHOP));
        expect(config).toMatchObject({ previewMode: true, maxTicketAmount: 6, orderServiceFee: 350 });
        expect(config.queueUrl).toMatch(/^(https?:\/\/|\/)\S+$/);
      }));

  it("reads the member sale's mode and its order limit per account (GET /shop)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the shop configuration of the member sale")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers({ "x-event-namespace": MEMBER_SHOP.apiNamespace, authorization: `Bearer ${MEMBER_SHOP.shopToken}` }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: like({
            ...QUEUE_SHOP_BASE,
            shopSettings: like({ ...SHOP_CONFIG.shopSettings, fields: {} }),
            shopTheme: like({ logo: "/assets/logo-lowlands.svg", primaryColor: "#d9480f" }),
            slug: MEMBER_SHOP.slug,
            apiNamespace: MEMBER_SHOP.apiNamespace,
            shopToken: MEMBER_SHOP.shopToken,
            previewMode: false,
            membersale: true,
            maxOrdersPerAccount: 1,
            maxTicketAmount: 4,
            orderServiceFee: 2.5,
          }),
        }),
      )
      .executeTest(async (server) => {
        const config = await Effect.runPromise(new HttpShopApi(server.url).getShop(MEMBER_SHOP));
        expect(config).toMatchObject({ membersale: true, maxOrdersPerAccount: 1, maxTicketAmount: 4, orderServiceFee: 250 });
      }));

  it("turns a refused shop token into a ShopApiError with the server's code and message", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the shop configuration with a wrong shop token")
      .withRequest("GET", "/api/v2/shop", (b) =>
        b.headers({ "x-event-namespace": SHOP.apiNamespace, authorization: "Bearer wrong-token" }),
      )
      .willRespondWith(401, (b) => b.jsonBody({ error: { code: "shop.token.invalid", message: like("The shop token is not valid for this event.") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpShopApi(server.url).getShop({ ...SHOP, shopToken: "wrong-token" })));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 401, code: "shop.token.invalid" });
      }));

  it("reads the products with stock, prices in cents (GET /products)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the products")
      .withRequest("GET", "/api/v2/products", (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(WEEKEND_TICKET_BODY, CAMPING_TICKET_BODY, TSHIRT_BODY, BUS_BODY) }))
      .executeTest(async (server) => {
        const products = await Effect.runPromise(new HttpShopApi(server.url).getProducts(SHOP));
        expect(products[0]).toMatchObject({ id: "ll_ticket_weekend", price: 22950, serviceCosts: 1000, stock: 1000 });
        expect(products[0]?.meta?.entertainmentFeeAmount).toBe(450);
      }));

  it("reads whether the shop is closed to the visitor (GET /shop/access)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a request for the shop's access")
      .withRequest("GET", "/api/v2/shop/access", (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: { closed: boolean(false) } }))
      .executeTest(async (server) => {
        const access = await Effect.runPromise(new HttpShopApi(server.url).getAccess(SHOP));
        expect(access).toEqual({ closed: false });
      }));

  it("reads every optional setting of a shop (GET /shop)", () =>
    pact
      .addInteraction()
      .given(STATES.showcase)
      .uponReceiving("a request for the configuration of a shop with every optional setting")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers(SHOWCASE_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: SHOWCASE_CONFIG_BODY }))
      .executeTest(async (server) => {
        const config = await Effect.runPromise(new HttpShopApi(server.url).getShop(SHOWCASE_SHOP));
        expect(config).toMatchObject({ travelsale: false, membersale: false, loginRequired: false, membershipRequired: false, disableBackgroundGradient: true, showSaveTimeModal: true, maxHoldExtensions: 3, ossBrand: "showcase", tagManagerId: "GTM-SHOW27", orderServiceFee: 175, orderServiceFeeWishlist: 50 });
        expect(config.shopSettings.policyId).toBe("policy-showcase-2027");
        expect(config.upgradableOrder).toEqual({ discount: { priceAmount: 1000 }, unlockMembershipDiscount: true, hasMembershipDiscount: false });
        expect(config.shopSettings.fields.allowedExtraTickets).toEqual([{ ticketIds: ["sc_ticket_friday", "sc_ticket_saturday"], maxQuantity: 4 }]);
        expect(config.shopTheme.backgrounds?.["tickets"]).toBe("/assets/bg-lowlands-tickets.jpg");
        expect(config.customTranslations?.["en"]?.["overview.buyTickets"]).toBe("Get your showcase tickets");
      }));

  it("reads every optional product field (GET /products)", () =>
    pact
      .addInteraction()
      .given(STATES.showcase)
      .uponReceiving("a request for the products of a shop with every optional product field")
      .withRequest("GET", "/api/v2/products", (b) => b.headers(SHOWCASE_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: SHOWCASE_PRODUCTS_BODY }))
      .executeTest(async (server) => {
        const products = await Effect.runPromise(new HttpShopApi(server.url).getProducts(SHOWCASE_SHOP));
        expect(products.map((p) => p.id)).toEqual(["sc_ticket_friday", "sc_ticket_saturday", "sc_bus_utrecht", "sc_membership_month", "sc_refund_protection"]);
        expect(products[0]).toMatchObject({ slug: "friday-ticket", stockAvailable: true, minQuantity: 2, isUpsell: false, price: 7500 });
        expect(products[0]?.meta).toMatchObject({ mergeServiceFees: true, minimumQuantity: 2, additionalTicketText: "Includes a free locker on Friday." });
        expect(products[1]?.meta).toMatchObject({ overrideSoldout: true, soldOutText: "Back soon" });
        expect(products[2]?.meta).toMatchObject({ people: 2, categorySlug: "transport" });
        expect(products[3]?.meta).toMatchObject({ membershipType: "Month", isConditionalProduct: true });
        expect(products[4]?.meta?.percentage).toBe(7.5);
      }));

  // spec §1 upgrade of earlier orders, §3 upgradableOrder, §6 "Upgrades send an upgradable-order id header", §8 4002/4003.
  it("reads the upgradable order of the shop config in upgrade mode (GET /shop with x-upgradable-order-id)", () =>
    pact
      .addInteraction()
      .given(STATES.upgradableOrder)
      .uponReceiving("a request for the shop configuration in upgrade mode")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers(UPGRADE_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: { ...SHOP_CONFIG_BODY, upgradableOrder: UPGRADABLE_ORDER_BODY } }))
      .executeTest(async (server) => {
        const config = await Effect.runPromise(new HttpShopApi(server.url).getShop(UPGRADE_SHOP));
        expect(config.upgradableOrder).toMatchObject({
          skipTravel: true,
          skipBus: true,
          discount: { priceAmount: 1000 },
          bookingProtect: { currentOrder: false },
          hasMembershipDiscount: true,
          upgrades: [{ id: "weekend-tickets", upgradeOptions: [{ productId: "ll_upgrade_camping", title: "Add camping" }] }],
        });
        expect(config.upgradableOrder?.checkoutText).toEqual(expect.any(String));
        expect(config.upgradableOrder?.upgradeText).toEqual(expect.any(String));
      }));

  it("reads the upgrade products in upgrade mode (GET /products with x-upgradable-order-id)", () =>
    pact
      .addInteraction()
      .given(STATES.upgradableOrder)
      .uponReceiving("a request for the products in upgrade mode")
      .withRequest("GET", "/api/v2/products", (b) => b.headers(UPGRADE_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(WEEKEND_TICKET_BODY, UPGRADE_PRODUCT_BODY) }))
      .executeTest(async (server) => {
        const products = await Effect.runPromise(new HttpShopApi(server.url).getProducts(UPGRADE_SHOP));
        expect(products.find((p) => p.id === "ll_upgrade_camping")).toMatchObject({ type: "upgrade", price: 4950, maxQuantity: 1 });
      }));

  it.each([
    { code: "4003", status: 404, headers: { ...UPGRADE_HEADERS, "x-upgradable-order-id": "LL-UPG-UNKNOWN" }, params: {} as Record<string, boolean>, what: "an unknown upgradable order", message: "This order cannot be upgraded: it was not found. Click the link in the e-mail again." },
    { code: "4002", status: 409, headers: UPGRADE_HEADERS, params: { processed: true } as Record<string, boolean>, what: "an upgradable order that is processed", message: "This order has been upgraded already. Click the link in the e-mail again." },
  ])("fails with ShopApiError $code ($status) for $what (GET /shop)", ({ code, status, headers, params, what, message }) =>
    pact
      .addInteraction()
      .given(STATES.upgradableOrder, params)
      .uponReceiving(`a request for the shop configuration for ${what}`)
      .withRequest("GET", "/api/v2/shop", (b) => b.headers(headers))
      .willRespondWith(status, (b) => b.jsonBody({ error: { code, message: like(message) } }))
      .executeTest(async (server) => {
        const context = { ...UPGRADE_SHOP, upgradableOrderId: headers["x-upgradable-order-id"] };
        const error = await Effect.runPromise(Effect.flip(new HttpShopApi(server.url).getShop(context)));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status, code });
      }));
});

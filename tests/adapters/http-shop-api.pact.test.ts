import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpShopApi } from "../../adapters/http/http-shop-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { ProductType } from "../../domain/product.schema.ts";
import { PaymentProviderName, YesNo } from "../../domain/shop.schema.ts";
import { CONSUMER, PROVIDER, SHOP, SHOP_CONFIG, SHOP_HEADERS, STATES, WEEKEND_TICKET, oneOf, PACT_DIR } from "../support/contract-examples.ts";

const { like, eachLike, arrayContaining, integer, boolean, string } = MatchersV3;

/**
 * The demo shop's configuration: values the state fixes (limits, fees in euros, switches) exact, texts and images by
 * type, the fixed-set fields (stepflow, upsell, paymentProvider) by a regex of the decoder's literals.
 */
const SHOP_CONFIG_BODY = {
  ...SHOP_CONFIG,
  title: string(SHOP_CONFIG.title),
  titleFull: string(SHOP_CONFIG.titleFull),
  brand: string(SHOP_CONFIG.brand),
  festivalData: like(SHOP_CONFIG.festivalData),
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
/** The weekend ticket as GET /products answers it: id, type and prices (euros, decimals) exact; stock an integer (holds move it). */
const WEEKEND_TICKET_BODY = {
  ...WEEKEND_TICKET,
  name: string(WEEKEND_TICKET.name),
  title: string(WEEKEND_TICKET.title!),
  type: oneOf(ProductType.literals, "ticket"),
  stock: integer(WEEKEND_TICKET.stock),
};
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

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
            festivalData: like(SHOP_CONFIG.festivalData),
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
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(WEEKEND_TICKET_BODY) }))
      .executeTest(async (server) => {
        const products = await Effect.runPromise(new HttpShopApi(server.url).getProducts(SHOP));
        expect(products[0]).toMatchObject({ id: "ll_ticket_weekend", price: 22950, serviceCosts: 1000, stock: 1000 });
        expect(products[0]?.meta?.entertainmentFeeAmount).toBe(450);
      }));
});

import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HttpShopApi } from "../../adapters/http/http-shop-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { CONSUMER, PROVIDER, SHOP, SHOP_CONFIG, SHOP_HEADERS, WEEKEND_TICKET } from "../support/contract-examples.ts";

const { like, eachLike, arrayContaining } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: path.resolve("contracts"), logLevel: "warn" });

describe("HttpShopApi against the Shop API v2 contract", () => {
  it("lists the published shops (GET /shops)", () =>
    pact
      .addInteraction()
      .given("the demo catalogue is published")
      .uponReceiving("a request for the list of shops")
      .withRequest("GET", "/api/v2/shops")
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: eachLike({
            slug: SHOP.slug,
            title: "Lowlands Lights",
            titleFull: "Lowlands Lights 2027",
            apiNamespace: SHOP.apiNamespace,
            shopToken: SHOP.shopToken,
            previewMode: false,
            festivalData: like(SHOP_CONFIG.festivalData),
            logo: "/assets/logo-lowlands.svg",
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
      .given("the demo catalogue is published")
      .uponReceiving("a request for the shop configuration")
      .withRequest("GET", "/api/v2/shop", (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: like({ ...SHOP_CONFIG, shippingCountries: eachLike(SHOP_CONFIG.shippingCountries[0]) }) }))
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
      .given("the demo catalogue is published")
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
      .given("the demo catalogue is published")
      .uponReceiving("a request for the products")
      .withRequest("GET", "/api/v2/products", (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(like(WEEKEND_TICKET)) }))
      .executeTest(async (server) => {
        const products = await Effect.runPromise(new HttpShopApi(server.url).getProducts(SHOP));
        expect(products[0]).toMatchObject({ id: "ll_ticket_weekend", price: 22950, serviceCosts: 1000, stock: 1000 });
        expect(products[0]?.meta?.entertainmentFeeAmount).toBe(450);
      }));
});

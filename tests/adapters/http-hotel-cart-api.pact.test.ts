import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpHotelCartApi } from "../../adapters/http/http-hotel-cart-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { ITEM_ADD_FAILURE_TEXT, NO_ROOM_STOCK_SERVER_TEXT } from "../../domain/error-catalogue.ts";
import { ExtraCategory } from "../../domain/travel.schema.ts";
import { CART_ID, CONSUMER, PROVIDER, SHOP, SHOP_HEADERS, STATES, PACT_DIR } from "../support/contract-examples.ts";
import { failure, oneOf } from "../support/contract-examples-matchers.ts";
import { ADD_ON, TRAVEL_CART_DOUBLE, TRAVEL_ID } from "../support/contract-examples-travel.ts";

const { eachLike, integer, string, regex, boolean, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, logLevel: "warn" });

/** A hotel path of a cart the provider state creates and returns as `cartId`. */
const hotelPath = (suffix = "") =>
  fromProviderState(`/api/v2/carts/\${cartId}/products/hotel/${TRAVEL_ID}${suffix}`, `/api/v2/carts/${CART_ID}/products/hotel/${TRAVEL_ID}${suffix}`);
const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const JSON_HEADERS = SHOP_HEADERS;
/** Add-on cart calls carry the previous order's cart token, which the state answers as `cartToken`. */
const ADD_ON_JSON_HEADERS = { ...SHOP_HEADERS, "x-cart-token": fromProviderState("${cartToken}", ADD_ON.cartToken) };
/** The double room at Hotel De Duinen (state parameter `hotel`). */
const DUNES_DOUBLE = { travelId: TRAVEL_ID, productId: "ll_dunes_double" };
const ADD_ON_CART = { addOnOf: ADD_ON.reference };
/** Add-on ids and the hotel booking id come from the state (`addonId`, `soldOutAddonId`, `hotelCartId`). */
const addonId = fromProviderState("${addonId}", ADD_ON.breakfast);
const soldOutAddonId = fromProviderState("${soldOutAddonId}", ADD_ON.towel);
const HOTEL_CART_ID = "hc_previous_1";
const addOnContext = { ...SHOP, cartToken: ADD_ON.cartToken };

const t = TRAVEL_CART_DOUBLE;
const breakfast = { extraId: "ll_extra_breakfast", amount: integer(2), subtotal: 37, extra: { name: string("Breakfast buffet"), category: oneOf(ExtraCategory.literals, "extra") } };
/** The travel cart fields the shop reads, with matchers. */
const travelCartBody = (overrides: Record<string, unknown> = {}) => ({
  data: {
    hotelCartId: regex(UUID, t.hotelCartId!),
    travelId: TRAVEL_ID,
    id: t.id,
    name: string(t.name),
    slug: string(t.slug),
    rating: integer(t.rating),
    category: string(t.category),
    occupation: integer(t.occupation),
    startOfStayDate: regex(DATE, t.startOfStayDate),
    endOfStayDate: regex(DATE, t.endOfStayDate),
    eventId: string(t.eventId),
    accommodationId: string(t.accommodationId),
    images: eachLike(t.images[0]),
    state: { soldout: boolean(false) },
    packageOption: { id: "ll_dunes_double", title: string("Double room"), subtotal: 378 },
    extras: [],
    addOns: [],
    totalPrice: 378,
    ...overrides,
  },
});
const addOnCartBody = (quantity: number) =>
  travelCartBody({
    hotelCartId: null,
    occupation: integer(0),
    packageOption: null,
    addOns: [
      { addonId: ADD_ON.breakfast, quantity, subtotal: 18.5 * quantity, hotelCartId: string(HOTEL_CART_ID), extra: { name: string("Breakfast buffet"), category: oneOf(ExtraCategory.literals, "extra") } },
    ],
    totalPrice: 18.5 * quantity,
  });

const api = (url: string) => new HttpHotelCartApi(url);
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect));

describe("HttpHotelCartApi against the Shop API v2 contract", () => {
  it("reads the travel cart with package option and totals in cents (GET …/products/hotel/{travelId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { hotel: DUNES_DOUBLE })
      .uponReceiving("a request for the travel cart with a double room")
      .withRequest("GET", hotelPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody(travelCartBody()))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).getTravelCart(SHOP, CART_ID, TRAVEL_ID));
        expect(cart).toMatchObject({ id: "ll_hotel_dunes", occupation: 2, packageOption: { id: "ll_dunes_double", subtotal: 37800 }, totalPrice: 37800 });
      }));

  it("books a room option and answers the travel cart (PUT …/products/hotel/{travelId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {} })
      .uponReceiving("a request to book a double room at Hotel De Duinen")
      .withRequest("PUT", hotelPath(), (b) => b.headers(JSON_HEADERS).jsonBody({ productId: "ll_dunes_double" }))
      .willRespondWith(200, (b) => b.jsonBody(travelCartBody()))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).bookRoom(SHOP, CART_ID, TRAVEL_ID, { productId: "ll_dunes_double" }));
        expect(cart?.packageOption?.id).toBe("ll_dunes_double");
      }));

  it("replaces the server's no-room-stock text of a sold-out room (409 5000) with the spec §8 not-available text", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {} })
      .uponReceiving("a request to book the sold-out family suite")
      .withRequest("PUT", hotelPath(), (b) => b.headers(JSON_HEADERS).jsonBody({ productId: "ll_dunes_suite" }))
      .willRespondWith(409, (b) => b.jsonBody({ error: { code: "5000", message: NO_ROOM_STOCK_SERVER_TEXT } }))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).bookRoom(SHOP, CART_ID, TRAVEL_ID, { productId: "ll_dunes_suite" }));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 409, code: "5000", message: ITEM_ADD_FAILURE_TEXT.notAvailable });
      }));

  it("fails with ShopApiError 404 5001 for an unknown room option", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { products: {} })
      .uponReceiving("a request to book an unknown room option")
      .withRequest("PUT", hotelPath(), (b) => b.headers(JSON_HEADERS).jsonBody({ productId: "ll_no_such_room" }))
      .willRespondWith(404, (b) => b.jsonBody(failure("5001", "This room option was not found.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).bookRoom(SHOP, CART_ID, TRAVEL_ID, { productId: "ll_no_such_room" }));
        expect(error).toMatchObject({ status: 404, code: "5001", message: "This room option was not found." });
      }));

  it("removes the hotel booking and answers null (DELETE …/products/hotel/{travelId})", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { hotel: DUNES_DOUBLE })
      .uponReceiving("a request to remove the hotel booking")
      .withRequest("DELETE", hotelPath(), (b) => b.headers(SHOP_HEADERS))
      .willRespondWith(200, (b) => b.jsonBody({ data: null }))
      .executeTest(async (server) => {
        expect(await Effect.runPromise(api(server.url).removeHotel(SHOP, CART_ID, TRAVEL_ID))).toBeNull();
      }));

  it("sets an extra's amount and answers the travel cart with its subtotal (POST …/extras)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { hotel: DUNES_DOUBLE })
      .uponReceiving("a request to add 2 breakfasts")
      .withRequest("POST", hotelPath("/extras"), (b) => b.headers(JSON_HEADERS).jsonBody({ extraId: "ll_extra_breakfast", amount: 2 }))
      .willRespondWith(200, (b) => b.jsonBody(travelCartBody({ extras: [breakfast], totalPrice: 415 })))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).setExtra(SHOP, CART_ID, TRAVEL_ID, { extraId: "ll_extra_breakfast", amount: 2 }));
        expect(cart?.extras).toEqual([{ extraId: "ll_extra_breakfast", amount: 2, subtotal: 3700, extra: { name: "Breakfast buffet", category: "extra" } }]);
        expect(cart?.totalPrice).toBe(41500);
      }));

  it("fails a sold-out extra (409 5000) with 'This product is sold out.'", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { hotel: DUNES_DOUBLE })
      .uponReceiving("a request to add the sold-out towel")
      .withRequest("POST", hotelPath("/extras"), (b) => b.headers(JSON_HEADERS).jsonBody({ extraId: "ll_merch_towel", amount: 1 }))
      .willRespondWith(409, (b) => b.jsonBody(failure("5000", "This product is sold out.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).setExtra(SHOP, CART_ID, TRAVEL_ID, { extraId: "ll_merch_towel", amount: 1 }));
        expect(error).toMatchObject({ status: 409, code: "5000", message: ITEM_ADD_FAILURE_TEXT.soldOut });
      }));

  it("removes a booked extra (DELETE …/extras)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { hotel: { ...DUNES_DOUBLE, extras: { ll_extra_breakfast: 2 } } })
      .uponReceiving("a request to remove the breakfasts")
      .withRequest("DELETE", hotelPath("/extras"), (b) => b.headers(JSON_HEADERS).jsonBody({ extraId: "ll_extra_breakfast" }))
      .willRespondWith(200, (b) => b.jsonBody(travelCartBody()))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(api(server.url).removeExtra(SHOP, CART_ID, TRAVEL_ID, "ll_extra_breakfast"));
        expect(cart?.extras).toEqual([]);
      }));

  it("raises an add-on of the previous order in an add-on cart with its cart token (PATCH …/add-ons)", () =>
    pact
      .addInteraction()
      .given(STATES.cart, ADD_ON_CART)
      .uponReceiving("a request to add 2 breakfast add-ons")
      .withRequest("PATCH", hotelPath("/add-ons"), (b) =>
        b.headers(ADD_ON_JSON_HEADERS).jsonBody({ addonId, quantity: 2, hotelCartId: fromProviderState("${hotelCartId}", HOTEL_CART_ID) }),
      )
      .willRespondWith(200, (b) => b.jsonBody(addOnCartBody(2)))
      .executeTest(async (server) => {
        const cart = await Effect.runPromise(
          api(server.url).changeAddOn(addOnContext, CART_ID, TRAVEL_ID, { addonId: ADD_ON.breakfast, quantity: 2, hotelCartId: HOTEL_CART_ID }),
        );
        expect(cart?.addOns[0]).toMatchObject({ addonId: ADD_ON.breakfast, quantity: 2, subtotal: 3700 });
        expect(cart?.packageOption).toBeNull();
      }));

  it("fails a sold-out add-on (409 5000) with 'This product is sold out.'", () =>
    pact
      .addInteraction()
      .given(STATES.cart, ADD_ON_CART)
      .uponReceiving("a request to add the sold-out towel add-on")
      .withRequest("PATCH", hotelPath("/add-ons"), (b) => b.headers(ADD_ON_JSON_HEADERS).jsonBody({ addonId: soldOutAddonId, quantity: 1 }))
      .willRespondWith(409, (b) => b.jsonBody(failure("5000", "This product is sold out.")))
      .executeTest(async (server) => {
        const error = await flip(api(server.url).changeAddOn(addOnContext, CART_ID, TRAVEL_ID, { addonId: ADD_ON.towel, quantity: 1 }));
        expect(error).toMatchObject({ status: 409, code: "5000", message: ITEM_ADD_FAILURE_TEXT.soldOut });
      }));

  it("removes an add-on (DELETE …/add-ons) and answers null when nothing is left", () =>
    pact
      .addInteraction()
      .given(STATES.cart, { ...ADD_ON_CART, addOns: { ll_extra_breakfast: 2 } })
      .uponReceiving("a request to remove the breakfast add-ons")
      .withRequest("DELETE", hotelPath("/add-ons"), (b) => b.headers(ADD_ON_JSON_HEADERS).jsonBody({ addonId }))
      .willRespondWith(200, (b) => b.jsonBody({ data: null }))
      .executeTest(async (server) => {
        expect(await Effect.runPromise(api(server.url).removeAddOn(addOnContext, CART_ID, TRAVEL_ID, { addonId: ADD_ON.breakfast }))).toBeNull();
      }));
});


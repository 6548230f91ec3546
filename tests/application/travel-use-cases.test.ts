import { fc, test } from "@fast-check/vitest";
import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { NoCartError, ShopApiError } from "../../application/errors.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { BookHotelRoom } from "../../application/use-cases/book-hotel-room.use-case.ts";
import { ChangeHotelAddOn } from "../../application/use-cases/change-hotel-add-on.use-case.ts";
import { ChangeHotelExtra } from "../../application/use-cases/change-hotel-extra.use-case.ts";
import { ChangePreviousOrderAddOn } from "../../application/use-cases/change-previous-order-add-on.use-case.ts";
import { GetTravelCart } from "../../application/use-cases/get-travel-cart.use-case.ts";
import { RemoveHotelBooking } from "../../application/use-cases/remove-hotel-booking.use-case.ts";
import { InvalidHotelPersons, SearchTravelPackages } from "../../application/use-cases/search-travel-packages.use-case.ts";
import { ITEM_ADD_FAILURE_TEXT } from "../../domain/error-catalogue.ts";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { SHOP } from "../support/contract-examples.ts";
import { ADD_ON, TRAVEL_ID } from "../support/contract-examples-travel.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { InMemoryAddOnCartApi, InMemoryHotelCartApi, InMemoryTravelApi } from "../support/in-memory-travel.ts";
import { aProduct } from "../support/object-mother.ts";

const slug = SHOP.slug;
const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect);
const flip = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect));

describe("SearchTravelPackages", () => {
  let travelApi: InMemoryTravelApi;
  beforeEach(() => {
    travelApi = new InMemoryTravelApi();
  });

  it("answers the packages matching persons, categories and minimum rating", async () => {
    const search = new SearchTravelPackages(travelApi);
    const hotels = await run(search.execute({ travelId: TRAVEL_ID, persons: 2, categories: ["hotel"], rating: 4 }));
    expect(hotels.map((p) => p.id)).toEqual(["ll_hotel_dunes"]);
    expect(hotels[0]!.price).toBe(16950);
    const all = await run(search.execute({ travelId: TRAVEL_ID, persons: 2, categories: [] }));
    expect(all).toHaveLength(3);
  });

  it("maps an empty result to catalogue code 5002", async () => {
    const error = await flip(new SearchTravelPackages(travelApi).execute({ travelId: TRAVEL_ID, persons: 7 }));
    expect(error).toBeInstanceOf(CatalogueError);
    expect(error).toMatchObject({ code: 5002 });
  });

  it("maps an unknown travel id (404 5002) to catalogue code 5002", async () => {
    const error = await flip(new SearchTravelPackages(travelApi).execute({ travelId: "nope", persons: 2 }));
    expect(error).toMatchObject({ _tag: "CatalogueError", code: 5002 });
  });

  test.prop([fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 51 }), fc.double({ min: 1.01, max: 49.99, noInteger: true }))])(
    "refuses persons outside 1 to 50 without asking the Travel API",
    async (persons) => {
      const api = new InMemoryTravelApi();
      const error = await flip(new SearchTravelPackages(api).execute({ travelId: TRAVEL_ID, persons }));
      expect(error).toBeInstanceOf(InvalidHotelPersons);
      expect(api.calls).toEqual([]);
    },
  );

  test.prop([fc.integer({ min: 1, max: 50 })])("for persons 1 to 50 answers packages that sleep them, or 5002", async (persons) => {
    const exit = await Effect.runPromiseExit(new SearchTravelPackages(new InMemoryTravelApi()).execute({ travelId: TRAVEL_ID, persons }));
    if (exit._tag === "Success") expect(exit.value.every((p) => p.occupation >= persons)).toBe(true);
    else expect(JSON.stringify(exit.cause)).toContain("5002");
  });
});

describe("hotel cart use cases", () => {
  let hotel: InMemoryHotelCartApi;
  let cartApi: InMemoryCartApi;
  let cartIds: InMemoryCartIdStore;
  beforeEach(() => {
    hotel = new InMemoryHotelCartApi();
    cartApi = new InMemoryCartApi([aProduct()]);
    cartIds = new InMemoryCartIdStore();
  });
  const book = (optionId: string, persons?: number) =>
    new BookHotelRoom(hotel, cartApi, cartIds).execute({ slug, context, travelId: TRAVEL_ID, optionId, ...(persons === undefined ? {} : { persons }) });

  it("creates a cart on the first booking, books one room and refreshes the cart", async () => {
    const result = await run(book("ll_dunes_double"));
    expect(result.travelCart).toMatchObject({ occupation: 2, packageOption: { id: "ll_dunes_double", subtotal: 37800 }, totalPrice: 37800 });
    expect(cartIds.get(slug)).toBe(result.cart.id);
    expect(hotel.optionStock.get("ll_dunes_double")).toBe(199);
    expect(cartApi.calls).toEqual(["createCart", `getCart ${result.cart.id}`]);
  });

  it("switching options in the same cart gives the old room back", async () => {
    await run(book("ll_dunes_double"));
    const result = await run(book("ll_dunes_twin", 1));
    expect(result.travelCart?.packageOption).toMatchObject({ id: "ll_dunes_twin", subtotal: 16950 });
    expect([hotel.optionStock.get("ll_dunes_double"), hotel.optionStock.get("ll_dunes_twin")]).toEqual([200, 7]);
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
  });

  it("surfaces a sold-out room as 5000 with the spec §8 not-available text and keeps the booked room", async () => {
    await run(book("ll_dunes_double"));
    const error = await flip(book("ll_dunes_suite"));
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ code: "5000", message: ITEM_ADD_FAILURE_TEXT.notAvailable });
    expect(hotel.bookings.get(cartIds.get(slug)!)?.optionId).toBe("ll_dunes_double");
  });

  it("replaces a cart the server no longer knows by a new one, once", async () => {
    cartIds.set(slug, "gone");
    hotel.goneCarts.add("gone");
    const result = await run(book("ll_dunes_double"));
    expect(result.cart.id).not.toBe("gone");
    expect(cartIds.get(slug)).toBe(result.cart.id);
  });

  it("adds, changes and removes an extra (amount 0 sends DELETE)", async () => {
    const { cart } = await run(book("ll_dunes_double"));
    const extra = new ChangeHotelExtra(hotel, cartApi, cartIds);
    const two = await run(extra.execute({ slug, context, travelId: TRAVEL_ID, extraId: "ll_extra_breakfast", amount: 2 }));
    expect(two.travelCart?.extras).toEqual([{ extraId: "ll_extra_breakfast", amount: 2, subtotal: 3700, extra: { name: "Breakfast buffet", category: "extra" } }]);
    expect(two.travelCart?.totalPrice).toBe(41500);
    const none = await run(extra.execute({ slug, context, travelId: TRAVEL_ID, extraId: "ll_extra_breakfast", amount: 0 }));
    expect(none.travelCart?.extras).toEqual([]);
    expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(1000);
    expect(hotel.calls).toContain(`removeExtra ${cart.id} ll_extra_breakfast`);
  });

  it("surfaces a sold-out extra as 5000 'This product is sold out.' and needs a cart", async () => {
    await run(book("ll_dunes_double"));
    const extra = new ChangeHotelExtra(hotel, cartApi, cartIds);
    const error = await flip(extra.execute({ slug, context, travelId: TRAVEL_ID, extraId: "ll_merch_towel", amount: 1 }));
    expect(error).toMatchObject({ code: "5000", message: ITEM_ADD_FAILURE_TEXT.soldOut });
    const noCart = await flip(extra.execute({ slug: "other", context, travelId: TRAVEL_ID, extraId: "ll_extra_breakfast", amount: 1 }));
    expect(noCart).toBeInstanceOf(NoCartError);
  });

  it("removes the whole booking and answers the refreshed cart", async () => {
    await run(book("ll_dunes_double"));
    await run(new ChangeHotelExtra(hotel, cartApi, cartIds).execute({ slug, context, travelId: TRAVEL_ID, extraId: "ll_transfer_shuttle", amount: 2 }));
    const cart = await run(new RemoveHotelBooking(hotel, cartApi, cartIds).execute({ slug, context, travelId: TRAVEL_ID }));
    expect(cart.id).toBe(cartIds.get(slug));
    expect([hotel.optionStock.get("ll_dunes_double"), hotel.extraStock.get("ll_transfer_shuttle")]).toEqual([200, 100]);
  });

  describe("ChangeHotelAddOn", () => {
    let cartId: string;
    const addOnContext = { ...context, cartToken: ADD_ON.cartToken };
    beforeEach(async () => {
      cartId = (await run(cartApi.createCart(addOnContext))).id;
      hotel.addOnCarts.set(cartId, { reference: ADD_ON.reference, cartToken: ADD_ON.cartToken, packageId: "ll_hotel_dunes" });
    });
    const change = (quantity: number, ctx: ShopContext = addOnContext, addonId: string = ADD_ON.breakfast) =>
      new ChangeHotelAddOn(hotel, cartApi).execute({ context: ctx, cartId, travelId: TRAVEL_ID, addonId, quantity, hotelCartId: "hc_1" });

    it("raises an add-on with PATCH, then refreshes the cart; quantity 0 removes it with DELETE", async () => {
      const raised = await run(change(3));
      expect(raised.travelCart?.addOns).toEqual([{ addonId: ADD_ON.breakfast, quantity: 3, subtotal: 5550, hotelCartId: "hc_1", extra: { name: "Breakfast buffet", category: "extra" } }]);
      expect(raised.cart.id).toBe(cartId);
      expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(997);
      const removed = await run(change(0));
      expect(removed.travelCart).toBeNull();
      expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(1000);
      expect(hotel.calls).toEqual([`changeAddOn ${cartId} ${ADD_ON.breakfast} 3`, `removeAddOn ${cartId} ${ADD_ON.breakfast}`]);
    });

    it("surfaces 403 without the cart token, 409 5000 for a sold-out add-on, 404 5001 for another order's add-on", async () => {
      expect(await flip(change(1, context))).toMatchObject({ status: 403, code: "cart.token.invalid" });
      expect(await flip(change(1, addOnContext, ADD_ON.towel))).toMatchObject({ code: "5000", message: ITEM_ADD_FAILURE_TEXT.soldOut });
      expect(await flip(change(1, addOnContext, "addon_999999999_ll_extra_breakfast"))).toMatchObject({ status: 404, code: "5001" });
      expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(1000);
    });
  });
});

describe("GetTravelCart (spec §2 deep-link cart, §6 cart token, §7 GET …/hotel/{travelId})", () => {
  let hotel: InMemoryHotelCartApi;
  let cartIds: InMemoryCartIdStore;
  const linked = "cart_linked";
  const linkContext = { ...context, cartToken: ADD_ON.cartToken };
  beforeEach(async () => {
    hotel = new InMemoryHotelCartApi();
    cartIds = new InMemoryCartIdStore();
    // The remembered cart books a room; the deep link's cart is an add-on cart with breakfast, read with its token.
    cartIds.set(slug, "cart_remembered");
    await run(hotel.bookRoom(context, "cart_remembered", TRAVEL_ID, { productId: "ll_dunes_double" }));
    hotel.addOnCarts.set(linked, { reference: ADD_ON.reference, cartToken: ADD_ON.cartToken, packageId: "ll_hotel_dunes" });
    await run(hotel.changeAddOn(linkContext, linked, TRAVEL_ID, { addonId: ADD_ON.breakfast, quantity: 2, hotelCartId: "hc_1" }));
    hotel.calls.length = 0;
  });
  const get = (input: { deepLinkCartId?: string | null; ctx?: ShopContext; slug?: string } = {}) =>
    new GetTravelCart(hotel, cartIds).execute({
      slug: input.slug ?? slug,
      context: input.ctx ?? context,
      travelId: TRAVEL_ID,
      ...(input.deepLinkCartId === undefined ? {} : { deepLinkCartId: input.deepLinkCartId }),
    });

  it("reads the deep link's cart (with its cart token) when the page names one, not the remembered cart", async () => {
    const travelCart = await run(get({ deepLinkCartId: linked, ctx: linkContext }));
    expect(travelCart?.addOns).toEqual([expect.objectContaining({ addonId: ADD_ON.breakfast, quantity: 2 })]);
    expect(travelCart?.packageOption).toBeNull();
    expect(hotel.calls).toEqual([`getTravelCart ${linked}`]);
    expect(cartIds.get(slug)).toBe("cart_remembered");
  });

  it("reads the remembered cart without a deep link (absent or null), and answers null without either", async () => {
    for (const deepLinkCartId of [undefined, null]) {
      expect((await run(get({ ...(deepLinkCartId === undefined ? {} : { deepLinkCartId }) })))?.packageOption?.id).toBe("ll_dunes_double");
    }
    expect(hotel.calls).toEqual(["getTravelCart cart_remembered", "getTravelCart cart_remembered"]);
    expect(await run(get({ slug: "other" }))).toBeNull();
    expect(hotel.calls).toHaveLength(2);
  });

  it("answers null for a deep link's cart the server no longer knows (404)", async () => {
    hotel.goneCarts.add(linked);
    expect(await run(get({ deepLinkCartId: linked, ctx: linkContext }))).toBeNull();
  });
});

describe("ChangePreviousOrderAddOn (spec §3 Previous order, §6 cart token, §7 add-ons)", () => {
  let hotel: InMemoryHotelCartApi;
  let cartApi: InMemoryAddOnCartApi;
  let cartIds: InMemoryCartIdStore;
  const addOnContext = { ...context, cartToken: ADD_ON.cartToken };
  beforeEach(() => {
    hotel = new InMemoryHotelCartApi();
    cartApi = new InMemoryAddOnCartApi(hotel);
    cartIds = new InMemoryCartIdStore();
  });
  const change = (extraId: string, quantity: number, ctx: ShopContext = addOnContext) =>
    new ChangePreviousOrderAddOn(new ChangeHotelAddOn(hotel, cartApi), cartApi, cartIds).execute({ slug, context: ctx, travelId: TRAVEL_ID, reference: ADD_ON.reference, extraId, quantity });

  it("opens an add-on cart with the order's cart token, remembers it, and keys the add-on addon_{reference}_{extraId}", async () => {
    const result = await run(change("ll_extra_breakfast", 2));
    expect(cartApi.calls.filter((c) => c === "createCart")).toEqual(["createCart"]);
    expect(cartIds.get(slug)).toBe(result.cart.id);
    expect(hotel.calls).toEqual([`changeAddOn ${result.cart.id} ${ADD_ON.breakfast} 2`]);
    expect(result.travelCart?.addOns).toMatchObject([{ addonId: ADD_ON.breakfast, quantity: 2, subtotal: 3700, extra: { name: "Breakfast buffet", category: "extra" } }]);
    const again = await run(change("ll_extra_breakfast", 0));
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
    expect(again.travelCart).toBeNull();
    expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(1000);
  });

  it("moves to a new add-on cart when the remembered cart is a regular one (404 5001), and keeps the old one when that fails too", async () => {
    const regular = (await run(cartApi.createCart(context))).id;
    cartIds.set(slug, regular);
    const result = await run(change("ll_extra_breakfast", 1));
    expect(result.cart.id).not.toBe(regular);
    expect(cartIds.get(slug)).toBe(result.cart.id);
    cartIds.set(slug, regular);
    expect(await flip(change("ll_merch_towel", 1))).toMatchObject({ code: "5000", message: ITEM_ADD_FAILURE_TEXT.soldOut });
    expect(cartIds.get(slug)).toBe(regular);
  });

  it("refuses without a cart token (403 cart.token.invalid) and opens no cart", async () => {
    expect(await flip(change("ll_extra_breakfast", 1, context))).toMatchObject({ status: 403, code: "cart.token.invalid" });
    expect(cartApi.calls).toEqual([]);
  });
});

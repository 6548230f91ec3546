import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NO_ROOM_STOCK_SERVER_TEXT, TRAVEL_OCCUPANTS_ERROR } from "../../domain/error-catalogue.ts";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { carts, previousOrders, travelExtras, travelOptions } from "../../server/db/schema.ts";
import { aCartOver, giveDetails, orderCart, shopHeaders } from "../support/server-builders.ts";
import { LL_HEADERS, suiteServer, type TestDatabase } from "./server-harness.ts";

const TRAVEL = "lowlands-lights-2027-travel";
const API = `/travel-api/${TRAVEL}/en`;
const ADD_ON_REFERENCE = "987654321";
const ADD_ON_TOKEN = "ct_travel_suite_token";

/** The Travel API and hotel cart behaviour suite (docs/travel-api.md), run against one database driver. */
export const travelSuite = (driver: string, open: () => Promise<TestDatabase>, options: { concurrency?: boolean } = {}) =>
  describe(`Travel API and hotel cart on ${driver}`, () => {
    const server = suiteServer(open, { rateLimit: false });

    const { call } = server;
    const travel = (url: string) => server.app.inject({ method: "GET", url: `${API}${url}` });
    const newCart = (): Promise<string> => aCartOver(call).create();
    const hotelPath = (cartId: string, suffix = "", travelId = TRAVEL) => `/api/v2/carts/${cartId}/products/hotel/${travelId}${suffix}`;
    const book = (cartId: string, productId: string, persons?: number) =>
      call("PUT", hotelPath(cartId), persons === undefined ? { productId } : { productId, persons });
    const optionStock = async (id: string) =>
      (await server.database.db.select().from(travelOptions).where(and(eq(travelOptions.travelId, TRAVEL), eq(travelOptions.id, id))))[0]!.stock;
    const extraStock = async (id: string) =>
      (await server.database.db.select().from(travelExtras).where(and(eq(travelExtras.travelId, TRAVEL), eq(travelExtras.id, id))))[0]!.stock;
    const allStock = async () => ({
      options: (await server.database.db.select().from(travelOptions)).map((o) => [o.id, o.stock]).sort(),
      extras: (await server.database.db.select().from(travelExtras)).map((e) => [e.id, e.stock]).sort(),
    });
    const cartOf = async (cartId: string) => (await call("GET", `/api/v2/carts/${cartId}`)).json().data;
    const travelCartOf = async (cartId: string, headers: Record<string, string> = LL_HEADERS) =>
      (await call("GET", hotelPath(cartId), undefined, headers)).json().data;

    /** An add-on cart of a previous order with Hotel De Duinen, inserted directly (the add-on POST /carts belongs to another slice). */
    const addOnCart = async (): Promise<string> => {
      await server.database.db
        .insert(previousOrders)
        .values({
          shopSlug: "lowlands-lights",
          reference: ADD_ON_REFERENCE,
          externalReference: "7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          consumerEmail: "addon@example.com",
          cartToken: ADD_ON_TOKEN,
          data: { hotel: { travelId: TRAVEL, packageId: "ll_hotel_dunes" } },
        })
        .onConflictDoNothing();
      const id = randomUUID();
      const now = server.clock.now();
      await server.database.db.insert(carts).values({
        id,
        shopSlug: "lowlands-lights",
        status: "shopping",
        expiresAt: new Date(now.getTime() + 900_000),
        createdAt: now,
        cartToken: ADD_ON_TOKEN,
        addOnReference: ADD_ON_REFERENCE,
      });
      return id;
    };
    const ADD_ON_HEADERS = shopHeaders(undefined, { "x-cart-token": ADD_ON_TOKEN });
    const breakfastAddOn = `addon_${ADD_ON_REFERENCE}_ll_extra_breakfast`;

    describe("Travel API", () => {
      it("answers the settings publicly: persons 1 to 50, categories, ratings, the stay window and EUR", async () => {
        const res = await travel("/settings");
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({
          travelId: TRAVEL,
          eventId: "lowlands-lights-2027",
          currency: "EUR",
          persons: { min: 1, max: 50, default: 2 },
          categories: ["hotel", "glamping"],
          ratings: [3, 4],
          startOfStayDate: "2027-08-19",
          endOfStayDate: "2027-08-23",
        });
      });

      it("lists every package with derived slug, stay dates, sold-out state and the lowest available price per person", async () => {
        const res = await travel("/packages");
        expect(res.statusCode).toBe(200);
        const list = res.json().data;
        expect(list.map((p: { id: string }) => p.id)).toEqual(["ll_hotel_dunes", "ll_hotel_harbour", "ll_glamping_lake"]);
        expect(list[0]).toEqual({
          id: "ll_hotel_dunes",
          name: "Hotel De Duinen",
          slug: "hotel-de-duinen",
          rating: 4,
          category: "hotel",
          occupation: 4,
          startOfStayDate: "2027-08-19",
          endOfStayDate: "2027-08-23",
          eventId: "lowlands-lights-2027",
          accommodationId: "acc_de_duinen",
          images: ["/assets/hero-lowlands.svg"],
          state: { soldout: false },
          price: 169.5,
        });
        expect(list[2]).toMatchObject({ slug: "lakeside-glamping", category: "glamping", price: 99 });
      });

      it.each([
        ["category=glamping", ["ll_glamping_lake"]],
        ["category=hotel,glamping", ["ll_hotel_dunes", "ll_hotel_harbour", "ll_glamping_lake"]],
        ["category=HOTEL", ["ll_hotel_dunes", "ll_hotel_harbour"]],
        ["rating=4", ["ll_hotel_dunes"]],
        ["persons=5", ["ll_glamping_lake"]],
        ["persons=50", []],
        ["date=2027-08-19", ["ll_hotel_dunes", "ll_glamping_lake"]],
        ["date=2027-08-23", []],
        ["persons=2&category=hotel&rating=3&date=2027-08-21", ["ll_hotel_dunes", "ll_hotel_harbour"]],
      ])("filters packages by %s", async (query, ids) => {
        const res = await travel(`/packages?${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.map((p: { id: string }) => p.id)).toEqual(ids);
      });

      it("marks a package sold out for persons only its sold-out option sleeps, priced from that option", async () => {
        const dunes = (await travel("/packages?persons=3")).json().data.find((p: { id: string }) => p.id === "ll_hotel_dunes");
        expect(dunes).toMatchObject({ state: { soldout: true }, price: 249 });
      });

      it.each(["persons=0", "persons=51", "persons=abc", "persons=2.5", "date=2027-13-01", "date=20270819", "rating=6"])(
        "refuses the packages query %s with 400 request.invalid",
        async (query) => {
          const res = await travel(`/packages?${query}`);
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe("request.invalid");
        },
      );

      it("answers 404 5002 for an unknown travel id on every call, and 404 5001 for an unknown package", async () => {
        for (const url of ["/settings", "/packages", "/packages/ll_hotel_dunes/options?persons=2", "/packages/ll_hotel_dunes/options/extras"]) {
          const res = await server.app.inject({ method: "GET", url: `/travel-api/no-such-travel/en${url}` });
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe("5002");
        }
        for (const url of ["/packages/nope/options?persons=2", "/packages/nope/options/extras"]) {
          const res = await travel(url);
          expect(res.statusCode).toBe(404);
          expect(res.json().error.code).toBe("5001");
        }
      });

      it("lists the room options that sleep the persons, with rooms, price per person, total and stock", async () => {
        const res = await travel("/packages/ll_hotel_dunes/options?persons=2&startOfStay=2027-08-19&endOfStay=2027-08-23");
        expect(res.statusCode).toBe(200);
        const options = res.json().data;
        expect(options.map((o: { id: string }) => o.id)).toEqual(["ll_dunes_double", "ll_dunes_twin", "ll_dunes_suite"]);
        expect(options[0]).toEqual({
          id: "ll_dunes_double",
          title: "Double room",
          rooms: [{ name: "Double room", persons: 2 }],
          occupation: 2,
          price: 189,
          totalPrice: 378,
          stock: 200,
          soldOut: false,
        });
        expect(options[2]).toMatchObject({ occupation: 4, stock: 0, soldOut: true });
        const three = (await travel("/packages/ll_hotel_dunes/options?persons=3")).json().data;
        expect(three.map((o: { id: string }) => o.id)).toEqual(["ll_dunes_suite"]);
      });

      it("answers no options for another stay, and 400 for a missing persons or a stay that ends before it starts", async () => {
        expect((await travel("/packages/ll_hotel_dunes/options?persons=2&startOfStay=2027-08-20")).json().data).toEqual([]);
        for (const query of ["", "?persons=51", "?persons=2&startOfStay=2027-08-23&endOfStay=2027-08-19", "?persons=2&endOfStay=2027-02-30"]) {
          const res = await travel(`/packages/ll_hotel_dunes/options${query}`);
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe("request.invalid");
        }
      });

      it("lists a package's extras with category, price and the sold-out towel; 404 5001 for an option of another package", async () => {
        const res = await travel("/packages/ll_hotel_dunes/options/extras?packageOptionId=ll_dunes_double");
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual([
          { id: "ll_extra_breakfast", name: "Breakfast buffet", category: "extra", price: 18.5, stock: 1000, soldOut: false },
          { id: "ll_transfer_shuttle", name: "Shuttle hotel - festival", category: "transfer", price: 12, stock: 100, soldOut: false },
          { id: "ll_merch_towel", name: "Festival beach towel", category: "merchandise", price: 24.95, stock: 0, soldOut: true },
        ]);
        const other = await travel("/packages/ll_hotel_dunes/options/extras?packageOptionId=ll_harbour_single");
        expect(other.statusCode).toBe(404);
        expect(other.json().error.code).toBe("5001");
      });
    });

    describe("hotel cart", () => {
      it("books one room for the option's occupation, holds it, and answers the travel cart", async () => {
        const cartId = await newCart();
        const res = await book(cartId, "ll_dunes_double");
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({
          travelId: TRAVEL,
          id: "ll_hotel_dunes",
          slug: "hotel-de-duinen",
          occupation: 2,
          startOfStayDate: "2027-08-19",
          endOfStayDate: "2027-08-23",
          packageOption: { id: "ll_dunes_double", title: "Double room", subtotal: 378 },
          extras: [],
          addOns: [],
          totalPrice: 378,
        });
        expect(data.hotelCartId).toMatch(/^[0-9a-f-]{36}$/);
        expect(await optionStock("ll_dunes_double")).toBe(199);
        expect(await travelCartOf(cartId)).toEqual(data);
      });

      it("adds the hotel to the cart total and reports the occupants error until tickets match the persons", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        const hotelOnly = await cartOf(cartId);
        expect(hotelOnly.totalAmount).toBe(378);
        expect(hotelOnly.checkoutAllowed).toBe(false);
        expect(hotelOnly.checkoutErrors).toEqual([{ code: TRAVEL_OCCUPANTS_ERROR, message: expect.stringContaining("2 persons") }]);
        // The product write's own answer already counts the hotel booking (total and occupants check).
        const threeTickets = (await call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 3 })).json().data;
        expect(threeTickets.checkoutErrors.map((e: { code: string }) => e.code)).toEqual([TRAVEL_OCCUPANTS_ERROR]);
        expect(threeTickets.totalAmount).toBeGreaterThan(378);
        expect(await cartOf(cartId)).toEqual(threeTickets);
        // The server refuses the order the occupants rule forbids.
        await giveDetails(call, cartId);
        const refused = await orderCart(call, cartId);
        expect([refused.statusCode, refused.json().error.code]).toEqual([409, "checkout.not.allowed"]);
        expect(refused.json().error.checkoutErrors.map((e: { code: string }) => e.code)).toEqual([TRAVEL_OCCUPANTS_ERROR]);
        const afterRefusal = (await cartOf(cartId)) as { status: string; products: Record<string, number> };
        expect(afterRefusal).toMatchObject({ status: "shopping", products: { ll_ticket_weekend: 3 } });
        const ticketsOnly = (await call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 })).json().data;
        expect(ticketsOnly).toMatchObject({ checkoutErrors: [], checkoutAllowed: true });
        await call("DELETE", hotelPath(cartId));
        expect((await cartOf(cartId)).totalAmount).toBeCloseTo(ticketsOnly.totalAmount - 378, 2);
      });

      it("books fewer persons than the option sleeps and refuses more (422) or outside 1 to 50 (400)", async () => {
        const cartId = await newCart();
        expect((await book(cartId, "ll_dunes_double", 1)).json().data).toMatchObject({ occupation: 1, packageOption: { subtotal: 189 }, totalPrice: 189 });
        const more = await book(cartId, "ll_dunes_double", 3);
        expect(more.statusCode).toBe(422);
        expect(more.json().error.code).toBe("request.invalid");
        for (const persons of [0, 51]) expect((await book(cartId, "ll_dunes_double", persons)).statusCode).toBe(400);
        expect(await optionStock("ll_dunes_double")).toBe(199);
      });

      it("switching options gives the old room back; another package also gives its extras back", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 2 });
        const twin = (await book(cartId, "ll_dunes_twin")).json().data;
        expect(twin).toMatchObject({ packageOption: { id: "ll_dunes_twin" }, extras: [{ extraId: "ll_extra_breakfast", amount: 2 }] });
        expect([await optionStock("ll_dunes_double"), await optionStock("ll_dunes_twin")]).toEqual([200, 7]);
        const harbour = (await book(cartId, "ll_harbour_double")).json().data;
        expect(harbour).toMatchObject({ id: "ll_hotel_harbour", packageOption: { id: "ll_harbour_double", subtotal: 278 }, extras: [], totalPrice: 278 });
        expect([await optionStock("ll_dunes_twin"), await optionStock("ll_harbour_double"), await extraStock("ll_extra_breakfast")]).toEqual([8, 5, 1000]);
      });

      it("refuses a sold-out room with 409 5000 and the no-room-stock text, leaving stock and the booked room as they were", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        const before = await allStock();
        const res = await book(cartId, "ll_dunes_suite");
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: "5000", message: NO_ROOM_STOCK_SERVER_TEXT });
        expect(await allStock()).toEqual(before);
        expect((await travelCartOf(cartId)).packageOption.id).toBe("ll_dunes_double");
      });

      it("answers 404 5001 for an unknown option, 404 5002 for another travel id, 404 cart.not.found, 401 without the token", async () => {
        const cartId = await newCart();
        const unknown = await book(cartId, "ll_no_room");
        expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, "5001"]);
        const otherTravel = await call("PUT", hotelPath(cartId, "", "other-travel"), { productId: "ll_dunes_double" });
        expect([otherTravel.statusCode, otherTravel.json().error.code]).toEqual([404, "5002"]);
        const noCart = await book("00000000-0000-4000-8000-000000000000", "ll_dunes_double");
        expect([noCart.statusCode, noCart.json().error.code]).toEqual([404, "cart.not.found"]);
        const noToken = await call("GET", hotelPath(cartId), undefined, { "x-event-namespace": "lowlands-lights-2027" });
        expect(noToken.statusCode).toBe(401);
        const badBody = await call("PUT", hotelPath(cartId), { productId: "" });
        expect([badBody.statusCode, badBody.json().error.code]).toEqual([400, "request.invalid"]);
        expect(await travelCartOf(cartId)).toBeNull();
      });

      it("sets, changes and removes extras, holding exactly the booked amount", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        const two = (await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 2 })).json().data;
        expect(two.extras).toEqual([{ extraId: "ll_extra_breakfast", amount: 2, subtotal: 37, extra: { name: "Breakfast buffet", category: "extra" } }]);
        expect(two.totalPrice).toBe(415);
        expect(await extraStock("ll_extra_breakfast")).toBe(998);
        await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_transfer_shuttle", amount: 2 });
        const one = (await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 1 })).json().data;
        expect(one.extras.map((e: { extraId: string; amount: number }) => [e.extraId, e.amount])).toEqual([["ll_extra_breakfast", 1], ["ll_transfer_shuttle", 2]]);
        expect(await extraStock("ll_extra_breakfast")).toBe(999);
        expect((await cartOf(cartId)).totalAmount).toBeCloseTo(378 + 18.5 + 24, 2);
        const removed = await call("DELETE", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast" });
        expect(removed.statusCode).toBe(200);
        expect(removed.json().data.extras.map((e: { extraId: string }) => e.extraId)).toEqual(["ll_transfer_shuttle"]);
        expect(await extraStock("ll_extra_breakfast")).toBe(1000);
      });

      it("refuses extras: sold out 409 5000, unknown or of another package 404 5001, no room 409 hotel.not.booked, amount 0 400", async () => {
        const cartId = await newCart();
        const noRoom = await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 1 });
        expect([noRoom.statusCode, noRoom.json().error.code]).toEqual([409, "hotel.not.booked"]);
        await book(cartId, "ll_dunes_double");
        const before = await allStock();
        const cases: Array<[unknown, number, string]> = [
          [{ extraId: "ll_merch_towel", amount: 1 }, 409, "5000"],
          [{ extraId: "ll_extra_breakfast", amount: 50 }, 200, ""],
          [{ extraId: "ll_no_extra", amount: 1 }, 404, "5001"],
          [{ extraId: "ll_harbour_parking", amount: 1 }, 404, "5001"],
          [{ extraId: "ll_extra_breakfast", amount: 0 }, 400, "request.invalid"],
        ];
        for (const [body, status, code] of cases) {
          const res = await call("POST", hotelPath(cartId, "/extras"), body);
          expect(res.statusCode).toBe(status);
          if (code) expect(res.json().error.code).toBe(code);
        }
        expect(await extraStock("ll_extra_breakfast")).toBe(950);
        await call("DELETE", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast" });
        expect(await allStock()).toEqual(before);
      });

      it("DELETE gives the room and its extras back and the travel cart becomes null", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 2 });
        const res = await call("DELETE", hotelPath(cartId));
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toBeNull();
        expect([await optionStock("ll_dunes_double"), await extraStock("ll_extra_breakfast")]).toEqual([200, 1000]);
        expect((await cartOf(cartId)).totalAmount).toBe(0);
      });

      it("an expired cart answers 409 cart.expired and gives its room and extras back", async () => {
        const cartId = await newCart();
        await book(cartId, "ll_dunes_double");
        await call("POST", hotelPath(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 2 });
        server.clock.advance(901);
        const res = await book(cartId, "ll_dunes_twin");
        expect([res.statusCode, res.json().error.code]).toEqual([409, "cart.expired"]);
        expect([await optionStock("ll_dunes_double"), await optionStock("ll_dunes_twin"), await extraStock("ll_extra_breakfast")]).toEqual([200, 8, 1000]);
        expect(await travelCartOf(cartId)).toBeNull();
      });

      it("the sweep releases expired carts that hold only hotel rooms or add-ons", async () => {
        const hotelCart = await newCart();
        await book(hotelCart, "ll_harbour_single");
        const addOn = await addOnCart();
        await call("PATCH", hotelPath(addOn, "/add-ons"), { addonId: breakfastAddOn, quantity: 3 }, ADD_ON_HEADERS);
        expect([await optionStock("ll_harbour_single"), await extraStock("ll_extra_breakfast")]).toEqual([3, 997]);
        server.clock.advance(901);
        expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(2);
        expect([await optionStock("ll_harbour_single"), await extraStock("ll_extra_breakfast")]).toEqual([4, 1000]);
        expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(0);
      });

      it("a cart in payment answers 409 cart.not.shopping and keeps its room", async () => {
        const cartId = await newCart();
        await call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
        await book(cartId, "ll_dunes_double");
        await giveDetails(call, cartId);
        const order = await orderCart(call, cartId);
        expect(order.statusCode).toBe(201);
        for (const [method, suffix, body] of [
          ["PUT", "", { productId: "ll_dunes_twin" }],
          ["DELETE", "", undefined],
          ["POST", "/extras", { extraId: "ll_extra_breakfast", amount: 1 }],
        ] as const) {
          const res = await call(method, hotelPath(cartId, suffix), body);
          expect([res.statusCode, res.json().error.code]).toEqual([409, "cart.not.shopping"]);
        }
        expect(await optionStock("ll_dunes_double")).toBe(199);
      });
    });

    describe("add-ons", () => {
      it("raises, lowers and removes an add-on of the previous order's package, holding the extra's stock", async () => {
        const cartId = await addOnCart();
        const res = await call("PATCH", hotelPath(cartId, "/add-ons"), { addonId: breakfastAddOn, quantity: 2, hotelCartId: "hc_previous_1" }, ADD_ON_HEADERS);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          id: "ll_hotel_dunes",
          hotelCartId: null,
          occupation: 0,
          packageOption: null,
          addOns: [{ addonId: breakfastAddOn, quantity: 2, subtotal: 37, hotelCartId: "hc_previous_1", extra: { name: "Breakfast buffet" } }],
          totalPrice: 37,
        });
        expect(await extraStock("ll_extra_breakfast")).toBe(998);
        const cart = (await call("GET", `/api/v2/carts/${cartId}`, undefined, ADD_ON_HEADERS)).json().data;
        expect(cart).toMatchObject({ totalAmount: 37, checkoutErrors: [] });
        await call("PATCH", hotelPath(cartId, "/add-ons"), { addonId: breakfastAddOn, quantity: 1 }, ADD_ON_HEADERS);
        expect(await extraStock("ll_extra_breakfast")).toBe(999);
        expect((await travelCartOf(cartId, ADD_ON_HEADERS)).addOns[0]).toMatchObject({ quantity: 1, hotelCartId: "hc_previous_1" });
        const removed = await call("DELETE", hotelPath(cartId, "/add-ons"), { addonId: breakfastAddOn, quantity: 1 }, ADD_ON_HEADERS);
        expect(removed.statusCode).toBe(200);
        expect(removed.json().data).toBeNull();
        expect(await extraStock("ll_extra_breakfast")).toBe(1000);
      });

      it("refuses add-ons: 403 without the cart token, 404 5001 for another order or package, 409 5000 sold out, 400 quantity 0", async () => {
        const cartId = await addOnCart();
        const plainCart = await newCart();
        const before = await allStock();
        const cases: Array<[string, unknown, Record<string, string>, number, string]> = [
          [cartId, { addonId: breakfastAddOn, quantity: 1 }, LL_HEADERS, 403, "cart.token.invalid"],
          [cartId, { addonId: breakfastAddOn, quantity: 1 }, { ...LL_HEADERS, "x-cart-token": "wrong" }, 403, "cart.token.invalid"],
          [cartId, { addonId: "addon_111111111_ll_extra_breakfast", quantity: 1 }, ADD_ON_HEADERS, 404, "5001"],
          [cartId, { addonId: `addon_${ADD_ON_REFERENCE}_ll_harbour_parking`, quantity: 1 }, ADD_ON_HEADERS, 404, "5001"],
          [cartId, { addonId: "ll_extra_breakfast", quantity: 1 }, ADD_ON_HEADERS, 404, "5001"],
          [cartId, { addonId: `addon_${ADD_ON_REFERENCE}_ll_merch_towel`, quantity: 1 }, ADD_ON_HEADERS, 409, "5000"],
          [cartId, { addonId: breakfastAddOn, quantity: 0 }, ADD_ON_HEADERS, 400, "request.invalid"],
          [plainCart, { addonId: breakfastAddOn, quantity: 1 }, LL_HEADERS, 404, "5001"],
        ];
        for (const [id, body, headers, status, code] of cases) {
          const res = await call("PATCH", hotelPath(id, "/add-ons"), body, headers);
          expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
        }
        expect(await allStock()).toEqual(before);
        expect(await travelCartOf(cartId, ADD_ON_HEADERS)).toBeNull();
      });

      it("an expired add-on cart answers 409 cart.expired and gives the add-ons back", async () => {
        const cartId = await addOnCart();
        await call("PATCH", hotelPath(cartId, "/add-ons"), { addonId: breakfastAddOn, quantity: 4 }, ADD_ON_HEADERS);
        server.clock.advance(901);
        const res = await call("PATCH", hotelPath(cartId, "/add-ons"), { addonId: breakfastAddOn, quantity: 5 }, ADD_ON_HEADERS);
        expect([res.statusCode, res.json().error.code]).toEqual([409, "cart.expired"]);
        expect(await extraStock("ll_extra_breakfast")).toBe(1000);
      });
    });

    if (options.concurrency) {
      describe("concurrency", () => {
        it("many carts racing for the last rooms never oversell", async () => {
          const ids = await Promise.all(Array.from({ length: 24 }, () => newCart()));
          const answers = await Promise.all(ids.map((id) => book(id, "ll_harbour_single")));
          const codes = answers.map((a) => a.statusCode);
          expect(codes.filter((c) => c === 200)).toHaveLength(4);
          expect(codes.filter((c) => c === 409)).toHaveLength(20);
          expect(await optionStock("ll_harbour_single")).toBe(0);
        });

        it("carts switching between options concurrently neither oversell nor lose rooms", async () => {
          const ids = await Promise.all(Array.from({ length: 16 }, () => newCart()));
          await Promise.all(ids.map((id, i) => book(id, i % 2 === 0 ? "ll_lake_lodge" : "ll_lake_bell_tent")));
          const answers = await Promise.all(ids.map((id, i) => book(id, i % 2 === 0 ? "ll_lake_bell_tent" : "ll_lake_lodge")));
          expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
          const booked = await Promise.all(ids.map((id) => travelCartOf(id)));
          const held = (option: string) => booked.filter((b) => b?.packageOption?.id === option).length;
          expect((await optionStock("ll_lake_lodge")) + held("ll_lake_lodge")).toBe(3);
          expect((await optionStock("ll_lake_bell_tent")) + held("ll_lake_bell_tent")).toBe(10);
          expect(await optionStock("ll_lake_lodge")).toBeGreaterThanOrEqual(0);
        });
      });
    }
  });

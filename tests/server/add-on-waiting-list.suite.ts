import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { addOnWaitingListSettings, carts, previousOrders, travelExtras } from "../../server/db/schema.ts";
import { restockExtra, sweepAddOnWaitingLines } from "../../server/travel/add-on-waiting-list.ts";
import { LL_HEADERS, suiteServer, type TestDatabase } from "./server-harness.ts";

const TRAVEL = "lowlands-lights-2027-travel";
const TOWEL = "ll_merch_towel";
const MINUTE = 60;

/** Earlier orders of Hotel De Duinen, each with its own cart token: three joiners and a stranger. */
const ORDERS = {
  anna: { reference: "500000001", token: "ct_wl_anna" },
  bram: { reference: "500000002", token: "ct_wl_bram" },
  cato: { reference: "500000003", token: "ct_wl_cato" },
  stranger: { reference: "500000009", token: "ct_wl_stranger" },
} as const;
type Who = keyof typeof ORDERS;

/** The add-on waiting list (docs/shop-api.md "Add-on waiting list"), run against one database driver. */
export const addOnWaitingListSuite = (driver: string, open: () => Promise<TestDatabase>, options: { concurrency?: boolean } = {}) =>
  describe(`Add-on waiting list on ${driver}`, () => {
    const server = suiteServer(open, { rateLimit: false });
    const { call } = server;
    const headersOf = (who: Who) => ({ ...LL_HEADERS, "x-cart-token": ORDERS[who].token });
    const towelOf = (who: Who) => `addon_${ORDERS[who].reference}_${TOWEL}`;
    const listPath = (who: Who) => `/api/v2/orders/${ORDERS[who].reference}/add-on-waiting-list`;
    const join = (who: Who, as: Who = who) => call("POST", listPath(who), { addonId: towelOf(who) }, headersOf(as));
    const status = async (who: Who) => {
      const res = await call("GET", listPath(who), undefined, headersOf(who));
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{ addonId: string; status: string; position: number | null; offerExpiresAt: string | null }>;
    };
    const towelStock = async () =>
      (await server.database.db.select().from(travelExtras).where(and(eq(travelExtras.travelId, TRAVEL), eq(travelExtras.id, TOWEL))))[0]!.stock;

    const seedOrders = async () => {
      for (const [who, o] of Object.entries(ORDERS)) {
        await server.database.db.insert(previousOrders).values({
          shopSlug: "lowlands-lights",
          reference: o.reference,
          externalReference: randomUUID(),
          consumerEmail: `${who}@example.com`,
          cartToken: o.token,
          data: { hotel: { travelId: TRAVEL, packageId: "ll_hotel_dunes" } },
        });
      }
    };
    /** An add-on cart of `who`'s order, inserted directly (as the travel suite does). */
    const addOnCart = async (who: Who): Promise<string> => {
      const id = randomUUID();
      const now = server.clock.now();
      await server.database.db.insert(carts).values({
        id,
        shopSlug: "lowlands-lights",
        status: "shopping",
        expiresAt: new Date(now.getTime() + 900_000),
        createdAt: now,
        cartToken: ORDERS[who].token,
        addOnReference: ORDERS[who].reference,
      });
      return id;
    };
    /** PATCH …/add-ons: `who` asks for `quantity` towels in its add-on cart. */
    const takeTowel = (who: Who, cartId: string, quantity = 1) =>
      call("PATCH", `/api/v2/carts/${cartId}/products/hotel/${TRAVEL}/add-ons`, { addonId: towelOf(who), quantity }, headersOf(who));

    it("serves the line first come first served: one unit back goes to the first, passes on when the offer lapses, and nobody else can take it", async () => {
      await seedOrders();
      expect(await towelStock()).toBe(0);
      for (const who of ["anna", "bram", "cato"] as const) expect((await join(who)).statusCode).toBe(200);
      expect(await status("anna")).toEqual([{ addonId: towelOf("anna"), status: "waiting", position: 1, offerExpiresAt: null }]);
      expect((await status("cato"))[0]).toMatchObject({ status: "waiting", position: 3 });

      // Joining twice changes nothing: still one entry, still first.
      const again = await join("anna");
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual([{ addonId: towelOf("anna"), status: "waiting", position: 1, offerExpiresAt: null }]);
      expect((await status("cato"))[0]!.position).toBe(3);

      // An operator puts one towel back: only the first in line is offered it, for 30 minutes; the shelf stays empty.
      await restockExtra(server.database.db, TRAVEL, TOWEL, 1, server.clock.now());
      const deadline = new Date(server.clock.now().getTime() + 30 * 60_000).toISOString();
      expect(await status("anna")).toEqual([{ addonId: towelOf("anna"), status: "offered", position: null, offerExpiresAt: deadline }]);
      expect((await status("bram"))[0]).toMatchObject({ status: "waiting", position: 1, offerExpiresAt: null });
      expect((await status("cato"))[0]).toMatchObject({ status: "waiting", position: 2 });
      expect(await towelStock()).toBe(0);

      // The stranger's own add-on cart cannot take the offered towel, nor can the second in line.
      const strangerTake = await takeTowel("stranger", await addOnCart("stranger"));
      expect(strangerTake.statusCode).toBe(409);
      expect(strangerTake.json().error.code).toBe("5000");
      expect((await takeTowel("bram", await addOnCart("bram"))).statusCode).toBe(409);

      // Anna lets it lapse: at the deadline the towel goes to Bram, Anna's offer is over.
      server.clock.advance(30 * MINUTE);
      expect((await status("bram"))[0]).toMatchObject({ status: "offered", position: null });
      expect(await status("anna")).toEqual([{ addonId: towelOf("anna"), status: "expired", position: null, offerExpiresAt: null }]);
      expect((await takeTowel("anna", await addOnCart("anna"))).statusCode).toBe(409);

      // Bram takes it into his add-on cart: he leaves the line and the stock stays 0 (the unit was reserved already).
      const bramCart = await addOnCart("bram");
      const taken = await takeTowel("bram", bramCart);
      expect(taken.statusCode).toBe(200);
      expect(taken.json().data.addOns).toEqual([expect.objectContaining({ addonId: towelOf("bram"), quantity: 1 })]);
      expect(await status("bram")).toEqual([]);
      expect(await towelStock()).toBe(0);
      expect((await status("cato"))[0]).toMatchObject({ status: "waiting", position: 1 });

      // Bram's cart runs out: the towel it held returns and goes straight to Cato, whose time starts at the next settlement.
      await server.database.db.insert(addOnWaitingListSettings).values({ shopSlug: "lowlands-lights", offerMinutes: 10 });
      server.clock.advance(16 * MINUTE);
      await sweepExpiredCarts(server.database.db, server.clock.now());
      expect(await towelStock()).toBe(0);
      await sweepAddOnWaitingLines(server.database.db, server.clock.now());
      expect((await status("cato"))[0]).toMatchObject({ status: "offered", offerExpiresAt: new Date(server.clock.now().getTime() + 10 * 60_000).toISOString() });

      // Cato leaves the line: nobody waits any more, so the towel is back on sale.
      const left = await call("DELETE", `${listPath("cato")}/${towelOf("cato")}`, undefined, headersOf("cato"));
      expect(left.statusCode).toBe(200);
      expect(left.json().data).toEqual([]);
      expect(await towelStock()).toBe(1);
    });

    it("refuses a stranger: another order's list, joining or leaving for it, or taking its offered unit through its add-on cart", async () => {
      await seedOrders();
      await join("anna");
      await restockExtra(server.database.db, TRAVEL, TOWEL, 1, server.clock.now());
      const annaCart = await addOnCart("anna");
      const refusals = [
        await call("GET", listPath("anna"), undefined, headersOf("stranger")),
        await call("GET", listPath("anna"), undefined, LL_HEADERS),
        await join("anna", "stranger"),
        await call("DELETE", `${listPath("anna")}/${towelOf("anna")}`, undefined, headersOf("stranger")),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("order.not.found");
      }
      // Anna's add-on cart with the stranger's token: refused before anything is held.
      const viaCart = await call("PATCH", `/api/v2/carts/${annaCart}/products/hotel/${TRAVEL}/add-ons`, { addonId: towelOf("anna"), quantity: 1 }, headersOf("stranger"));
      expect(viaCart.statusCode).toBe(403);
      expect(viaCart.json().error.code).toBe("cart.token.invalid");
      expect((await status("anna"))[0]).toMatchObject({ status: "offered" });
      expect((await takeTowel("anna", annaCart)).statusCode).toBe(200);
    });

    it("refuses an add-on the order does not offer and a malformed call", async () => {
      await seedOrders();
      const cases: Array<[string, unknown, number, string]> = [
        [listPath("anna"), { addonId: towelOf("bram") }, 404, "5001"],
        [listPath("anna"), { addonId: `addon_${ORDERS.anna.reference}_ll_harbour_parking` }, 404, "5001"],
        [listPath("anna"), { addonId: "" }, 400, "request.invalid"],
        ["/api/v2/orders/12/add-on-waiting-list", { addonId: towelOf("anna") }, 400, "request.invalid"],
      ];
      for (const [path, body, statusCode, code] of cases) {
        const res = await call("POST", path, body, headersOf("anna"));
        expect([path, res.statusCode, res.json().error.code]).toEqual([path, statusCode, code]);
      }
      expect(await status("anna")).toEqual([]);
    });

    if (options.concurrency)
      it("under concurrent joins and a restock amid the crowd's tries, offers exactly the units back to the earliest joiners and the crowd gets none", async () => {
        await seedOrders();
        const joiners = Array.from({ length: 6 }, (_, i) => ({ reference: String(600000000 + i), token: `ct_wl_crowd_${i}` }));
        for (const o of joiners)
          await server.database.db.insert(previousOrders).values({
            shopSlug: "lowlands-lights",
            reference: o.reference,
            externalReference: randomUUID(),
            consumerEmail: `${o.reference}@example.com`,
            cartToken: o.token,
            data: { hotel: { travelId: TRAVEL, packageId: "ll_hotel_dunes" } },
          });
        const path = (o: { reference: string }) => `/api/v2/orders/${o.reference}/add-on-waiting-list`;
        const headers = (o: { token: string }) => ({ ...LL_HEADERS, "x-cart-token": o.token });
        const joined = await Promise.all(joiners.flatMap((o) => [0, 1].map(() => call("POST", path(o), { addonId: `addon_${o.reference}_${TOWEL}` }, headers(o)))));
        expect(joined.map((r) => r.statusCode)).toEqual(joined.map(() => 200));
        const places = await Promise.all(joiners.map(async (o) => (await call("GET", path(o), undefined, headers(o))).json().data[0].position as number));
        expect([...places].sort()).toEqual([1, 2, 3, 4, 5, 6]);

        const strangerCart = await addOnCart("stranger");
        const [crowd] = await Promise.all([
          Promise.all(Array.from({ length: 4 }, () => takeTowel("stranger", strangerCart))),
          restockExtra(server.database.db, TRAVEL, TOWEL, 2, server.clock.now()),
        ]);
        expect(crowd.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
        const after = await Promise.all(joiners.map(async (o) => (await call("GET", path(o), undefined, headers(o))).json().data[0]));
        const offered = joiners.filter((_, i) => after[i].status === "offered");
        expect(offered.map((o) => places[joiners.indexOf(o)]).sort()).toEqual([1, 2]);
        expect(await towelStock()).toBe(0);
      });
  });

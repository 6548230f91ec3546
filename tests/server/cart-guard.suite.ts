import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartCaller, LOST_RACE_ATTEMPTS, lostRace, makeCartGuard } from "../../server/cart/cart-guard.ts";
import type { UserIdentity } from "../../server/identity/user-token.ts";
import { carts } from "../../server/db/schema.ts";
import { findShopByNamespace, type ShopRecord } from "../../server/shop/shop-store.ts";
import { freshServer, injectJson, LL_HEADERS, testClock, type TestDatabase } from "./server-harness.ts";
import { eq } from "drizzle-orm";

/** The cart guard (server/cart/cart-guard.ts) that wraps every cart write, run against one database driver. spec §4 Cart status, Countdown; §6 cart token. */
export const cartGuardSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`the cart guard: lock, shop, token, owner, expiry, isCartChangeable, retry of a lost race, on ${driver}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let shop: ShopRecord;
    const clock = testClock();

    beforeAll(async () => {
      database = await open();
      app = await freshServer(database, clock.now);
      shop = (await findShopByNamespace(database.db, LL_HEADERS["x-event-namespace"]))!;
    });
    afterAll(async () => {
      await app.close();
      await database.dispose();
    });

    const newCart = async (): Promise<string> => (await injectJson(app, "POST", "/api/v2/carts", {})).json().data.id as string;
    const guard = () => makeCartGuard({ db: database.db, clock: clock.now });
    const anonymous = (cartId: string, over: Partial<CartCaller> = {}): CartCaller => ({ shop, cartId, cartToken: undefined, identity: undefined, ...over });

    it("runs a write again when it lost a race, and gives up with cart.changed after LOST_RACE_ATTEMPTS", async () => {
      const cartId = await newCart();
      let runs = 0;
      const written = await guard().write(anonymous(cartId), async () => {
        runs += 1;
        if (runs < 3) throw lostRace();
        return "written";
      });
      expect({ written, runs }).toEqual({ written: "written", runs: 3 });

      runs = 0;
      const always = guard().write(anonymous(cartId), async () => {
        runs += 1;
        throw lostRace();
      });
      await expect(always).rejects.toMatchObject({ _tag: "CartChanged", code: "cart.changed" });
      expect(runs).toBe(LOST_RACE_ATTEMPTS);
    });

    it("refuses another shop's or an unknown cart, and a cart that is no longer shopping, without running the write", async () => {
      const cartId = await newCart();
      let runs = 0;
      const write = async () => void (runs += 1);
      await expect(guard().write(anonymous(cartId, { shop: { ...shop, slug: "another-shop" } }), write)).rejects.toMatchObject({ _tag: "CartNotFound" });
      await expect(guard().write(anonymous("not-a-uuid"), write)).rejects.toMatchObject({ _tag: "CartNotFound" });
      await database.db.update(carts).set({ status: "in_payment" }).where(eq(carts.id, cartId));
      await expect(guard().write(anonymous(cartId), write)).rejects.toMatchObject({ _tag: "CartNotShopping", code: "cart.not.shopping" });
      expect(runs).toBe(0);
    });

    it("releases an expired cart and fails with cart.expired, the release committed", async () => {
      const cartId = await newCart();
      await database.db.update(carts).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(carts.id, cartId));
      let released = false;
      await expect(guard().write(anonymous(cartId), async () => "never", { onExpired: async () => void (released = true) })).rejects.toMatchObject({
        _tag: "CartExpired",
      });
      expect(released).toBe(true);
    });

    it("gives an anonymous cart to the account that writes it, and refuses every other account's call on it", async () => {
      const cartId = await newCart();
      const sam = { issuer: "https://issuer.example", sub: "acc-sam" } as UserIdentity;
      const anna = { issuer: "https://issuer.example", sub: "acc-anna" } as UserIdentity;
      await guard().write(anonymous(cartId, { identity: sam }), async () => undefined);
      const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
      expect(row).toMatchObject({ ownerSub: "acc-sam" });
      let runs = 0;
      await expect(guard().write(anonymous(cartId, { identity: anna }), async () => void (runs += 1))).rejects.toMatchObject({ _tag: "CartOfAnotherAccount" });
      await expect(async () => guard().checkRead(anonymous(cartId, { identity: anna }), row)).rejects.toMatchObject({ _tag: "CartOfAnotherAccount" });
      expect(guard().checkRead(anonymous(cartId, { identity: sam }), row).id).toBe(cartId);
      expect(runs).toBe(0);
    });
  });

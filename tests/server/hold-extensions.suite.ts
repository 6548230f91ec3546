import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_HOLD_EXTENSIONS } from "../../domain/hold-extension.ts";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { carts, products, shops } from "../../server/db/schema.ts";
import { forgetCachedShops } from "../../server/shop/shop-store.ts";
import { LL_HEADERS, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

const SHOP = "lowlands-lights";
const TICKET = "ll_ticket_weekend";
const CART_TIMEOUT = 900;
const CART_TOKEN = "ct_hold_extension_test";

/**
 * POST /carts/{cartId}/extend (spec §4 Countdown, WCAG 2.2.1): at most maxHoldExtensions, each a fresh timeout; refused
 * for another's, an expired or a paying cart.
 */
export const holdExtensionsSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`hold extensions on ${driver}`, () => {
    const server = suiteServer(open, { cartTimeoutSeconds: CART_TIMEOUT });
    const { call } = server;

    const stock = async () => (await server.database.db.select().from(products).where(and(eq(products.shopSlug, SHOP), eq(products.id, TICKET))))[0]!.stock;
    const cartRow = async (id: string) => (await server.database.db.select().from(carts).where(eq(carts.id, id)))[0]!;
    const extend = (id: string, headers: Record<string, string> = LL_HEADERS) => call("POST", `/api/v2/carts/${id}/extend`, undefined, headers);
    const errorOf = (res: { statusCode: number; json(): { error: { code: string } } }) => [res.statusCode, res.json().error.code];
    /** A cart of the demo shop holding two weekend tickets. */
    const cartWithTwoTickets = async (headers: Record<string, string> = LL_HEADERS) => {
      const id = (await call("POST", "/api/v2/carts", {}, headers)).json().data.id as string;
      expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity: 2 }, headers)).statusCode).toBe(200);
      return id;
    };
    /** Sets the shop's maxHoldExtensions in the database (undefined: the default). */
    const setMaxExtensions = async (max: number | undefined) => {
      const [row] = await server.database.db.select().from(shops).where(eq(shops.slug, SHOP));
      const config = { ...(row!.config as Record<string, unknown>) };
      if (max === undefined) delete config["maxHoldExtensions"];
      else config["maxHoldExtensions"] = max;
      await server.database.db.update(shops).set({ config }).where(eq(shops.slug, SHOP));
      forgetCachedShops(server.database.db);
    };

    it("extends a cart 20 s from its end by one cart timeout from now, counting down holdExtensionsLeft from the default", async () => {
      const id = await cartWithTwoTickets();
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ timeout: CART_TIMEOUT, holdExtensionsLeft: DEFAULT_MAX_HOLD_EXTENSIONS });
      server.clock.advance(CART_TIMEOUT - 20);
      const res = await extend(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, status: "shopping", timeout: CART_TIMEOUT, products: { [TICKET]: 2 }, holdExtensionsLeft: DEFAULT_MAX_HOLD_EXTENSIONS - 1 });
      // Past the first end: the cart still holds its tickets and may still change.
      server.clock.advance(60);
      expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(0);
      expect(await stock()).toBe(998);
      const changed = await call("PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity: 3 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ timeout: CART_TIMEOUT - 60, holdExtensionsLeft: DEFAULT_MAX_HOLD_EXTENSIONS - 1 });
    });

    it("refuses the extension after the shop's maxHoldExtensions with 409 cart.extensions.used.up, changing nothing", async () => {
      await setMaxExtensions(2);
      const id = await cartWithTwoTickets();
      for (const left of [1, 0]) {
        server.clock.advance(CART_TIMEOUT - 30);
        const res = await extend(id);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.holdExtensionsLeft).toBe(left);
      }
      const before = await cartRow(id);
      server.clock.advance(CART_TIMEOUT - 30);
      const refused = await extend(id);
      expect(errorOf(refused)).toEqual([409, "cart.extensions.used.up"]);
      expect(refused.json().error.message).toContain("2 times");
      expect((await cartRow(id)).expiresAt).toEqual(before.expiresAt);
      expect((await cartRow(id)).holdExtensions).toBe(2);
      // The original end plus two extensions is all the hold there is: 30 s later it is released.
      server.clock.advance(30);
      expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(1);
      expect(await stock()).toBe(1000);
    });

    it("never extends a cart of a shop whose maxHoldExtensions is 0, and answers holdExtensionsLeft 0", async () => {
      await setMaxExtensions(0);
      const id = await cartWithTwoTickets();
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.holdExtensionsLeft).toBe(0);
      expect(errorOf(await extend(id))).toEqual([409, "cart.extensions.used.up"]);
    });

    it("grants no more than the bound to many extensions asked at once", async () => {
      await setMaxExtensions(2);
      const id = await cartWithTwoTickets();
      const answers = await Promise.all(Array.from({ length: 8 }, () => extend(id)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      for (const res of answers.filter((r) => r.statusCode !== 200)) expect(errorOf(res)).toEqual([409, "cart.extensions.used.up"]);
      expect((await cartRow(id)).holdExtensions).toBe(2);
    });

    it("refuses a cart with a cart token without it or with another (403 cart.token.invalid), and another shop's cart (404)", async () => {
      const id = randomUUID();
      const now = server.clock.now();
      await server.database.db.insert(carts).values({ id, shopSlug: SHOP, status: "shopping", expiresAt: new Date(now.getTime() + 20_000), createdAt: now, cartToken: CART_TOKEN });
      expect(errorOf(await extend(id))).toEqual([403, "cart.token.invalid"]);
      expect(errorOf(await extend(id, { ...LL_HEADERS, "x-cart-token": "ct_someone_else" }))).toEqual([403, "cart.token.invalid"]);
      const mine = await cartWithTwoTickets();
      const nn = (await call("GET", "/api/v2/shops")).json().data.find((s: { slug: string }) => s.slug !== SHOP) as { apiNamespace: string; shopToken: string };
      expect(errorOf(await extend(mine, { "x-event-namespace": nn.apiNamespace, authorization: `Bearer ${nn.shopToken}` }))).toEqual([404, "cart.not.found"]);
      expect((await cartRow(id)).holdExtensions).toBe(0);
      expect((await cartRow(id)).expiresAt).toEqual(new Date(now.getTime() + 20_000));
      const granted = await extend(id, { ...LL_HEADERS, "x-cart-token": CART_TOKEN });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().data.timeout).toBe(CART_TIMEOUT);
    });

    it("refuses an expired cart with 409 cart.expired and gives its tickets back", async () => {
      const id = await cartWithTwoTickets();
      server.clock.advance(CART_TIMEOUT);
      expect(errorOf(await extend(id))).toEqual([409, "cart.expired"]);
      expect(await stock()).toBe(1000);
      expect((await cartRow(id)).holdExtensions).toBe(0);
    });

    it("refuses a cart in payment with 409 cart.not.shopping: its timer restarted when the payment started", async () => {
      const id = await cartWithTwoTickets();
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      expect((await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" })).statusCode).toBe(201);
      expect(errorOf(await extend(id))).toEqual([409, "cart.not.shopping"]);
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "in_payment", holdExtensionsLeft: 0 });
    });

    it("keeps the holds of a cart whose visitor is paying past the shopping hold's end, and confirms the payment", async () => {
      const id = await cartWithTwoTickets();
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      // Ordered with 10 s left of the shopping hold: the payment gets a whole cart timeout (spec §4 Countdown).
      server.clock.advance(CART_TIMEOUT - 10);
      const ordered = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" });
      expect(ordered.statusCode).toBe(201);
      expect((await cartRow(id)).expiresAt).toEqual(new Date(server.clock.now().getTime() + CART_TIMEOUT * 1000));
      // The visitor pays for 5 minutes: the shopping hold ended long ago, the sweep runs, nothing is released.
      server.clock.advance(300);
      expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(0);
      expect(await stock()).toBe(998);
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "in_payment", products: { [TICKET]: 2 }, timeout: CART_TIMEOUT - 300 });
      const paid = await server.app.inject({
        method: "POST",
        url: new URL(ordered.json().data.redirectUri as string).pathname,
        payload: "outcome=pay",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(String(paid.headers.location)).toContain("status=completed");
      expect((await cartRow(id)).status).toBe("confirmed");
      expect(await stock()).toBe(998);
    });

    it("still releases a cart whose payment window ran out (the pause is one cart timeout, not forever)", async () => {
      const id = await cartWithTwoTickets();
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      expect((await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" })).statusCode).toBe(201);
      server.clock.advance(CART_TIMEOUT);
      expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(1);
      expect(await stock()).toBe(1000);
    });
  });

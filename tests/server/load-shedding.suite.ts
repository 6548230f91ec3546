import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, carts, payments, products } from "../../server/db/schema.ts";
import { SHED_RETRY_AFTER_SECONDS } from "../../server/http/load-shedding.ts";
import { LL_HEADERS, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

const SHOP = "lowlands-lights";
const TICKET = "ll_ticket_weekend";
const ORDER = { paymentMethod: "ideal", redirectUri: `http://localhost/${SHOP}/paymentstatus` };

/** Load shedding (server/http/load-shedding.ts) with the database pool's wait set by the test, on one driver. */
export const loadSheddingSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`load shedding on ${driver}`, () => {
    let waitMs = 0;
    const server = suiteServer(open, { loadShedding: { settings: { maxEventLoopDelayMs: 0, maxPoolWaitMs: 2000 }, poolWait: () => waitMs } });
    const stock = async () => (await server.database.db.select().from(products).where(and(eq(products.shopSlug, SHOP), eq(products.id, TICKET))))[0]!.stock;
    const held = async (cartId: string) => (await server.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).map((line) => [line.productId, line.quantity]);
    const paymentsOf = async (cartId: string) => (await server.database.db.select().from(payments).where(eq(payments.cartId, cartId))).length;
    /** Sets the database pool's estimated wait (ms) and waits until the server's pool check has seen it (it reads it often). */
    const poolWaits = async (ms: number) => {
      waitMs = ms;
      const shedding = ms > 2000;
      for (let tries = 0; tries < 100; tries += 1) {
        const answer = await server.call("GET", "/api/v2/shop");
        if ((answer.statusCode === 503) === shedding) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the server did not ${shedding ? "start" : "stop"} shedding`);
    };

    it("answers a call that starts new work 503 service.unavailable with Retry-After at once while a query would wait too long for a connection, and the call changes nothing", async () => {
      await poolWaits(0);
      const cartsBefore = (await server.database.db.select().from(carts)).length;
      const stockBefore = await stock();

      await poolWaits(2001);
      const created = await server.call("POST", "/api/v2/carts", {});
      expect(created.statusCode).toBe(503);
      expect(created.headers["retry-after"]).toBe(String(SHED_RETRY_AFTER_SECONDS));
      expect(created.json()).toMatchObject({ error: { code: "service.unavailable" } });
      expect((await server.call("GET", "/api/v2/products")).statusCode).toBe(503);

      expect((await server.database.db.select().from(carts)).length).toBe(cartsBefore);
      expect(await stock()).toBe(stockBefore);
      await poolWaits(0);
      expect((await server.call("POST", "/api/v2/carts", {})).statusCode).toBe(201);
    });

    it("serves the calls on a cart that holds stock while shedding, so its visitor orders: the order sent again with its Idempotency-Key stays one payment", async () => {
      await poolWaits(0);
      const cartId = (await server.call("POST", "/api/v2/carts", {})).json().data.id as string;
      await poolWaits(2001);
      expect((await server.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: TICKET, quantity: 1 })).statusCode).toBe(200);
      expect((await server.call("PUT", `/api/v2/carts/${cartId}`, VALID_DETAILS)).statusCode).toBe(200);
      const headers = { ...LL_HEADERS, "idempotency-key": "order-key-2" };
      const first = await server.call("POST", `/api/v2/carts/${cartId}/orders`, ORDER, headers);
      expect(first.statusCode).toBeLessThan(300);
      const again = await server.call("POST", `/api/v2/carts/${cartId}/orders`, ORDER, headers);
      expect(again.json()).toEqual(first.json());
      expect(await paymentsOf(cartId)).toBe(1);
      expect(await held(cartId)).toEqual([[TICKET, 1]]);
      await poolWaits(0);
    });

    it("serves what is not an API call while shedding: the app's pages, files and the waiting room are never answered 503", async () => {
      await poolWaits(2001);
      expect((await server.call("GET", "/lowlands-lights/tickets")).statusCode).not.toBe(503);
      expect((await server.call("GET", "/queue/northern-nights")).statusCode).not.toBe(503);
      await poolWaits(0);
    });
  });

import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildServer } from "../../server/app.ts";
import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../../server/catalogue/demo-upgradable-orders.ts";
import { carts, payments, upgradableOrders } from "../../server/db/schema.ts";
import { aCartOver, orderCart, settlePayment, upgradeHeaders } from "../support/server-builders.ts";
import { suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

const UPGRADE_HEADERS = upgradeHeaders();

/**
 * An upgrade is ordered and paid once (spec §3 upgradableOrder, §8 4002), made as an attacker with an HTTP client
 * would: two upgrade carts of LL-UPG-2027-0001, ordered and paid one after the other and at once.
 */
export const upgradeOnceSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`an upgrade is paid once on ${driver}`, () => {
    const server = suiteServer(open);
    const { call } = server;

    /** An upgrade cart of the demo order with `productId` and checkout details, ready to order. */
    const upgradeCart = (productId = "ll_upgrade_camping"): Promise<string> => aCartOver(call).withHeaders(UPGRADE_HEADERS).with(productId).withDetails().create();
    const order = (cartId: string) => orderCart(call, cartId, { headers: UPGRADE_HEADERS });
    const settle = (paymentUri: string, outcome: "pay" | "fail") => settlePayment(call, paymentUri, outcome);
    const cartStatus = async (id: string) => (await server.database.db.select().from(carts).where(eq(carts.id, id)))[0]!.status;
    const paymentsOf = async (id: string) => server.database.db.select().from(payments).where(eq(payments.cartId, id));
    const processed = async () =>
      (await server.database.db.select().from(upgradableOrders).where(and(eq(upgradableOrders.shopSlug, "lowlands-lights"), eq(upgradableOrders.orderId, DEMO_UPGRADE_ORDER_ID))))[0]!.processed;
    /**
     * Puts two upgrade carts in payment at once, as carts ordered before this server refused a second one did: `first`
     * is ordered, its status set back to shopping for the moment `second` is ordered, then in payment again.
     */
    const bothInPayment = async (first: string, second: string): Promise<[string, string]> => {
      const a = await order(first);
      expect(a.statusCode).toBe(201);
      await server.database.db.update(carts).set({ status: "shopping" }).where(eq(carts.id, first));
      const b = await order(second);
      expect(b.statusCode).toBe(201);
      await server.database.db.update(carts).set({ status: "in_payment" }).where(eq(carts.id, first));
      return [a.json().data.redirectUri as string, b.json().data.redirectUri as string];
    };

    it("refuses the order of a second upgrade cart with 409 4002 once the first is paid, and starts no payment for it", async () => {
      const first = await upgradeCart("ll_upgrade_camping");
      const second = await upgradeCart("ll_upgrade_vip");
      const ordered = await order(first);
      expect(ordered.statusCode).toBe(201);
      expect((await settle(ordered.json().data.redirectUri, "pay")).statusCode).toBe(303);
      expect(await cartStatus(first)).toBe("confirmed");

      const refused = await order(second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: "4002", message: expect.stringContaining("upgraded already") } });
      expect(await cartStatus(second)).toBe("shopping");
      expect(await paymentsOf(second)).toEqual([]);
    });

    it("refuses the order of a second upgrade cart with 409 4002 while the first is in payment, and takes it once that payment failed", async () => {
      const first = await upgradeCart();
      const second = await upgradeCart("ll_upgrade_vip");
      const ordered = await order(first);
      expect(ordered.statusCode).toBe(201);

      const refused = await order(second);
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, "4002"]);
      expect(await paymentsOf(second)).toEqual([]);

      await settle(ordered.json().data.redirectUri, "fail");
      expect(await cartStatus(first)).toBe("shopping");
      expect((await order(second)).statusCode).toBe(201);
    });

    it("no longer counts a cart whose payment time ran out", async () => {
      const first = await upgradeCart();
      const second = await upgradeCart("ll_upgrade_vip");
      expect((await order(first)).statusCode).toBe(201);
      server.clock.advance(901);
      // The second cart was made before, so it expired too: a third one, made now, may order.
      const third = await upgradeCart("ll_upgrade_vip");
      expect((await order(third)).statusCode).toBe(201);
      expect(await cartStatus(second)).toBe("shopping");
    });

    it("fails a second paid upgrade at settlement instead of confirming it, refunds it through the provider, logs it without personal data, and processes the order once", async () => {
      const first = await upgradeCart("ll_upgrade_camping");
      const second = await upgradeCart("ll_upgrade_vip");
      const [firstPage, secondPage] = await bothInPayment(first, second);
      expect((await settle(secondPage, "pay")).headers.location).toContain("status=completed");
      expect(await processed()).toBe(true);

      const written: string[] = [];
      const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
      // A server that logs, as npm start runs it: the refund note must name ids, never the visitor.
      const logging = await buildServer({ db: server.database.db, clock: server.clock.now, sweepIntervalMs: 0, logger: true });
      let late;
      try {
        late = await logging.inject({ method: "POST", url: new URL(firstPage).pathname, payload: "outcome=pay", headers: { "content-type": "application/x-www-form-urlencoded" } });
      } finally {
        spy.mockRestore();
        await logging.close();
      }
      expect(late.headers.location).toContain("status=failed");
      expect((await paymentsOf(first))[0]!.status).toBe("refunded");
      expect(await cartStatus(first)).toBe("shopping");
      expect(await cartStatus(second)).toBe("confirmed");
      const refundNote = written.find((line) => line.includes("refund"));
      expect(refundNote).toBeDefined();
      expect(refundNote).toContain("upgrade.processed");
      for (const personal of [VALID_DETAILS.email, VALID_DETAILS.lastName, VALID_DETAILS.phoneNumber, DEMO_UPGRADE_ACCESS_ID]) expect(refundNote).not.toContain(personal);
    });

    it("orders two upgrade carts at once: exactly one order is taken, the other answers 409 4002", async () => {
      const ids = [await upgradeCart("ll_upgrade_camping"), await upgradeCart("ll_upgrade_vip")];
      const answers = await Promise.all(ids.map((id) => order(id)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe("4002");
      const statuses = await Promise.all(ids.map(cartStatus));
      expect(statuses.sort()).toEqual(["in_payment", "shopping"]);
    });

    it("pays two upgrade carts in payment at once: exactly one is confirmed, the other payment failed", async () => {
      const ids = [await upgradeCart("ll_upgrade_camping"), await upgradeCart("ll_upgrade_vip")];
      const pages = await bothInPayment(ids[0]!, ids[1]!);
      const settled = await Promise.all(pages.map((page) => settle(page, "pay")));
      expect(settled.map((s) => new URL(String(s.headers.location)).searchParams.get("status")).sort()).toEqual(["completed", "failed"]);
      expect((await Promise.all(ids.map(cartStatus))).sort()).toEqual(["confirmed", "shopping"]);
      expect(await processed()).toBe(true);
    });
  });

import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_HOLD_EXTENSIONS } from "../../domain/hold-extension.ts";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { carts, payments, products } from "../../server/db/schema.ts";
import type { PaymentProvider, RefundPaymentInput } from "../../server/payments/payment-provider.port.ts";
import { testPaymentProvider } from "../../server/payments/test-payment-provider.ts";
import { testIdentityIssuer, type TestIdentityIssuer } from "../support/test-identity-issuer.ts";
import { LL_HEADERS, setShopSettings, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

type Headers = Record<string, string>;

const SHOP = "lowlands-lights";
const TICKET = "ll_ticket_weekend";
const CART_TIMEOUT = 900;
/** The default bound: the cart timeout × (1 + maxHoldExtensions). */
const BOUND = CART_TIMEOUT * (1 + DEFAULT_MAX_HOLD_EXTENSIONS);
const ORDER = { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" };

/** The test provider, recording the refunds asked of it through the port. */
const recordingProvider = (): PaymentProvider & { readonly refunds: RefundPaymentInput[] } => {
  const refunds: RefundPaymentInput[] = [];
  return { ...testPaymentProvider(), refunds, refundPayment: async (input) => void refunds.push(input) };
};

/**
 * A bounded hold (spec §4 Countdown, §8 6002) with the server's clock injected: stock held at most the shop's bound,
 * bounded failed payments, late successes confirmed or refunded, the per-client cap.
 */
export const holdBoundsSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`bounded holds on ${driver}`, () => {
    let issuer: TestIdentityIssuer;
    beforeAll(async () => {
      issuer = await testIdentityIssuer();
    });
    const provider = recordingProvider();
    const logLines: string[] = [];
    const server = suiteServer(open, {
      cartTimeoutSeconds: CART_TIMEOUT,
      rateLimit: false,
      holdCapPerAddress: true,
      paymentProviders: [provider],
      logger: { stream: new Writable({ write: (chunk, _encoding, done) => done(void logLines.push(String(chunk))) }) },
      userTokens: (token, origin, now) => issuer.verifier(token, origin, now),
    });

    /** A call from the client address `ip` (the socket's address: no proxy is trusted). */
    const from = (ip: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Headers = LL_HEADERS) =>
      server.app.inject({ method, url, headers, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
    const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, headers: Headers = LL_HEADERS) => from("198.51.100.7", method, url, payload, headers);
    const errorOf = (res: { statusCode: number; json(): { error: { code: string } } }) => [res.statusCode, res.json().error.code];
    const stock = async () => (await server.database.db.select().from(products).where(and(eq(products.shopSlug, SHOP), eq(products.id, TICKET))))[0]!.stock;
    const cartRow = async (id: string) => (await server.database.db.select().from(carts).where(eq(carts.id, id)))[0]!;
    const paymentOf = async (paymentUri: string) => (await server.database.db.select().from(payments).where(eq(payments.id, paymentUri.split("/").pop()!)))[0]!;
    const newCart = async (ip = "198.51.100.7", headers: Headers = LL_HEADERS): Promise<string> => {
      const res = await from(ip, "POST", "/api/v2/carts", {}, headers);
      expect(res.statusCode).toBe(201);
      return res.json().data.id as string;
    };
    const put = (id: string, quantity: number, ip = "198.51.100.7", headers: Headers = LL_HEADERS) =>
      from(ip, "PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity }, headers);
    /** A cart of the demo shop holding two weekend tickets, with checkout details. */
    const readyCart = async (): Promise<string> => {
      const id = await newCart();
      expect((await put(id, 2)).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      return id;
    };
    const order = async (id: string): Promise<string> => {
      const res = await call("POST", `/api/v2/carts/${id}/orders`, ORDER);
      expect(res.statusCode).toBe(201);
      return res.json().data.redirectUri as string;
    };
    /** The test provider's page answered with `outcome`; the address the browser is sent back to. */
    const settle = async (paymentUri: string, outcome: "pay" | "fail" | "cancel" | "pending"): Promise<string> => {
      const res = await server.app.inject({ method: "POST", url: new URL(paymentUri).pathname, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.statusCode).toBe(303);
      return String(res.headers.location);
    };
    const sweep = () => sweepExpiredCarts(server.database.db, server.clock.now());

    describe("one cart holds stock for a bounded time", () => {
      it("keeps no ticket past the bound however one client cycles extend, order, cancel and fail", async () => {
        await setShopSettings(server.database.db, SHOP, { maxFailedPayments: 1000 });
        const id = await readyCart();
        const started = server.clock.now().getTime();
        const secondsIn = () => (server.clock.now().getTime() - started) / 1000;
        let cycle = 0;
        // Each round: shop until 30 s are left, ask for more time, order, and cancel or fail the payment a minute later.
        while (secondsIn() < 3 * BOUND) {
          const { timeout } = (await call("GET", `/api/v2/carts/${id}`)).json().data as { timeout: number };
          if (timeout <= 30) break;
          server.clock.advance(timeout - 30);
          const extended = await call("POST", `/api/v2/carts/${id}/extend`);
          if (extended.statusCode !== 200) expect(errorOf(extended)[1]).toMatch(/^cart\.(extensions\.used\.up|hold\.limit\.reached)$/);
          const page = await order(id);
          server.clock.advance(60);
          expect(await settle(page, cycle % 2 === 0 ? "cancel" : "fail")).toMatch(/status=(canceled|failed)/);
          cycle += 1;
          // Back to shopping with its tickets never past the bound (a cancellation after the bound ends the cart).
          if ((await stock()) < 1000) expect((await cartRow(id)).expiresAt.getTime()).toBeLessThanOrEqual(started + BOUND * 1000);
        }
        expect(cycle).toBeGreaterThanOrEqual(5);
        server.clock.advance(Math.max(0, BOUND - secondsIn()));
        await sweep();
        expect(await stock()).toBe(1000);
        expect(errorOf(await put(id, 3))).toEqual([409, "cart.expired"]);
        expect(errorOf(await call("POST", `/api/v2/carts/${id}/orders`, ORDER))).toEqual([409, "cart.expired"]);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ products: {}, timeout: 0, maxTimeout: 0 });
      });

      it("extends only up to the shop's maxHoldSeconds and then refuses with 409 cart.hold.limit.reached", async () => {
        await setShopSettings(server.database.db, SHOP, { maxHoldSeconds: 1000 });
        const id = await readyCart();
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ timeout: CART_TIMEOUT, maxTimeout: 1000 });
        server.clock.advance(850);
        const extended = await call("POST", `/api/v2/carts/${id}/extend`);
        expect(extended.statusCode).toBe(200);
        expect(extended.json().data).toMatchObject({ timeout: 150, maxTimeout: 150, holdExtensionsLeft: 0 });
        expect(errorOf(await call("POST", `/api/v2/carts/${id}/extend`))).toEqual([409, "cart.hold.limit.reached"]);
        server.clock.advance(150);
        expect(await sweep()).toBe(1);
        expect(await stock()).toBe(1000);
      });

      it("restarts the timer from the cart timeout in payment (spec §4), and a cancellation past the bound ends the cart", async () => {
        await setShopSettings(server.database.db, SHOP, { maxHoldSeconds: 1000 });
        const id = await readyCart();
        server.clock.advance(850);
        expect((await call("POST", `/api/v2/carts/${id}/extend`)).json().data).toMatchObject({ timeout: 150 });
        server.clock.advance(100);
        const page = await order(id);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "in_payment", timeout: CART_TIMEOUT });
        server.clock.advance(100);
        expect(await stock()).toBe(998);
        expect(await settle(page, "cancel")).toContain("status=canceled");
        expect(await stock()).toBe(1000);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "shopping", products: {}, maxTimeout: 0 });
        expect(errorOf(await put(id, 1))).toEqual([409, "cart.expired"]);
      });
    });

    describe("failed or canceled payments are bounded", () => {
      it("gives the stock back at the shop's third failed or canceled payment (the default) and the cart takes no order again", async () => {
        const id = await readyCart();
        for (const outcome of ["fail", "cancel"] as const) {
          await settle(await order(id), outcome);
          expect((await cartRow(id)).status).toBe("shopping");
          expect(await stock()).toBe(998);
        }
        await settle(await order(id), "fail");
        expect(await stock()).toBe(1000);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "shopping", products: {}, timeout: 0, maxTimeout: 0 });
        expect(errorOf(await call("POST", `/api/v2/carts/${id}/orders`, ORDER))).toEqual([409, "cart.expired"]);
      });

      it("ends the cart at the shop's own maxFailedPayments", async () => {
        await setShopSettings(server.database.db, SHOP, { maxFailedPayments: 1 });
        const id = await readyCart();
        await settle(await order(id), "cancel");
        expect(await stock()).toBe(1000);
        expect((await cartRow(id)).expiresAt).toEqual(server.clock.now());
      });
    });

    describe("payments and their holds", () => {
      it("keeps the hold of a payment pending at the provider until the provider answers, then confirms it", async () => {
        const id = await readyCart();
        const page = await order(id);
        expect(await settle(page, "pending")).toContain("status=pending");
        server.clock.advance(3 * CART_TIMEOUT);
        expect(await sweep()).toBe(0);
        expect(await stock()).toBe(998);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "in_payment", products: { [TICKET]: 2 } });
        expect(await settle(page, "pay")).toContain("status=completed");
        expect((await cartRow(id)).status).toBe("confirmed");
        expect(await stock()).toBe(998);
      });

      it("confirms a success that arrives after the hold ended while the stock allows, taking the tickets again", async () => {
        const id = await readyCart();
        const page = await order(id);
        server.clock.advance(CART_TIMEOUT + 1);
        expect(await sweep()).toBe(1);
        expect(await stock()).toBe(1000);
        expect(await settle(page, "pay")).toContain("status=completed");
        expect((await cartRow(id)).status).toBe("confirmed");
        expect((await paymentOf(page)).status).toBe("paid");
        expect(await stock()).toBe(998);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ [TICKET]: 2 });
        expect(provider.refunds).toEqual([]);
      });

      it("refunds through the provider a success that arrives after the hold ended when the stock is gone, and logs it without personal data", async () => {
        const id = await readyCart();
        const page = await order(id);
        server.clock.advance(CART_TIMEOUT + 1);
        await sweep();
        // Another buyer took all but one ticket meanwhile.
        await server.database.db.update(products).set({ stock: 1 }).where(and(eq(products.shopSlug, SHOP), eq(products.id, TICKET)));
        logLines.length = 0;
        // The visitor is sent back with the 5000 code: the last tickets went to another buyer (spec §8).
        const back = await settle(page, "pay");
        expect(back).toContain("status=canceled");
        expect(back).toContain("code=5000");
        const payment = await paymentOf(page);
        expect(payment.status).toBe("refunded");
        expect(provider.refunds).toEqual([expect.objectContaining({ paymentId: payment.id, amount: payment.amount })]);
        expect((await cartRow(id)).status).toBe("shopping");
        expect(await stock()).toBe(1);
        const logged = logLines.find((line) => line.includes("refunded"));
        expect(logged).toContain(payment.id);
        expect(logged).toContain("sold.out");
        expect(logLines.join("")).not.toContain(VALID_DETAILS.email);
        // Paid again by a second success of the same payment: nothing changes, nothing is refunded twice.
        await settle(page, "pay");
        expect(provider.refunds).toHaveLength(1);
        provider.refunds.length = 0;
      });
    });

    describe("one client holds at most a product's cap across its open carts (5004)", () => {
      it("refuses with 422 5004 a ticket past the cap from one address in another cart, and serves another address", async () => {
        const first = await newCart("203.0.113.9");
        expect((await put(first, 10, "203.0.113.9")).statusCode).toBe(200);
        const second = await newCart("203.0.113.9");
        const refused = await put(second, 1, "203.0.113.9");
        expect(errorOf(refused)).toEqual([422, "5004"]);
        expect(refused.json().error.message).toContain("10");
        const elsewhere = await newCart("203.0.113.10");
        expect((await put(elsewhere, 1, "203.0.113.10")).statusCode).toBe(200);
        // Giving tickets back makes room again.
        expect((await put(first, 8, "203.0.113.9")).statusCode).toBe(200);
        expect((await put(second, 2, "203.0.113.9")).statusCode).toBe(200);
        expect(errorOf(await put(second, 3, "203.0.113.9"))).toEqual([422, "5004"]);
        expect(await stock()).toBe(1000 - 10 - 1);
      });

      it("grants no more than the cap to many carts of one address filled at once", async () => {
        const ids = await Promise.all(Array.from({ length: 14 }, () => newCart("203.0.113.20")));
        const answers = await Promise.all(ids.map((id) => put(id, 1, "203.0.113.20")));
        expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(10);
        for (const res of answers.filter((r) => r.statusCode !== 200)) expect(errorOf(res)).toEqual([422, "5004"]);
        expect(await stock()).toBe(990);
      });

      it("counts a logged-in client per account, whatever address it comes from, and an expired cart no more", async () => {
        const sam = { ...LL_HEADERS, "x-user-token": await issuer.mint("acc-sam") };
        const first = await newCart("203.0.113.30", sam);
        expect((await put(first, 6, "203.0.113.30", sam)).statusCode).toBe(200);
        const second = await newCart("192.0.2.44", sam);
        expect(errorOf(await put(second, 5, "192.0.2.44", sam))).toEqual([422, "5004"]);
        expect((await put(second, 4, "192.0.2.44", sam)).statusCode).toBe(200);
        // An anonymous cart the account then writes becomes the account's, and counts with it.
        const anonymous = await newCart("192.0.2.45");
        expect(errorOf(await put(anonymous, 1, "192.0.2.45", sam))).toEqual([422, "5004"]);
        server.clock.advance(CART_TIMEOUT);
        const later = await newCart("192.0.2.44", sam);
        expect((await put(later, 10, "192.0.2.44", sam)).statusCode).toBe(200);
      });
    });
  });

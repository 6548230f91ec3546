import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Effect } from "effect";
import fc from "fast-check";
import type { FastifyInstance, HTTPMethods } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HttpCartApi } from "../../adapters/http/http-cart-api.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { LOWLANDS_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { idempotencyKeys, paymentEvents, payments, products } from "../../server/db/schema.ts";
import type { AdyenNotificationItem } from "../../server/payments/adyen-payment-provider.ts";
import { usePaymentProviderFor } from "../../server/payments/adyen-settings.ts";
import { testPaymentProvider } from "../../server/payments/test-payment-provider.ts";
import { adyenBatch, adyenFixture, adyenItem, RECORDED_LINK, recordedAdyen, recordedNotification, TEST_MERCHANT } from "./adyen-support.ts";
import { freshServer, injectJson, LL_HEADERS, testClock, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

const STATUS_PAGE = "http://localhost/lowlands-lights/paymentstatus";
const ORDER = { paymentMethod: "ideal", redirectUri: STATUS_PAGE };

/** Payments and idempotency (docs/payments.md, spec §7 orders, §9 providers), run against one database driver. */
export const paymentsSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`payments on ${driver}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let clock: ReturnType<typeof testClock>;
    let adyen: ReturnType<typeof recordedAdyen>;

    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database?.dispose();
    });
    const start = async (adyenProvider = recordedAdyen()) => {
      clock = testClock();
      adyen = adyenProvider;
      app = await freshServer(database, clock.now, { paymentProviders: [testPaymentProvider(), adyen.provider], rateLimit: false });
    };
    beforeEach(() => start());
    afterEach(async () => {
      await app.close();
    });

    const call = (method: HTTPMethods, url: string, payload?: unknown, headers?: Record<string, string>) =>
      injectJson(app, method, url, payload, headers);
    const stock = async () =>
      (await database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, "ll_ticket_weekend"))))[0]!.stock;
    const cartWithTwoWeekend = async () => {
      const id = (await call("POST", "/api/v2/carts", {})).json().data.id as string;
      expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 2 })).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      return id;
    };
    const order = (cartId: string, key?: string, body: object = ORDER) =>
      call("POST", `/api/v2/carts/${cartId}/orders`, body, key === undefined ? LL_HEADERS : { ...LL_HEADERS, "idempotency-key": key });
    const cartStatus = async (id: string) => (await call("GET", `/api/v2/carts/${id}`)).json().data.status as string;
    const paymentsOf = (cartId: string) => database.db.select().from(payments).where(eq(payments.cartId, cartId));
    const settle = (paymentUri: string, outcome: string) =>
      app.inject({ method: "POST", url: new URL(paymentUri).pathname, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } });

    describe("Idempotency-Key on POST orders", () => {
      it("replays the first answer (status and body) for a repeated key, even after the cart is in_payment", async () => {
        const id = await cartWithTwoWeekend();
        const first = await order(id, "order-attempt-1");
        expect(first.statusCode).toBe(201);
        expect(await cartStatus(id)).toBe("in_payment");
        clock.advance(60);
        const again = await order(id, "order-attempt-1");
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
        expect(again.headers["idempotency-replayed"]).toBe("true");
        expect(first.headers["idempotency-replayed"]).toBeUndefined();
        expect(await paymentsOf(id)).toHaveLength(1);
        expect(await stock()).toBe(998);
      });

      it("answers 422 idempotency.key.reused for the same key with another body or another cart, changing nothing", async () => {
        const id = await cartWithTwoWeekend();
        expect((await order(id, "k-1")).statusCode).toBe(201);
        const otherBody = await order(id, "k-1", { ...ORDER, paymentMethod: "scheme" });
        expect(otherBody.statusCode).toBe(422);
        expect(otherBody.json()).toEqual({ error: { code: "idempotency.key.reused", message: expect.any(String) } });
        const other = await cartWithTwoWeekend();
        expect((await order(other, "k-1")).json().error.code).toBe("idempotency.key.reused");
        expect(await cartStatus(other)).toBe("shopping");
        expect(await paymentsOf(other)).toHaveLength(0);
      });

      it("without a key a second order is refused with 409 cart.not.shopping", async () => {
        const id = await cartWithTwoWeekend();
        expect((await order(id)).statusCode).toBe(201);
        const second = await order(id);
        expect(second.statusCode).toBe(409);
        expect(second.json().error.code).toBe("cart.not.shopping");
      });

      it("does not store a failed answer: the same key runs again once the cart can be ordered", async () => {
        const id = (await call("POST", "/api/v2/carts", {})).json().data.id as string;
        expect((await order(id, "k-empty")).statusCode).toBe(409);
        expect(await database.db.select().from(idempotencyKeys)).toHaveLength(0);
        await call("PUT", `/api/v2/carts/${id}/products`, { productId: "ll_ticket_weekend", quantity: 1 });
        await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS);
        expect((await order(id, "k-empty")).statusCode).toBe(201);
        expect(await database.db.select().from(idempotencyKeys)).toHaveLength(1);
      });

      it("refuses a malformed Idempotency-Key with 400 request.invalid", async () => {
        const id = await cartWithTwoWeekend();
        for (const key of ["has space", "x".repeat(256), ""]) {
          const res = await order(id, key);
          expect(res.statusCode).toBe(400);
          expect(res.json().error).toMatchObject({ code: "request.invalid", message: expect.stringContaining("idempotency-key") });
        }
        expect(await cartStatus(id)).toBe("shopping");
      });

      it("answers 409 cart.expired for an expired cart and keeps no key, so nothing is replayed", async () => {
        const id = await cartWithTwoWeekend();
        clock.advance(901);
        const res = await order(id, "k-late");
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe("cart.expired");
        expect(await database.db.select().from(idempotencyKeys)).toHaveLength(0);
        expect(await stock()).toBe(1000);
      });

      it("the web adapter retries once with the same key after a lost answer, and one payment exists", async () => {
        await app.listen({ port: 0, host: "127.0.0.1" });
        const target = (app.server.address() as AddressInfo).port;
        const seenKeys: string[] = [];
        let dropped = false;
        // A proxy that forwards the first order request but loses its answer (the socket is destroyed).
        const proxy: Server = createServer((req, res) => {
          if (req.url?.endsWith("/orders")) seenKeys.push(String(req.headers["idempotency-key"]));
          const upstream = httpRequest({ host: "127.0.0.1", port: target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
            if (req.url?.endsWith("/orders") && !dropped) {
              dropped = true;
              answer.resume();
              answer.on("end", () => res.socket?.destroy());
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          req.pipe(upstream);
        });
        await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
        try {
          const id = await cartWithTwoWeekend();
          const api = new HttpCartApi(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
          const context: ShopContext = { apiNamespace: "lowlands-lights-2027", shopToken: LOWLANDS_TOKEN };
          const viaProxy = { paymentMethod: "ideal", redirectUri: "https://shop.example.com/lowlands-lights/paymentstatus" };
          const created = await Effect.runPromise(api.createOrder(context, id, viaProxy));
          expect(seenKeys).toHaveLength(2);
          expect(seenKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
          expect(seenKeys[1]).toBe(seenKeys[0]);
          const rows = await paymentsOf(id);
          expect(rows).toHaveLength(1);
          expect(created.redirectUri).toBe(rows[0]!.paymentUri);
          // A new attempt is a new key: refused because the cart is already in payment.
          const next = await Effect.runPromise(Effect.flip(api.createOrder(context, id, viaProxy)));
          expect(next).toMatchObject({ _tag: "ShopApiError", code: "cart.not.shopping" });
          expect(new Set(seenKeys).size).toBe(2);
        } finally {
          await new Promise((resolve) => proxy.close(resolve));
        }
      });
    });

    describe("test provider settlement", () => {
      it("settles once: pay three times interleaved with fail and cancel confirms the cart once", async () => {
        const id = await cartWithTwoWeekend();
        const uri = (await order(id)).json().data.redirectUri as string;
        const locations: string[] = [];
        for (const outcome of ["pay", "fail", "pay", "cancel", "pay"]) {
          clock.advance(10);
          const res = await settle(uri, outcome);
          expect(res.statusCode).toBe(303);
          locations.push(String(res.headers.location));
        }
        expect(new Set(locations)).toEqual(new Set([`${STATUS_PAGE}?cart=${id}&status=completed`]));
        const [payment] = await paymentsOf(id);
        expect(payment).toMatchObject({ status: "paid", settledAt: new Date("2027-06-01T12:00:10Z") });
        expect(await cartStatus(id)).toBe("confirmed");
        clock.advance(5000);
        await sweepExpiredCarts(database.db, clock.now());
        expect(await stock()).toBe(998);
      });

      it("lets a pending payment still be paid later", async () => {
        const id = await cartWithTwoWeekend();
        const uri = (await order(id)).json().data.redirectUri as string;
        expect(String((await settle(uri, "pending")).headers.location)).toContain("status=pending");
        expect(String((await settle(uri, "pay")).headers.location)).toContain("status=completed");
        expect(await cartStatus(id)).toBe("confirmed");
      });
    });

    describe("Adyen", () => {
      beforeEach(async () => {
        expect(await usePaymentProviderFor(database.db, ["lowlands-lights"], "adyen")).toBe(1);
      });
      const notify = (body: unknown) => app.inject({ method: "POST", url: "/payments/adyen/notifications", payload: body as object });
      const adyenOrder = async () => {
        const id = await cartWithTwoWeekend();
        const res = await order(id, `k-${id}`);
        expect(res.statusCode).toBe(201);
        const [payment] = await paymentsOf(id);
        return { id, paymentId: payment!.id, redirectUri: res.json().data.redirectUri as string };
      };
      const authorised = (paymentId: string, changes: Partial<AdyenNotificationItem> = {}) =>
        adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000001", eventCode: "AUTHORISATION", success: "true", ...changes });

      it("offers iDEAL, credit card and Bancontact and creates a payment link for the total in cents", async () => {
        const id = await cartWithTwoWeekend();
        const methods = (await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).json().data.order.availablePaymentMethods;
        expect(methods.map((m: { uid: string }) => m.uid)).toEqual(["ideal", "scheme", "bcmc"]);
        const res = await order(id, "k-adyen");
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ data: { redirectUri: RECORDED_LINK.url } });
        const [payment] = await paymentsOf(id);
        expect(payment).toMatchObject({ provider: "adyen", status: "open", amount: 45900, providerReference: RECORDED_LINK.id, paymentUri: RECORDED_LINK.url });
        expect(adyen.requests).toHaveLength(1);
        const sent = adyen.requests[0]!;
        expect(sent).toMatchObject({ method: "POST", url: "https://checkout-test.adyen.com/v72/paymentLinks", idempotencyKey: payment!.id });
        expect(sent.body).toEqual({
          amount: { currency: "EUR", value: 45900 },
          merchantAccount: TEST_MERCHANT,
          reference: payment!.id,
          returnUrl: `http://localhost/payments/adyen/return?payment=${payment!.id}`,
          allowedPaymentMethods: ["ideal"],
          reusable: false,
          expiresAt: "2027-06-01T12:15:00.000Z",
        });
        expect(await cartStatus(id)).toBe("in_payment");
        // The replayed answer does not call Adyen again.
        expect((await order(id, "k-adyen")).json()).toEqual(res.json());
        expect(adyen.requests).toHaveLength(1);
      });

      it("answers 502 payment.provider.failed when Adyen refuses, leaving cart, stock and keys as they were", async () => {
        await app.close();
        await start(recordedAdyen([adyenFixture("payment-link-refused")]));
        await usePaymentProviderFor(database.db, ["lowlands-lights"], "adyen");
        const id = await cartWithTwoWeekend();
        const res = await order(id, "k-refused");
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ error: { code: "payment.provider.failed", message: expect.any(String) } });
        expect(await cartStatus(id)).toBe("shopping");
        expect(await paymentsOf(id)).toHaveLength(0);
        expect(await database.db.select().from(idempotencyKeys)).toHaveLength(0);
        expect(await stock()).toBe(998);
      });

      it("confirms once: the same AUTHORISATION three times, interleaved out of order with other events", async () => {
        const { id, paymentId } = await adyenOrder();
        const auth = authorised(paymentId);
        const events = [
          auth,
          adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000000", eventCode: "AUTHORISATION", success: "false" }),
          adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000009", originalReference: "PSP0000000000001", eventCode: "CANCELLATION", success: "true" }),
          auth,
          adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000010", eventCode: "REPORT_AVAILABLE", success: "true" }),
          adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000011", eventCode: "OFFER_CLOSED", success: "true" }),
          auth,
        ];
        for (const event of events) {
          clock.advance(5);
          const res = await notify(adyenBatch(event));
          expect(res.statusCode).toBe(200);
          expect(res.body).toBe("[accepted]");
        }
        const [payment] = await paymentsOf(id);
        expect(payment).toMatchObject({ status: "paid", settledAt: new Date("2027-06-01T12:00:05Z") });
        expect(await cartStatus(id)).toBe("confirmed");
        expect(await stock()).toBe(998);
        clock.advance(5000);
        await sweepExpiredCarts(database.db, clock.now());
        expect(await stock()).toBe(998);
        expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).toHaveLength(5);
        // No link is expired for a paid order.
        expect(adyen.requests.filter((r) => r.method === "PATCH")).toHaveLength(0);
      });

      it("settles by the first decisive event whatever the order and repetition of deliveries (property)", async () => {
        const kinds = ["auth-ok", "auth-refused", "cancel", "report"] as const;
        await fc.assert(
          fc.asyncProperty(fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 8 }), async (sequence) => {
            const { id, paymentId } = await adyenOrder();
            // pspReferences are unique per payment at Adyen; derive them from the payment id.
            const psp = (n: number) => `${n}${paymentId.replace(/-/g, "").slice(0, 15)}`;
            const item = (kind: (typeof kinds)[number]) =>
              kind === "auth-ok"
                ? authorised(paymentId, { pspReference: psp(1) })
                : kind === "auth-refused"
                  ? authorised(paymentId, { pspReference: psp(2), success: "false" })
                  : kind === "cancel"
                    ? authorised(paymentId, { pspReference: psp(3), eventCode: "CANCELLATION" })
                    : authorised(paymentId, { pspReference: psp(4), eventCode: "REPORT_AVAILABLE" });
            for (const kind of sequence) expect((await notify(adyenBatch(item(kind)))).statusCode).toBe(200);
            const decisive = sequence.find((k) => k !== "report");
            const expected = decisive === "auth-ok" ? "paid" : decisive === "auth-refused" ? "failed" : decisive === "cancel" ? "canceled" : "open";
            const [payment] = await paymentsOf(id);
            expect(payment!.status).toBe(expected);
            expect(await cartStatus(id)).toBe(expected === "paid" ? "confirmed" : expected === "open" ? "in_payment" : "shopping");
            expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).toHaveLength(new Set(sequence).size);
          }),
          { numRuns: 12 },
        );
      });

      it("returns the cart to shopping on a refused AUTHORISATION and expires the payment link", async () => {
        const { id, paymentId } = await adyenOrder();
        clock.advance(100);
        expect((await notify(adyenBatch(authorised(paymentId, { success: "false", reason: "Refused" })))).body).toBe("[accepted]");
        expect((await paymentsOf(id))[0]!.status).toBe("failed");
        const cart = (await call("GET", `/api/v2/carts/${id}`)).json().data;
        expect(cart).toMatchObject({ status: "shopping", timeout: 900, products: { ll_ticket_weekend: 2 } });
        expect(adyen.requests.filter((r) => r.method === "PATCH").map((r) => [r.url, r.body])).toEqual([
          [`https://checkout-test.adyen.com/v72/paymentLinks/${RECORDED_LINK.id}`, { status: "expired" }],
        ]);
        // A later success for the failed payment changes nothing.
        expect((await notify(adyenBatch(authorised(paymentId, { pspReference: "PSP0000000000005" })))).body).toBe("[accepted]");
        expect(await cartStatus(id)).toBe("shopping");
      });

      it("rejects items with a wrong or missing HMAC signature with 401 and changes nothing", async () => {
        const { id, paymentId } = await adyenOrder();
        const forged = { ...authorised(paymentId), additionalData: { hmacSignature: authorised(paymentId, { amount: { currency: "EUR", value: 1 } }).additionalData!["hmacSignature"] } };
        const tampered = { ...authorised(paymentId), amount: { currency: "EUR", value: 1 } };
        const unsigned = adyenItem({ merchantReference: paymentId, pspReference: "PSP0000000000001" }, false);
        for (const item of [forged, tampered, unsigned]) {
          const res = await notify(adyenBatch(item as AdyenNotificationItem));
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ error: { code: "adyen.hmac.invalid", message: expect.any(String) } });
        }
        expect(await cartStatus(id)).toBe("in_payment");
        expect(await database.db.select().from(paymentEvents)).toHaveLength(0);
        expect((await notify(adyenBatch(authorised(paymentId)))).body).toBe("[accepted]");
        expect(await cartStatus(id)).toBe("confirmed");
      });

      it("answers 400 request.invalid for notification bodies off the schema, never 500", async () => {
        const item = recordedNotification().notificationItems[0]!.NotificationRequestItem;
        for (const body of [{}, { notificationItems: [] }, { notificationItems: [{}] }, adyenBatch({ ...item, success: "yes" as "true" }), adyenBatch({ ...item, amount: { currency: "EUR", value: "459" as unknown as number } }), []]) {
          const res = await notify(body);
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe("request.invalid");
        }
        const malformed = await app.inject({ method: "POST", url: "/payments/adyen/notifications", headers: { "content-type": "application/json" }, payload: "{bad" });
        expect(malformed.statusCode).toBe(400);
      });

      it("accepts the recorded notification for an unknown payment and one of another merchant account without changes", async () => {
        expect((await notify(recordedNotification())).body).toBe("[accepted]");
        const { id, paymentId } = await adyenOrder();
        expect((await notify(adyenBatch(authorised(paymentId, { merchantAccountCode: "SomeoneElseECOM" })))).body).toBe("[accepted]");
        expect(await cartStatus(id)).toBe("in_payment");
        expect(await database.db.select().from(paymentEvents)).toHaveLength(0);
      });

      it("never confirms an AUTHORISATION for another amount", async () => {
        const { id, paymentId } = await adyenOrder();
        expect((await notify(adyenBatch(authorised(paymentId, { amount: { currency: "EUR", value: 100 } })))).body).toBe("[accepted]");
        expect(await cartStatus(id)).toBe("in_payment");
        expect((await paymentsOf(id))[0]!.status).toBe("open");
      });

      it("confirms an AUTHORISATION arriving after the payment window while the cart still holds its tickets", async () => {
        const { id, paymentId } = await adyenOrder();
        clock.advance(901);
        expect((await notify(adyenBatch(authorised(paymentId)))).body).toBe("[accepted]");
        expect((await paymentsOf(id))[0]!.status).toBe("paid");
        expect(await cartStatus(id)).toBe("confirmed");
        expect(await stock()).toBe(998);
      });

      it("refunds through Adyen an AUTHORISATION arriving after the hold ended when the tickets are gone: nothing sold twice", async () => {
        await app.close();
        await start(recordedAdyen([adyenFixture("payment-link-created"), adyenFixture("payment-link-expired"), adyenFixture("payment-refund-received")]));
        expect(await usePaymentProviderFor(database.db, ["lowlands-lights"], "adyen")).toBe(1);
        const { id, paymentId } = await adyenOrder();
        clock.advance(901);
        expect(await sweepExpiredCarts(database.db, clock.now())).toBe(1);
        await database.db.update(products).set({ stock: 1 }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, "ll_ticket_weekend")));
        expect((await notify(adyenBatch(authorised(paymentId)))).body).toBe("[accepted]");
        const refund = adyen.requests.find((r) => r.url.endsWith("/payments/PSP0000000000001/refunds"));
        expect(refund).toMatchObject({ method: "POST", idempotencyKey: `refund-${paymentId}` });
        expect(refund!.body).toEqual({ amount: { currency: "EUR", value: 45900 }, merchantAccount: TEST_MERCHANT, reference: paymentId });
        expect((await paymentsOf(id))[0]!.status).toBe("refunded");
        expect(await cartStatus(id)).toBe("shopping");
        expect(await stock()).toBe(1);
      });

      it("return step: 303 to the status page with pending, then completed; repeated returns change nothing", async () => {
        const { id, paymentId } = await adyenOrder();
        const back = () => app.inject({ method: "GET", url: `/payments/adyen/return?payment=${paymentId}` });
        const before = await back();
        expect(before.statusCode).toBe(303);
        expect(before.headers.location).toBe(`${STATUS_PAGE}?cart=${id}&status=pending`);
        await notify(adyenBatch(authorised(paymentId)));
        for (let i = 0; i < 3; i += 1) expect((await back()).headers.location).toBe(`${STATUS_PAGE}?cart=${id}&status=completed`);
        expect(await cartStatus(id)).toBe("confirmed");
        expect((await app.inject({ method: "GET", url: "/payments/adyen/return?payment=00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
        expect((await app.inject({ method: "GET", url: "/payments/adyen/return" })).statusCode).toBe(400);
      });

      it("answers 404 payment.provider.unavailable for notifications when Adyen is not configured", async () => {
        await app.close();
        app = await freshServer(database, clock.now, { rateLimit: false });
        const res = await notify(recordedNotification());
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("payment.provider.unavailable");
      });
    });
  });


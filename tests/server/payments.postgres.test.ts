import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { idempotencyKeys, paymentEvents, payments, products } from "../../server/db/schema.ts";
import { usePaymentProviderFor } from "../../server/payments/adyen-settings.ts";
import { testPaymentProvider } from "../../server/payments/test-payment-provider.ts";
import { adyenBatch, adyenItem, recordedAdyen } from "./adyen-support.ts";
import { paymentsSuite } from "./payments.suite.ts";
import { freshServer, LL_HEADERS, openPostgres, testClock, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

// Real PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); unreachable = failure, not skip.
paymentsSuite("PostgreSQL", openPostgres);

// Concurrency needs real connections (a pool of 10): one key, one payment; one event, one change.
describe("payments under concurrency on PostgreSQL", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let adyen: ReturnType<typeof recordedAdyen>;

  beforeAll(async () => {
    database = await openPostgres();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    adyen = recordedAdyen();
    app = await freshServer(database, testClock().now, { paymentProviders: [testPaymentProvider(), adyen.provider], rateLimit: false });
  });
  afterEach(async () => {
    await app.close();
  });

  const ORDER = { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-lights/paymentstatus" };
  const cartWithTwoWeekend = async () => {
    const id = (await app.inject({ method: "POST", url: "/api/v2/carts", headers: LL_HEADERS, payload: {} })).json().data.id as string;
    await app.inject({ method: "PUT", url: `/api/v2/carts/${id}/products`, headers: LL_HEADERS, payload: { productId: "ll_ticket_weekend", quantity: 2 } });
    await app.inject({ method: "PUT", url: `/api/v2/carts/${id}`, headers: LL_HEADERS, payload: VALID_DETAILS });
    return id;
  };
  const order = (cartId: string, key: string) =>
    app.inject({ method: "POST", url: `/api/v2/carts/${cartId}/orders`, headers: { ...LL_HEADERS, "idempotency-key": key }, payload: ORDER });
  const stock = async () =>
    (await database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, "ll_ticket_weekend"))))[0]!.stock;

  it("creates exactly one payment for 10 racing requests with one Idempotency-Key, all answering the same 201", async () => {
    const id = await cartWithTwoWeekend();
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(id, "race-key")));
    for (const res of answers) expect(res.statusCode).toBe(201);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(answers.filter((r) => r.headers["idempotency-replayed"] === "true")).toHaveLength(9);
    expect(await database.db.select().from(payments).where(eq(payments.cartId, id))).toHaveLength(1);
    expect(await database.db.select().from(idempotencyKeys)).toHaveLength(1);
  });

  it("lets one of 10 racing requests with different keys order the cart; the others get 409 cart.not.shopping", async () => {
    const id = await cartWithTwoWeekend();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => order(id, `key-${i}`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) expect(res.json().error.code).toBe("cart.not.shopping");
    expect(await database.db.select().from(payments).where(eq(payments.cartId, id))).toHaveLength(1);
  });

  it("applies 10 concurrent deliveries of one AUTHORISATION once, also racing a refusal and the test provider's settle", async () => {
    await usePaymentProviderFor(database.db, ["lowlands-lights"], "adyen");
    const id = await cartWithTwoWeekend();
    expect((await order(id, "adyen-race")).statusCode).toBe(201);
    const [payment] = await database.db.select().from(payments).where(eq(payments.cartId, id));
    const auth = adyenItem({ merchantReference: payment!.id, pspReference: "RACE000000000001", eventCode: "AUTHORISATION", success: "true" });
    const notify = (body: unknown) => app.inject({ method: "POST", url: "/payments/adyen/notifications", payload: body as object });
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(adyenBatch(auth))));
    for (const res of answers) expect(res.body).toBe("[accepted]");
    expect(await database.db.select().from(paymentEvents)).toHaveLength(1);
    expect((await database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe("paid");
    expect(await stock()).toBe(998);
    const cart = (await app.inject({ method: "GET", url: `/api/v2/carts/${id}`, headers: LL_HEADERS })).json().data;
    expect(cart.status).toBe("confirmed");
  });

  it("settles a test payment once when pay, fail and cancel race", async () => {
    const id = await cartWithTwoWeekend();
    const uri = (await order(id, "test-race")).json().data.redirectUri as string;
    const outcomes = ["pay", "fail", "cancel", "pay", "fail", "cancel", "pay", "fail"];
    const answers = await Promise.all(
      outcomes.map((outcome) =>
        app.inject({ method: "POST", url: new URL(uri).pathname, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } }),
      ),
    );
    const statuses = new Set(answers.map((r) => new URL(String(r.headers.location)).searchParams.get("status")));
    expect(statuses.size).toBe(1);
    const [row] = await database.db.select().from(payments).where(eq(payments.cartId, id));
    const cart = (await app.inject({ method: "GET", url: `/api/v2/carts/${id}`, headers: LL_HEADERS })).json().data;
    expect(cart.status).toBe(row!.status === "paid" ? "confirmed" : "shopping");
    expect(await stock()).toBe(998);
  });
});

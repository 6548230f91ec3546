import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLOSED_SALE_TOKEN } from "../../server/catalogue/demo-closed-shop.ts";
import { LOWLANDS_TIMESLOTS, TIMESLOT_PRESALE_TOKEN } from "../../server/catalogue/demo-timeslot-shop.ts";
import { HARBOUR_SOUNDS_TOKEN } from "../../server/catalogue/demo-upsell-shop.ts";
import { cartItems, carts } from "../../server/db/schema.ts";
import { testIdentityIssuer, type TestIdentityIssuer } from "../support/test-identity-issuer.ts";
import { freshServer, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

type Headers = Record<string, string>;

const PRESALE: Headers = { "x-event-namespace": "lowlands-timeslots-2027", authorization: `Bearer ${TIMESLOT_PRESALE_TOKEN}` };
const HARBOUR: Headers = { "x-event-namespace": "harbour-sounds-2027", authorization: `Bearer ${HARBOUR_SOUNDS_TOKEN}` };
const CLOSED: Headers = { "x-event-namespace": "northern-nights-2026", authorization: `Bearer ${CLOSED_SALE_TOKEN}` };
const TICKET = "llt_ticket_weekend";

/** Seconds from the harness clock's start (2027-06-01T12:00:00Z) to `iso`. */
const secondsUntil = (iso: string) => (Date.parse(iso) - Date.parse("2027-06-01T12:00:00Z")) / 1000;

/**
 * Sale modes of the demo catalogue over HTTP: the timeslot presale's waves (spec §6) and the state field of an Adyen
 * shop (spec §5 Checkout fields).
 */
export const saleModesSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`sale modes on ${driver}`, () => {
    let issuer: TestIdentityIssuer;
    beforeAll(async () => {
      issuer = await testIdentityIssuer();
    });
    const server = suiteServer(open, { rateLimit: false, userTokens: (token, origin, now) => issuer.verifier(token, origin, now) });
    const { call } = server;
    const as = async (sub: string, headers: Headers): Promise<Headers> => ({ ...headers, "x-user-token": await issuer.mint(sub, { issuedAt: server.clock.now() }) });
    const cartCount = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n;
    const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];
    const TIMESLOT_REFUSAL = [403, { error: { code: "3003", message: expect.stringContaining("timeslot") } }];

    describe("shop access timeslots (spec §6, §8 3003)", () => {
      it("refuses an anonymous visitor's cart before the wave for everyone opens with 403 3003, and makes none", async () => {
        const before = await cartCount();
        const res = await call("POST", "/api/v2/carts", {}, PRESALE);
        expect(refusal(res)).toEqual(TIMESLOT_REFUSAL);
        expect(res.json().error.message).toContain("2030-06-01T10:00:00.000Z");
        expect(await cartCount()).toBe(before);
      });

      it("refuses an account without a membership and a silver member before their waves, and lets a gold member shop", async () => {
        expect(refusal(await call("POST", "/api/v2/carts", {}, await as("acc-sam", PRESALE)))).toEqual(TIMESLOT_REFUSAL);
        const lucia = await call("POST", "/api/v2/carts", {}, await as("acc-lucia", PRESALE));
        expect(refusal(lucia)).toEqual(TIMESLOT_REFUSAL);
        expect(lucia.json().error.message).toContain("2030-06-01T09:00:00.000Z");
        const anna = await as("acc-anna", PRESALE);
        const created = await call("POST", "/api/v2/carts", {}, anna);
        expect(created.statusCode).toBe(201);
        const put = await call("PUT", `/api/v2/carts/${created.json().data.id}/products`, { productId: TICKET, quantity: 2 }, anna);
        expect(put.statusCode).toBe(200);
        expect(put.json().data.products).toEqual({ [TICKET]: 2 });
      });

      it("opens each wave at its time: silver at 11:00 CEST while the others still wait, everyone at 12:00 CEST", async () => {
        server.clock.advance(secondsUntil("2030-06-01T09:00:00Z"));
        expect((await call("POST", "/api/v2/carts", {}, await as("acc-lucia", PRESALE))).statusCode).toBe(201);
        expect(refusal(await call("POST", "/api/v2/carts", {}, await as("acc-sam", PRESALE)))).toEqual(TIMESLOT_REFUSAL);
        expect(refusal(await call("POST", "/api/v2/carts", {}, PRESALE))).toEqual(TIMESLOT_REFUSAL);
        server.clock.advance(3600);
        expect((await call("POST", "/api/v2/carts", {}, await as("acc-sam", PRESALE))).statusCode).toBe(201);
        const anonymous = await call("POST", "/api/v2/carts", {}, PRESALE);
        expect(anonymous.statusCode).toBe(201);
        expect((await call("PUT", `/api/v2/carts/${anonymous.json().data.id}/products`, { productId: TICKET, quantity: 1 }, PRESALE)).statusCode).toBe(200);
      });

      it("refuses adding products to a gold member's cart by a call outside the caller's timeslot, and lets it take products out", async () => {
        const anna = await as("acc-anna", PRESALE);
        const id = (await call("POST", "/api/v2/carts", {}, anna)).json().data.id as string;
        expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity: 1 }, anna)).statusCode).toBe(200);
        // The same cart id without the gold member's token (logged out, or copied): an anonymous visitor's wave is not open.
        expect(refusal(await call("PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity: 3 }, PRESALE))).toEqual(TIMESLOT_REFUSAL);
        const lines = await server.database.db.select().from(cartItems).where(eq(cartItems.cartId, id));
        expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[TICKET, 1]]);
        const removed = await call("PUT", `/api/v2/carts/${id}/products`, { productId: TICKET, quantity: 0 }, PRESALE);
        expect(removed.statusCode).toBe(200);
        expect(removed.json().data.products).toEqual({});
      });

      it("answers 403 4000 (shop closed) in a shop whose waves have all ended, to anonymous visitors and members alike", async () => {
        const closed = [403, { error: { code: "4000", message: "This shop is closed." } }];
        expect(refusal(await call("POST", "/api/v2/carts", {}, CLOSED))).toEqual(closed);
        expect(refusal(await call("POST", "/api/v2/carts", {}, await as("acc-anna", CLOSED)))).toEqual(closed);
        // Before its wave ended (clock back to 1 October 2026) the same visitor shopped there.
        server.clock.advance(secondsUntil("2026-10-01T12:00:00Z"));
        expect((await call("POST", "/api/v2/carts", {}, CLOSED)).statusCode).toBe(201);
      });

      it("tells a caller beforehand whether the shop is closed to them (GET /shop/access): closed once every wave ended, open while one is ahead", async () => {
        server.clock.advance(secondsUntil("2027-01-01T12:00:00Z"));
        const accessOf = async (headers: Headers) => (await call("GET", "/api/v2/shop/access", undefined, headers)).json();
        expect(await accessOf(CLOSED)).toEqual({ data: { closed: true } });
        expect(await accessOf(await as("acc-anna", CLOSED))).toEqual({ data: { closed: true } });
        // The presale's waves are still ahead: refused with 3003 at a cart call, but not closed.
        expect(await accessOf(PRESALE)).toEqual({ data: { closed: false } });
        // Before its wave ended the closed sale was open.
        server.clock.advance(secondsUntil("2026-10-01T12:00:00Z"));
        expect(await accessOf(CLOSED)).toEqual({ data: { closed: false } });
      });

      it("never sends the waves to the web app: GET /shop leaves accessTimeslots out", async () => {
        const res = await call("GET", "/api/v2/shop", undefined, PRESALE);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.slug).toBe(LOWLANDS_TIMESLOTS.config.slug);
        expect(res.json().data).not.toHaveProperty("accessTimeslots");
      });
    });

    describe("the state field of an Adyen shop (spec §5 Checkout fields)", () => {
      const harbourCart = async (): Promise<string> => {
        const id = (await call("POST", "/api/v2/carts", {}, HARBOUR)).json().data.id as string;
        expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId: "hs_ticket_weekend", quantity: 1 }, HARBOUR)).statusCode).toBe(200);
        return id;
      };
      const US_DETAILS = { ...VALID_DETAILS, phoneNumber: "+12125550100", address: "Broadway", streetNumber: 1600, postalCode: "10019", city: "New York", country: "US" };

      it("refuses United States details without a state, or with one that is not a US state, with 400 naming state, and stores nothing", async () => {
        const id = await harbourCart();
        for (const details of [US_DETAILS, { ...US_DETAILS, state: "" }, { ...US_DETAILS, state: "ON" }]) {
          const res = await call("PUT", `/api/v2/carts/${id}`, details, HARBOUR);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error: { code: "request.invalid", message: expect.stringContaining("state") } });
        }
        const [row] = await server.database.db.select({ details: carts.details }).from(carts).where(eq(carts.id, id));
        expect(row?.details).toBeNull();
      });

      it("refuses Canadian details without a province, and accepts a US state, a Canadian province and Dutch details without one", async () => {
        const id = await harbourCart();
        expect((await call("PUT", `/api/v2/carts/${id}`, { ...US_DETAILS, country: "CA", city: "Toronto" }, HARBOUR)).statusCode).toBe(400);
        expect((await call("PUT", `/api/v2/carts/${id}`, { ...US_DETAILS, country: "CA", city: "Toronto", state: "ON" }, HARBOUR)).statusCode).toBe(200);
        expect((await call("PUT", `/api/v2/carts/${id}`, { ...US_DETAILS, state: "NY" }, HARBOUR)).statusCode).toBe(200);
        expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS, HARBOUR)).statusCode).toBe(200);
      });

      it("takes the order with the test provider standing in for Adyen: its payment page, not an Adyen link", async () => {
        const id = await harbourCart();
        expect((await call("PUT", `/api/v2/carts/${id}`, { ...US_DETAILS, state: "NY" }, HARBOUR)).statusCode).toBe(200);
        const res = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "scheme", redirectUri: "http://localhost/harbour-sounds/paymentstatus" }, HARBOUR);
        expect(res.statusCode).toBe(201);
        expect(res.json().data.redirectUri).toMatch(/\/test-payments\/[0-9a-f-]{36}$/);
      });

      it("answers 422 payment.provider.unavailable when neither Adyen nor the test provider is registered", async () => {
        await server.app.close();
        server.app = await freshServer(server.database, server.clock.now, { paymentProviders: [] });
        const id = await harbourCart();
        const res = await call("PUT", `/api/v2/carts/${id}`, { ...US_DETAILS, state: "NY" }, HARBOUR);
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe("payment.provider.unavailable");
      });
    });
  });

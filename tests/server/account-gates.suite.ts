import { eq, sql } from "drizzle-orm";
import { PREREGISTRATION_CART_TIMEOUT } from "../../domain/sale-mode.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { LOWLANDS_LIGHTS, NORTHERN_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { MEMBER_SALE_TOKEN, PREREGISTRATION_TOKEN } from "../../server/catalogue/demo-member-shop.ts";
import { carts, payments, shops } from "../../server/db/schema.ts";
import { forgetCachedShops } from "../../server/shop/shop-store.ts";
import { settlePayment } from "../../server/payments/settle-payment.ts";
import { testIdentityIssuer, type TestIdentityIssuer } from "../support/test-identity-issuer.ts";
import { LL_HEADERS, queueTokenFrom, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

type Headers = Record<string, string>;

/** The member sale (membersale, maxOrdersPerAccount 1), the pre-registration and the preview shop of the demo catalogue. */
const MEMBERS: Headers = { "x-event-namespace": "lowlands-members-2027", authorization: `Bearer ${MEMBER_SALE_TOKEN}` };
const WISHLIST: Headers = { "x-event-namespace": "lowlands-lights-2028", authorization: `Bearer ${PREREGISTRATION_TOKEN}` };
const PREVIEW: Headers = { "x-event-namespace": "northern-nights-2027", authorization: `Bearer ${NORTHERN_TOKEN}` };
const ORDER = (slug: string) => ({ paymentMethod: "ideal", redirectUri: `http://localhost/${slug}/paymentstatus` });

/**
 * The gates that depend on who the visitor is (spec §6, docs/shop-api.md "Accounts and sale modes"), tried as an
 * attacker with an HTTP client would, with test-issuer id tokens.
 */
export const accountGatesSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`account gates (spec §6) on ${driver}`, () => {
    let issuer: TestIdentityIssuer;
    beforeAll(async () => {
      issuer = await testIdentityIssuer();
    });
    const server = suiteServer(open, { rateLimit: false, userTokens: (token, origin, now) => issuer.verifier(token, origin, now) });
    const { call } = server;
    const as = async (sub: string, headers: Headers): Promise<Headers> => ({ ...headers, "x-user-token": await issuer.mint(sub) });

    const newCart = async (headers: Headers, body: unknown = {}): Promise<string> => {
      const res = await call("POST", "/api/v2/carts", body, headers);
      expect(res.statusCode).toBe(201);
      return res.json().data.id;
    };
    const put = (cartId: string, productId: string, quantity: number, headers: Headers) =>
      call("PUT", `/api/v2/carts/${cartId}/products`, { productId, quantity }, headers);
    const order = (cartId: string, headers: Headers, slug: string) => call("POST", `/api/v2/carts/${cartId}/orders`, ORDER(slug), headers);
    const readyCart = async (headers: Headers, productId: string, details: object = VALID_DETAILS, body: unknown = {}): Promise<string> => {
      const id = await newCart(headers, body);
      expect((await put(id, productId, 1, headers)).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, details, headers)).statusCode).toBe(200);
      return id;
    };
    /** The payment page of an order (201), paid or failed there; answers the status page address. */
    const settle = async (paymentUri: string, outcome: "pay" | "fail" = "pay"): Promise<string> => {
      const page = new URL(paymentUri).pathname;
      const res = await server.app.inject({ method: "POST", url: page, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
      return String(res.headers.location);
    };
    const cartRow = async (id: string) => (await server.database.db.select().from(carts).where(eq(carts.id, id)))[0]!;
    const errorOf = (res: { statusCode: number; json(): { error: { code: string } } }) => [res.statusCode, res.json().error.code];
    /** Sets the shop's maxOrdersPerAccount in the database (a change made while orders are pending). */
    const setLimit = async (slug: string, max: number | undefined) => {
      const [row] = await server.database.db.select().from(shops).where(eq(shops.slug, slug));
      const config = { ...(row!.config as Record<string, unknown>) };
      if (max === undefined) delete config["maxOrdersPerAccount"];
      else config["maxOrdersPerAccount"] = max;
      await server.database.db.update(shops).set({ config }).where(eq(shops.slug, slug));
      forgetCachedShops(server.database.db);
    };

    describe("sale modes: no cart without a login where the shop needs one", () => {
      it("refuses a member-sale cart without x-user-token with 403 6004 (the login prompt) and makes none", async () => {
        const before = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n;
        const res = await call("POST", "/api/v2/carts", {}, MEMBERS);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: { code: "6004", message: expect.any(String) } });
        expect((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(carts))[0]!.n).toBe(before);
      });

      it("gives a logged-in account's pre-registration cart (a wishlist) the pre-registration time limit, 1200 s (spec §4, §9)", async () => {
        const anna = await as("acc-anna", WISHLIST);
        const created = await call("POST", "/api/v2/carts", {}, anna);
        expect(created.statusCode).toBe(201);
        expect(created.json().data).toMatchObject({ status: "shopping", timeout: PREREGISTRATION_CART_TIMEOUT });
        server.clock.advance(1000);
        const read = await call("GET", `/api/v2/carts/${created.json().data.id}`, undefined, anna);
        expect(read.json().data).toMatchObject({ status: "shopping", timeout: 200 });
      });

      it("refuses a pre-registration cart without x-user-token with 403 6004", async () => {
        expect(errorOf(await call("POST", "/api/v2/carts", {}, WISHLIST))).toEqual([403, "6004"]);
      });

      it("answers 401 user.token.invalid for a forged token in the member sale", async () => {
        const forged = { ...MEMBERS, "x-user-token": await issuer.mint("acc-anna", { foreignKey: true }) };
        expect(errorOf(await call("POST", "/api/v2/carts", {}, forged))).toEqual([401, "user.token.invalid"]);
      });

      it("still makes anonymous carts in a shop without login", async () => {
        const id = await newCart(LL_HEADERS);
        expect((await cartRow(id)).ownerSub).toBeNull();
      });
    });

    describe("membership from the account, never from the request", () => {
      it("refuses a member-sale cart for an account without membership with 403 6005, whatever the body says", async () => {
        const res = await call("POST", "/api/v2/carts", { membership: { status: 1 }, membershipStatus: 1 }, await as("acc-sam", MEMBERS));
        expect(errorOf(res)).toEqual([403, "6005"]);
      });

      it("sells the member sale to a member: cart, ticket, details, order and payment, the cart being the member's", async () => {
        const anna = await as("acc-anna", MEMBERS);
        const id = await readyCart(anna, "llm_ticket_weekend");
        expect(await cartRow(id)).toMatchObject({ ownerSub: "acc-anna", ownerIssuer: "https://id.example.test" });
        const ordered = await order(id, anna, "lowlands-members");
        expect(ordered.statusCode).toBe(201);
        expect(await settle(ordered.json().data.redirectUri)).toContain("status=completed");
        expect((await cartRow(id)).status).toBe("confirmed");
      });

      it("refuses a membership for an account that has one (3005) and leaves the cart and stock as they were", async () => {
        const anna = await as("acc-anna", LL_HEADERS);
        const id = await newCart(anna);
        expect(errorOf(await put(id, "ll_membership_year", 1, anna))).toEqual([409, "3005"]);
        expect((await call("GET", `/api/v2/carts/${id}`, undefined, anna)).json().data.products).toEqual({});
      });

      it("refuses a quantity above 1 and a second membership product in one cart with 3005, for anonymous carts too", async () => {
        const id = await newCart(LL_HEADERS);
        expect(errorOf(await put(id, "ll_membership_year", 2, LL_HEADERS))).toEqual([409, "3005"]);
        expect((await put(id, "ll_membership_month", 1, LL_HEADERS)).statusCode).toBe(200);
        expect(errorOf(await put(id, "ll_membership_year", 1, LL_HEADERS))).toEqual([409, "3005"]);
        expect((await put(id, "ll_membership_month", 0, LL_HEADERS)).statusCode).toBe(200);
        expect((await put(id, "ll_membership_year", 1, LL_HEADERS)).statusCode).toBe(200);
      });

      it("refuses a membership an account already holds in another shopping cart with 3005", async () => {
        const sam = await as("acc-sam", LL_HEADERS);
        const first = await newCart(sam);
        expect((await put(first, "ll_membership_year", 1, sam)).statusCode).toBe(200);
        const second = await newCart(sam);
        expect(errorOf(await put(second, "ll_membership_month", 1, sam))).toEqual([409, "3005"]);
      });

      it("refuses the order of a second membership when another of the account's carts is in payment with one (3005)", async () => {
        const sam = await as("acc-sam", LL_HEADERS);
        const paying = await readyCart(sam, "ll_membership_year");
        expect((await order(paying, sam, "lowlands-lights")).statusCode).toBe(201);
        // Filled anonymously, then ordered logged in: the order decides on the account.
        const second = await readyCart(LL_HEADERS, "ll_membership_month");
        expect(errorOf(await order(second, sam, "lowlands-lights"))).toEqual([409, "3005"]);
        expect((await cartRow(second)).status).toBe("shopping");
      });

      it("refuses a membership once the account has a paid order with one (3005)", async () => {
        const sam = await as("acc-sam", LL_HEADERS);
        const paid = await readyCart(sam, "ll_membership_year");
        expect(await settle((await order(paid, sam, "lowlands-lights")).json().data.redirectUri)).toContain("status=completed");
        const next = await newCart(sam);
        expect(errorOf(await put(next, "ll_membership_year", 1, sam))).toEqual([409, "3005"]);
      });
    });

    describe("a cart belongs to its account", () => {
      const routes = (id: string): Array<[string, "GET" | "PUT" | "POST" | "PATCH" | "DELETE", string, unknown]> => [
        ["GET cart", "GET", `/api/v2/carts/${id}`, undefined],
        ["PUT products", "PUT", `/api/v2/carts/${id}/products`, { productId: "llm_ticket_weekend", quantity: 2 }],
        ["PUT details", "PUT", `/api/v2/carts/${id}`, VALID_DETAILS],
        ["PUT vouchers", "PUT", `/api/v2/carts/${id}/vouchers`, { voucher: "SUMMER10" }],
        ["PUT shipping", "PUT", `/api/v2/carts/${id}/shipping`, { country: "NL" }],
        ["GET hotel", "GET", `/api/v2/carts/${id}/products/hotel/lowlands-lights-2027-travel`, undefined],
        ["PUT hotel", "PUT", `/api/v2/carts/${id}/products/hotel/lowlands-lights-2027-travel`, { productId: "ll_dunes_double" }],
        ["PATCH add-ons", "PATCH", `/api/v2/carts/${id}/products/hotel/lowlands-lights-2027-travel/add-ons`, { addonId: "addon_x_y", quantity: 1 }],
        ["POST orders", "POST", `/api/v2/carts/${id}/orders`, ORDER("lowlands-members")],
      ];

      it("refuses every call on a member's cart without x-user-token (6004) and from another account (cart.account.invalid)", async () => {
        const anna = await as("acc-anna", MEMBERS);
        const id = await readyCart(anna, "llm_ticket_weekend");
        const lucia = await as("acc-lucia", MEMBERS);
        for (const [what, method, url, body] of routes(id)) {
          expect([what, ...errorOf(await call(method, url, body, MEMBERS))]).toEqual([what, 403, "6004"]);
          expect([what, ...errorOf(await call(method, url, body, lucia))]).toEqual([what, 403, "cart.account.invalid"]);
        }
        expect(await cartRow(id)).toMatchObject({ status: "shopping", ownerSub: "acc-anna" });
        expect((await call("GET", `/api/v2/carts/${id}`, undefined, anna)).json().data.products).toEqual({ llm_ticket_weekend: 1 });
      });

      it("refuses another account's calls on a cart in a shop without login, and gives an anonymous cart to the first account that writes it", async () => {
        const sam = await as("acc-sam", LL_HEADERS);
        const anna = await as("acc-anna", LL_HEADERS);
        const owned = await newCart(sam);
        expect(errorOf(await put(owned, "ll_ticket_weekend", 1, anna))).toEqual([403, "cart.account.invalid"]);
        const anonymous = await newCart(LL_HEADERS);
        expect((await put(anonymous, "ll_ticket_weekend", 1, sam)).statusCode).toBe(200);
        expect((await cartRow(anonymous)).ownerSub).toBe("acc-sam");
        expect(errorOf(await call("GET", `/api/v2/carts/${anonymous}`, undefined, anna))).toEqual([403, "cart.account.invalid"]);
        // The visitor logged out: an anonymous call on the account's cart still works in a shop without login.
        expect((await call("GET", `/api/v2/carts/${anonymous}`, undefined, LL_HEADERS)).statusCode).toBe(200);
      });

      it("hands a cart over only when its own account gives it back (DELETE owner): the account logging in next then takes it", async () => {
        const lucia = await as("acc-lucia", LL_HEADERS);
        const anna = await as("acc-anna", LL_HEADERS);
        const id = await newCart(LL_HEADERS);
        expect((await put(id, "ll_ticket_saturday", 2, lucia)).statusCode).toBe(200);
        expect((await cartRow(id)).ownerSub).toBe("acc-lucia");
        const owner = `/api/v2/carts/${id}/owner`;
        // Nobody else can take it: another account, or a caller without an account.
        expect(errorOf(await call("DELETE", owner, undefined, anna))).toEqual([403, "cart.account.invalid"]);
        expect(errorOf(await call("DELETE", owner, undefined, LL_HEADERS))).toEqual([403, "6004"]);
        expect((await cartRow(id)).ownerSub).toBe("acc-lucia");

        const released = await call("DELETE", owner, undefined, lucia);
        expect(released.statusCode).toBe(200);
        expect(released.json().data.products).toEqual({ ll_ticket_saturday: 2 });
        expect(await cartRow(id)).toMatchObject({ ownerSub: null, ownerIssuer: null, status: "shopping" });

        // Anna reads it and, writing it, takes it; Lucia's calls are another account's now.
        expect((await call("GET", `/api/v2/carts/${id}`, undefined, anna)).json().data.products).toEqual({ ll_ticket_saturday: 2 });
        expect((await put(id, "ll_ticket_saturday", 1, anna)).statusCode).toBe(200);
        expect((await cartRow(id)).ownerSub).toBe("acc-anna");
        expect(errorOf(await call("GET", `/api/v2/carts/${id}`, undefined, lucia))).toEqual([403, "cart.account.invalid"]);
        expect(errorOf(await call("DELETE", owner, undefined, lucia))).toEqual([403, "cart.account.invalid"]);
      });

      it("keeps a cart in payment with its account (DELETE owner: 409 cart.not.shopping)", async () => {
        const sam = await as("acc-sam", LL_HEADERS);
        const id = await readyCart(sam, "ll_ticket_saturday");
        expect((await order(id, sam, "lowlands-lights")).statusCode).toBe(201);
        expect(errorOf(await call("DELETE", `/api/v2/carts/${id}/owner`, undefined, sam))).toEqual([409, "cart.not.shopping"]);
        expect((await cartRow(id)).ownerSub).toBe("acc-sam");
      });
    });

    describe("shops that take no order", () => {
      it("refuses an order in the pre-registration with 403 order.not.offered; the cart stays a shopping wishlist", async () => {
        const anna = await as("acc-anna", WISHLIST);
        const id = await readyCart(anna, "llp_ticket_weekend");
        expect(errorOf(await order(id, anna, "lowlands-wishlist"))).toEqual([403, "order.not.offered"]);
        expect((await cartRow(id)).status).toBe("shopping");
        expect(await server.database.db.select().from(payments).where(eq(payments.cartId, id))).toEqual([]);
      });

      it("refuses an order in the preview shop with 403 order.not.offered, even with a valid paymentQueueToken", async () => {
        const id = await readyCart(PREVIEW, "nn_ticket_friday", VALID_DETAILS, { paymentQueueToken: await queueTokenFrom(server.app) });
        expect(errorOf(await order(id, PREVIEW, "northern-nights"))).toEqual([403, "order.not.offered"]);
        expect((await cartRow(id)).status).toBe("shopping");
      });
    });

    describe("maxOrdersPerAccount (spec §6, §8 8001)", () => {
      const details = (email: string) => ({ ...VALID_DETAILS, email });

      it("counts a member's cart in payment: the second order is refused with 8001's checkout error", async () => {
        const anna = await as("acc-anna", MEMBERS);
        const first = await readyCart(anna, "llm_ticket_weekend");
        expect((await order(first, anna, "lowlands-members")).statusCode).toBe(201);
        const second = await readyCart(anna, "llm_ticket_weekend", details("another.address@example.com"));
        const view = (await call("GET", `/api/v2/carts/${second}`, undefined, anna)).json().data;
        expect(view.checkoutErrors.map((e: { code: string }) => e.code)).toEqual(["validation.max.orders.per.account"]);
        const refused = await order(second, anna, "lowlands-members");
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({ code: "checkout.not.allowed", checkoutErrors: [{ code: "validation.max.orders.per.account" }] });
      });

      it("counts anonymous carts by e-mail, trimmed and case-insensitively, in payment too", async () => {
        await setLimit(LOWLANDS_LIGHTS.config.slug, 1);
        const first = await readyCart(LL_HEADERS, "ll_ticket_weekend", details("lisa@example.com"));
        expect((await order(first, LL_HEADERS, "lowlands-lights")).statusCode).toBe(201);
        const second = await readyCart(LL_HEADERS, "ll_ticket_weekend", details("  LISA@Example.com "));
        const refused = await order(second, LL_HEADERS, "lowlands-lights");
        expect(errorOf(refused)).toEqual([409, "checkout.not.allowed"]);
        expect(await settle((await call("GET", `/api/v2/carts/${first}`)).json().data.order.paymentUri)).toContain("status=completed");
        expect((await cartRow(second)).status).toBe("shopping");
      });

      it("confirms only one of two carts of one e-mail already in payment: the other payment fails at settlement and is logged for a refund", async () => {
        // Both ordered before the shop set its limit, then paid after.
        const first = await readyCart(LL_HEADERS, "ll_ticket_weekend", details("noor@example.com"));
        const second = await readyCart(LL_HEADERS, "ll_ticket_weekend", details("Noor@example.com"));
        const pages = [];
        for (const id of [first, second]) pages.push((await order(id, LL_HEADERS, "lowlands-lights")).json().data.redirectUri as string);
        await setLimit(LOWLANDS_LIGHTS.config.slug, 1);
        expect(await settle(pages[0]!)).toContain("status=completed");
        // The second payment settles as the test provider's page does: failed, with the reason to refund it (no personal data).
        const [paying] = await server.database.db.select().from(payments).where(eq(payments.cartId, second));
        const settled = await settlePayment(server.database.db, paying!.id, "pay", server.clock.now(), 900);
        expect(settled?.location).toContain("status=failed");
        expect(settled?.refund).toBe("max.orders.per.account");
        expect((await cartRow(first)).status).toBe("confirmed");
        expect((await cartRow(second)).status).toBe("shopping");
        const [payment] = await server.database.db.select().from(payments).where(eq(payments.cartId, second));
        expect(payment!.status).toBe("failed");
      });

      it("confirms one of two carts of one e-mail settled at the same moment", async () => {
        const ids = [
          await readyCart(LL_HEADERS, "ll_ticket_weekend", details("race@example.com")),
          await readyCart(LL_HEADERS, "ll_ticket_weekend", details("race@example.com ")),
        ];
        const pages: string[] = [];
        for (const id of ids) pages.push((await order(id, LL_HEADERS, "lowlands-lights")).json().data.redirectUri as string);
        await setLimit(LOWLANDS_LIGHTS.config.slug, 1);
        const statuses = await Promise.all(pages.map(async (page) => new URL(await settle(page)).searchParams.get("status")));
        expect(statuses.sort()).toEqual(["completed", "failed"]);
        const confirmed = await server.database.db.select().from(carts).where(eq(carts.status, "confirmed"));
        expect(confirmed).toHaveLength(1);
      });

      it("places one of two orders of one e-mail sent at the same moment", async () => {
        await setLimit(LOWLANDS_LIGHTS.config.slug, 1);
        const ids = [
          await readyCart(LL_HEADERS, "ll_ticket_weekend", details("twins@example.com")),
          await readyCart(LL_HEADERS, "ll_ticket_weekend", details("TWINS@example.com")),
        ];
        const answers = await Promise.all(ids.map((id) => order(id, LL_HEADERS, "lowlands-lights")));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      });
    });
  });

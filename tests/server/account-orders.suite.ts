import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBER_SALE_TOKEN } from "../../server/catalogue/demo-member-shop.ts";
import { ADDON_DEMO_ORDER, ADDON_DEMO_ORDER_EMAIL, ADDON_DEMO_ORDER_REFERENCE, ADDON_SHOP_TOKEN } from "../../server/catalogue/demo-addon-shop.ts";
import { DEMO_CART_TOKEN } from "../../server/catalogue/demo-previous-orders.ts";
import { previousOrders, upgradableOrders } from "../../server/db/schema.ts";
import { testIdentityIssuer, type TestIdentityIssuer } from "../support/test-identity-issuer.ts";
import { LL_HEADERS, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

type Headers = Record<string, string>;

/** The member sale of the demo catalogue (acc-anna has a membership): a second shop of the brand. */
const MEMBERS: Headers = { "x-event-namespace": "lowlands-members-2027", authorization: `Bearer ${MEMBER_SALE_TOKEN}` };

/** The add-on shop of the demo catalogue (spec §1 add-on shop), where anna's seeded order 246813579 lives. */
const EXTRAS: Headers = { "x-event-namespace": "lowlands-extras-2027", authorization: `Bearer ${ADDON_SHOP_TOKEN}` };

/**
 * "My festival" (spec §6): GET /api/v2/account/orders answers the token's account's orders across the brand's shops,
 * never another's, and refuses without a valid token.
 */
export const accountOrdersSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`account orders (spec §6) on ${driver}`, () => {
    let issuer: TestIdentityIssuer;
    beforeAll(async () => {
      issuer = await testIdentityIssuer();
    });
    const server = suiteServer(open, { rateLimit: false, userTokens: (token, origin, now) => issuer.verifier(token, origin, now) });
    const { call } = server;
    const tokenOf = (sub: string) => issuer.mint(sub);

    /** Places an order of `productId` in the shop of `headers` as the account of `token`: cart, line, details, POST orders (201); answers the cart id and its payment page. */
    const placeOrder = async (headers: Headers, token: string, productId: string, slug: string, addTravel?: (cartId: string, as: Headers) => Promise<void>) => {
      const as = { ...headers, "x-user-token": token };
      const created = await call("POST", "/api/v2/carts", {}, as);
      expect(created.statusCode).toBe(201);
      const id: string = created.json().data.id;
      expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId, quantity: 2 }, as)).statusCode).toBe(200);
      await addTravel?.(id, as);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS, as)).statusCode).toBe(200);
      const ordered = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: `http://localhost/${slug}/paymentstatus` }, as);
      expect(ordered.statusCode).toBe(201);
      return { id, paymentUri: String(ordered.json().data.redirectUri) };
    };
    /** Pays an order on the test provider's page. */
    const pay = async (paymentUri: string) => {
      const res = await server.app.inject({ method: "POST", url: new URL(paymentUri).pathname, payload: "outcome=pay", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(String(res.headers.location)).toContain("status=completed");
    };
    const ordersOf = (token: string | undefined) => call("GET", "/api/v2/account/orders", undefined, token === undefined ? {} : { "x-user-token": token });

    it("answers each account its own orders only: paid and pending, across the brand's shops, with purchases, totals and links", async () => {
      const anna = await tokenOf("acc-anna");
      const sam = await tokenOf("acc-sam");
      const annaLights = await placeOrder(LL_HEADERS, anna, "ll_ticket_weekend", "lowlands-lights");
      await pay(annaLights.paymentUri);
      server.clock.advance(1);
      const annaMembers = await placeOrder(MEMBERS, anna, "llm_ticket_weekend", "lowlands-members");
      server.clock.advance(1);
      const samLights = await placeOrder(LL_HEADERS, sam, "ll_ticket_saturday", "lowlands-lights");
      await pay(samLights.paymentUri);

      const annas = await ordersOf(anna);
      expect(annas.statusCode).toBe(200);
      expect(annas.headers["cache-control"]).toContain("no-store");
      const annaOrders = annas.json().data as Array<Record<string, unknown>>;
      expect(annaOrders.map((o) => o["id"])).toEqual([annaMembers.id, annaLights.id]);
      expect(annaOrders[0]).toMatchObject({ slug: "lowlands-members", paymentState: "pending", upgradeLink: null });
      expect(annaOrders[1]).toMatchObject({
        slug: "lowlands-lights",
        shopTitle: "Lowlands Lights",
        paymentState: "paid",
        purchases: [{ id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", quantity: 2, price: expect.any(Number) }],
        upgradeLink: null,
      });
      // Paid: its order number, and the add-on link carries the order's cart token and number (spec §2, §6).
      const [recorded] = await server.database.db.select().from(previousOrders).where(eq(previousOrders.cartId, annaLights.id));
      expect(annaOrders[1]).toMatchObject({ reference: recorded!.reference, addOnLink: `/lowlands-lights/traveladdon?cartToken=${recorded!.cartToken}&orderNumber=${recorded!.reference}` });
      expect(annaOrders[0]).toMatchObject({ reference: null, addOnLink: null });
      expect(annaOrders[1]!["totalAmount"]).toBeGreaterThan(0);

      const sams = (await ordersOf(sam)).json().data as Array<Record<string, unknown>>;
      expect(sams.map((o) => o["id"])).toEqual([samLights.id]);
      expect(sams[0]).toMatchObject({ paymentState: "paid", purchases: [{ id: "ll_ticket_saturday", quantity: 2 }] });
      expect(sams.map((o) => o["reference"])).not.toContain(recorded!.reference);
      expect(JSON.stringify(sams)).not.toContain(recorded!.cartToken);
    });

    it("lists the seeded order of the account's e-mail with its number and add-on link, and a paid add-on cart's locker on that order, not as an order", async () => {
      const anna = await issuer.mint("acc-anna", { claims: { email: ADDON_DEMO_ORDER_EMAIL } });
      const link = `/lowlands-extras/extras?cartToken=${ADDON_DEMO_ORDER.cartToken}&orderNumber=${ADDON_DEMO_ORDER_REFERENCE}`;
      const before = (await ordersOf(anna)).json().data as Array<Record<string, unknown>>;
      expect(before).toEqual([expect.objectContaining({ reference: ADDON_DEMO_ORDER_REFERENCE, slug: "lowlands-extras", paymentState: "paid", placedAt: null, addOnLink: link, upgradeLink: null })]);

      // Anna adds a locker to 246813579 in the add-on shop and pays it.
      const as = { ...EXTRAS, "x-user-token": anna, "x-cart-token": ADDON_DEMO_ORDER.cartToken };
      const created = await call("POST", "/api/v2/carts", {}, as);
      expect(created.statusCode).toBe(201);
      const id: string = created.json().data.id;
      expect((await call("PUT", `/api/v2/carts/${id}/products`, { productId: "lle_extra_locker", quantity: 1 }, as)).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS, as)).statusCode).toBe(200);
      const ordered = await call("POST", `/api/v2/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "http://localhost/lowlands-extras/paymentstatus" }, as);
      expect(ordered.statusCode).toBe(201);
      await pay(String(ordered.json().data.redirectUri));

      const after = (await ordersOf(anna)).json().data as Array<{ reference: string; purchases: Array<Record<string, unknown>>; totalAmount: number }>;
      expect(after.map((o) => o.reference)).toEqual([ADDON_DEMO_ORDER_REFERENCE]);
      expect(after[0]!.purchases).toContainEqual(expect.objectContaining({ id: "lle_extra_locker", quantity: 1 }));
      expect(after[0]!.totalAmount).toBeGreaterThan(before[0]!["totalAmount"] as number);
    });

    it("never gives a stranger or another account an order's cart token: not by subject, not by a token without the order's e-mail", async () => {
      const strangers = [
        await issuer.mint("acc-sam", { claims: { email: "sam@example.com" } }),
        await tokenOf("acc-anna"),
        await issuer.mint("acc-stranger"),
      ];
      for (const token of strangers) {
        const body = JSON.stringify((await ordersOf(token)).json());
        expect(body).not.toContain(ADDON_DEMO_ORDER.cartToken);
        expect(body).not.toContain(DEMO_CART_TOKEN);
        expect(body).not.toContain(ADDON_DEMO_ORDER_REFERENCE);
      }
      expect(JSON.stringify((await ordersOf(undefined)).json())).not.toContain(ADDON_DEMO_ORDER.cartToken);
    });

    it("lists an order's hotel room and extras as travel purchases (spec §3 Previous order 'Travel:')", async () => {
      const anna = await tokenOf("acc-anna");
      const hotel = (cartId: string) => `/api/v2/carts/${cartId}/products/hotel/lowlands-lights-2027-travel`;
      const order = await placeOrder(LL_HEADERS, anna, "ll_ticket_weekend", "lowlands-lights", async (cartId, as) => {
        expect((await call("PUT", hotel(cartId), { productId: "ll_dunes_double", persons: 2 }, as)).statusCode).toBe(200);
        expect((await call("POST", `${hotel(cartId)}/extras`, { extraId: "ll_extra_breakfast", amount: 2 }, as)).statusCode).toBeLessThan(300);
      });
      await pay(order.paymentUri);
      const [mine] = (await ordersOf(anna)).json().data as Array<{ purchases: Array<Record<string, unknown>>; totalAmount: number }>;
      const travel = mine!.purchases.filter((p) => p["type"] === "travel");
      expect(travel).toEqual([
        { id: "ll_dunes_double", type: "travel", title: expect.stringMatching(/^Travel: Hotel De Duinen - /), price: expect.any(Number), quantity: 2 },
        { id: "ll_extra_breakfast", type: "travel", title: expect.stringMatching(/^Travel: Hotel De Duinen - /), price: expect.any(Number), quantity: 2 },
      ]);
      const sum = mine!.purchases.reduce((n, p) => n + Number(p["price"]) * Number(p["quantity"]), 0);
      expect(mine!.totalAmount).toBeCloseTo(sum, 2);
    });

    it("links an order to the upgrade route while its upgradable order is open, for its own account only", async () => {
      const anna = await tokenOf("acc-anna");
      const order = await placeOrder(LL_HEADERS, anna, "ll_ticket_weekend", "lowlands-lights");
      await pay(order.paymentUri);
      await server.database.db.insert(upgradableOrders).values({ shopSlug: "lowlands-lights", orderId: order.id, accessId: "acc-test-1", data: {}, processed: false });
      const [mine] = (await ordersOf(anna)).json().data as Array<Record<string, unknown>>;
      expect(mine!["upgradeLink"]).toBe(`/lowlands-lights/upgrade?idt_oss_order_id=${order.id}&access_id=acc-test-1`);
      expect((await ordersOf(await tokenOf("acc-sam"))).json().data).toEqual([]);
    });

    it("leaves out anonymous orders, unpaid carts and payments that expired", async () => {
      const anna = await tokenOf("acc-anna");
      const anonymous = await call("POST", "/api/v2/carts", {}, LL_HEADERS);
      const anonymousId: string = anonymous.json().data.id;
      await call("PUT", `/api/v2/carts/${anonymousId}/products`, { productId: "ll_ticket_weekend", quantity: 1 }, LL_HEADERS);
      const shopping = await call("POST", "/api/v2/carts", {}, { ...LL_HEADERS, "x-user-token": anna });
      expect(shopping.statusCode).toBe(201);
      await placeOrder(LL_HEADERS, anna, "ll_ticket_weekend", "lowlands-lights");
      expect((await ordersOf(anna)).json().data).toHaveLength(1);
      // Past the cart time limit (900 s) the payment has expired: no order any more.
      server.clock.advance(1000);
      expect((await ordersOf(anna)).json().data).toEqual([]);
    });

    it("refuses the call without x-user-token with 401 user.token.missing", async () => {
      const res = await ordersOf(undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "user.token.missing", message: expect.any(String) } });
    });

    it("refuses a forged token (a key the issuer does not publish) with 401 user.token.invalid and shows nothing", async () => {
      const anna = await tokenOf("acc-anna");
      await placeOrder(LL_HEADERS, anna, "ll_ticket_weekend", "lowlands-lights");
      const res = await ordersOf(await issuer.mint("acc-anna", { foreignKey: true }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "user.token.invalid", message: expect.any(String) } });
    });
  });

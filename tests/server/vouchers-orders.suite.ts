import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { LOWLANDS_LIGHTS } from "../../server/catalogue/demo-catalogue.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { carts, payments, previousOrders, vouchers } from "../../server/db/schema.ts";
import type { Cents } from "../../domain/money.ts";
import { findShopByNamespace } from "../../server/shop/shop-store.ts";
import { voucherDiscount } from "../../server/vouchers/voucher-holds.ts";
import { aCartOver, checkoutDetails, demoCatalogueWith, NORTHERN, orderCart, payCart as payOver, placeOrder, settlePayment, shopHeaders } from "../support/server-builders.ts";
import { queueTokenFrom, suiteServer, type TestDatabase } from "./server-harness.ts";

const LL_HEADERS = shopHeaders();
const NN_HEADERS = shopHeaders(NORTHERN);
const CART_TOKEN = "ct_demo_4b8e2f6a1c9d";
const ADDON_HEADERS = shopHeaders(undefined, { "x-cart-token": CART_TOKEN });

/** Sam Visser's checkout details (the demo previous order's buyer) with the e-mail `email`. */
const SAM = { gender: "male", firstName: "Sam", lastName: "Visser", dateOfBirth: "1990-02-03", streetNumber: 3 } as const;
const details = (email: string) => checkoutDetails({ ...SAM, email });

/** The exact get-orders answer for the demo previous order (spec §3 Previous order, COMMON demo ids). */
const DEMO_ORDERS_ANSWER = {
  data: {
    original_orders: [
      {
        reference: "123456789",
        external_reference: "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03",
        consumer: { email: "sam.visser@example.com", firstName: "Sam", lastName: "Visser" },
        purchases: [
          { id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 229.5, quantity: 2 },
          { id: "ll_hotel_dunes", type: "travel", title: "Travel: Hotel De Duinen - Double room", price: 378, quantity: 1 },
        ],
      },
    ],
    upsell: {
      hospitality: {
        add_on_available: true,
        add_on: [{ reference: "123456789", orderIndexNumber: 0, cart: { package: { name: "Hotel De Duinen" } } }],
      },
    },
  },
};

/** Vouchers, previous orders, cart tokens, the payment queue and max orders per account (docs/vouchers-and-orders.md), on one driver. */
export const vouchersOrdersSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`vouchers, previous orders and cart tokens on ${driver}`, () => {
    const server = suiteServer(open, { rateLimit: false });

    type Headers = Record<string, string>;
    const { call } = server;
    const newCart = (headers: Headers = LL_HEADERS, body: Record<string, unknown> = {}): Promise<string> => aCartOver(call).withHeaders(headers).withBody(body).create();
    const put = (cartId: string, productId: string, quantity: number, headers: Headers = LL_HEADERS) =>
      call("PUT", `/api/v2/carts/${cartId}/products`, { productId, quantity }, headers);
    const weekendCart = (headers: Headers = LL_HEADERS) => aCartOver(call).withHeaders(headers).withWeekendTickets().withDetails().create();
    const applyVoucher = (cartId: string, voucher: unknown, headers: Headers = LL_HEADERS) =>
      call("PUT", `/api/v2/carts/${cartId}/vouchers`, { voucher }, headers);
    const payCart = (cartId: string, headers: Headers = LL_HEADERS) => payOver(call, cartId, { headers });
    const voucherRow = async (code: string) => (await server.database.db.select().from(vouchers).where(eq(vouchers.code, code)))[0]!;
    const cartRow = async (id: string) => (await server.database.db.select().from(carts).where(eq(carts.id, id)))[0]!;
    const getOrders = (body: unknown, headers: Headers = ADDON_HEADERS) => call("POST", "/api/v2/get-orders", body, headers);

    describe("PUT /carts/{cartId}/vouchers", () => {
      it("applies SUMMER10: 200 with 10 % off both totals and the hold on this cart for 30 minutes", async () => {
        const id = await weekendCart();
        const res = await applyVoucher(id, "SUMMER10");
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ id, totalAmount: 413.1, totalAmountExcludingServiceCosts: 393.1, checkoutAllowed: true });
        const row = await voucherRow("SUMMER10");
        expect(row.heldByCart).toBe(id);
        expect(row.heldUntil?.toISOString()).toBe("2027-06-01T12:30:00.000Z");
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data.totalAmount).toBe(413.1);
      });

      it("answers the order's available payment methods once details are given", async () => {
        const id = await weekendCart();
        await call("PUT", `/api/v2/carts/${id}`, details("anna@example.com"));
        const cart = (await applyVoucher(id, "FESTIVAL5")).json().data;
        expect(cart.order).toEqual({ paymentUri: null, availablePaymentMethods: expect.arrayContaining([{ name: "iDEAL", uid: "ideal" }]) });
        expect(cart.totalAmount).toBe(454);
      });

      it("reads the code trimmed and case-insensitively", async () => {
        const id = await weekendCart();
        expect((await applyVoucher(id, "  summer10 ")).statusCode).toBe(200);
        expect((await cartRow(id)).voucherCode).toBe("SUMMER10");
      });

      it("refuses an unknown code with 422 voucher.invalid and leaves the cart as it was", async () => {
        const id = await weekendCart();
        const res = await applyVoucher(id, "NOPE2027");
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ error: { code: "voucher.invalid", message: "This voucher code is invalid" } });
        expect((await cartRow(id)).voucherCode).toBeNull();
      });

      it("refuses the redeemed USED2026 with 409 voucher.used", async () => {
        const res = await applyVoucher(await weekendCart(), "USED2026");
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: { code: "voucher.used", message: "This voucher code has already been used" } });
      });

      it("refuses a single-use voucher held by another cart, and frees it 30 minutes after that cart's last apply", async () => {
        const first = await weekendCart();
        expect((await applyVoucher(first, "SUMMER10")).statusCode).toBe(200);
        server.clock.advance(600);
        // Applying again restarts the hold: 30 minutes from now.
        expect((await applyVoucher(first, "SUMMER10")).statusCode).toBe(200);
        server.clock.advance(1799);
        const early = await applyVoucher(await weekendCart(), "SUMMER10");
        expect(early.statusCode).toBe(409);
        expect(early.json().error.code).toBe("voucher.used");
        server.clock.advance(1);
        const later = await weekendCart();
        expect((await applyVoucher(later, "SUMMER10")).statusCode).toBe(200);
        expect((await voucherRow("SUMMER10")).heldByCart).toBe(later);
      });

      it("takes the discount away from a cart whose hold ran out and was taken by another cart", async () => {
        const shop = (await findShopByNamespace(server.database.db, "lowlands-lights-2027"))!;
        const first = await weekendCart();
        await applyVoucher(first, "SUMMER10");
        expect(await voucherDiscount(server.database.db, shop, await cartRow(first), 45900 as Cents)).toBe(4590);
        server.clock.advance(1800);
        const second = await weekendCart();
        expect((await applyVoucher(second, "SUMMER10")).statusCode).toBe(200);
        expect((await cartRow(first)).voucherCode).toBe("SUMMER10");
        expect(await voucherDiscount(server.database.db, shop, await cartRow(first), 45900 as Cents)).toBe(0);
        expect(await voucherDiscount(server.database.db, shop, await cartRow(second), 45900 as Cents)).toBe(4590);
      });

      it("lets many carts use the multi-use FESTIVAL5 at the same time", async () => {
        for (let i = 0; i < 3; i += 1) {
          const res = await applyVoucher(await weekendCart(), "FESTIVAL5");
          expect(res.statusCode).toBe(200);
          expect(res.json().data.totalAmount).toBe(454);
        }
      });

      it("removes the voucher with an empty code and gives the hold back at once", async () => {
        const id = await weekendCart();
        await applyVoucher(id, "SUMMER10");
        const removed = await applyVoucher(id, "");
        expect(removed.statusCode).toBe(200);
        expect(removed.json().data.totalAmount).toBe(459);
        expect(await voucherRow("SUMMER10")).toMatchObject({ heldByCart: null, heldUntil: null });
        expect((await applyVoucher(await weekendCart(), "SUMMER10")).statusCode).toBe(200);
      });

      it("gives back the hold of the previous voucher when another one replaces it", async () => {
        const id = await weekendCart();
        await applyVoucher(id, "SUMMER10");
        expect((await applyVoucher(id, "FESTIVAL5")).json().data.totalAmount).toBe(454);
        expect((await voucherRow("SUMMER10")).heldByCart).toBeNull();
      });

      it("never takes more than the subtotal off (an empty cart stays at 0)", async () => {
        const res = await applyVoucher(await newCart(), "FESTIVAL5");
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ totalAmount: 0, totalAmountExcludingServiceCosts: 0 });
      });

      it("charges the discounted total and redeems the voucher for good when the payment succeeds", async () => {
        const id = await weekendCart();
        await applyVoucher(id, "SUMMER10");
        await call("PUT", `/api/v2/carts/${id}`, details("anna@example.com"));
        await payCart(id);
        const [payment] = await server.database.db.select().from(payments).where(eq(payments.cartId, id));
        expect(payment!.amount).toBe(41310);
        const row = await voucherRow("SUMMER10");
        expect(row.redeemedByCart).toBe(id);
        expect(row.redeemedAt?.toISOString()).toBe("2027-06-01T12:00:00.000Z");
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "confirmed", totalAmount: 413.1 });
        server.clock.advance(7200);
        expect((await applyVoucher(await weekendCart(), "SUMMER10")).json().error.code).toBe("voucher.used");
      });

      it("does not redeem the voucher when the payment fails", async () => {
        const id = await weekendCart();
        await applyVoucher(id, "SUMMER10");
        await settlePayment(call, await placeOrder(call, id), "fail");
        expect((await voucherRow("SUMMER10")).redeemedByCart).toBeNull();
      });

      it("answers 400 for a body without a string voucher, 404 for an unknown cart, 409 for a cart in payment or expired", async () => {
        const id = await weekendCart();
        for (const body of [{ voucher: 10 }, {}, { voucher: ["SUMMER10"] }]) {
          const res = await call("PUT", `/api/v2/carts/${id}/vouchers`, body);
          expect(res.statusCode).toBe(400);
          expect(res.json().error.code).toBe("request.invalid");
        }
        expect((await applyVoucher("00000000-0000-4000-8000-000000000000", "SUMMER10")).json().error.code).toBe("cart.not.found");
        await placeOrder(call, id);
        const paying = await applyVoucher(id, "SUMMER10");
        expect([paying.statusCode, paying.json().error.code]).toEqual([409, "cart.not.shopping"]);
        const old = await weekendCart();
        server.clock.advance(901);
        const expired = await applyVoucher(old, "SUMMER10");
        expect([expired.statusCode, expired.json().error.code]).toEqual([409, "cart.expired"]);
        expect((await voucherRow("SUMMER10")).heldByCart).toBeNull();
      });

      it("does not know another shop's vouchers", async () => {
        const id = await newCart(NN_HEADERS, { paymentQueueToken: await queueTokenFrom(server.app) });
        expect((await applyVoucher(id, "SUMMER10", NN_HEADERS)).json().error.code).toBe("voucher.invalid");
      });
    });

    describe("POST /carts: payment queue token and cart token", () => {
      it("ignores a paymentQueueToken in a shop without a queue and refuses an array with 400 request.invalid", async () => {
        const id = await newCart(LL_HEADERS, { paymentQueueToken: "q-abc" });
        expect((await cartRow(id)).paymentQueueToken).toBeNull();
        const res = await call("POST", "/api/v2/carts", { paymentQueueToken: ["q-abc"] });
        expect([res.statusCode, res.json().error.code]).toEqual([400, "request.invalid"]);
      });

      it("requires a paymentQueueToken when the shop's queue is on (403 queue.token.required) and stores the admitting token's id", async () => {
        for (const body of [{}, { paymentQueueToken: "" }]) {
          const res = await call("POST", "/api/v2/carts", body, NN_HEADERS);
          expect([res.statusCode, res.json().error.code]).toEqual([403, "queue.token.required"]);
        }
        const token = await queueTokenFrom(server.app);
        const id = await newCart(NN_HEADERS, { paymentQueueToken: token });
        expect((await cartRow(id)).paymentQueueToken).toBe(decodeJwt(token).jti);
      });

      it("makes an add-on cart with the order's cart token and refuses a wrong one with 403 cart.token.invalid", async () => {
        const id = await newCart(ADDON_HEADERS);
        expect(await cartRow(id)).toMatchObject({ cartToken: CART_TOKEN, addOnReference: "123456789" });
        for (const token of ["ct_wrong", `${CART_TOKEN}x`]) {
          const res = await call("POST", "/api/v2/carts", {}, { ...LL_HEADERS, "x-cart-token": token });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ error: { code: "cart.token.invalid", message: expect.any(String) } });
        }
        const otherShop = await call("POST", "/api/v2/carts", { paymentQueueToken: await queueTokenFrom(server.app) }, { ...NN_HEADERS, "x-cart-token": CART_TOKEN });
        expect(otherShop.json().error.code).toBe("cart.token.invalid");
      });

      it("requires the same x-cart-token on every later call on an add-on cart", async () => {
        const id = await newCart(ADDON_HEADERS);
        const wrong = { ...LL_HEADERS, "x-cart-token": "ct_other" };
        for (const headers of [LL_HEADERS, wrong]) {
          const attempts = [
            await call("GET", `/api/v2/carts/${id}`, undefined, headers),
            await put(id, "ll_ticket_weekend", 1, headers),
            await put(id, "ll_ticket_sunday", 1, headers), // sold out: the refusal without a transaction checks the token too
            await call("PUT", `/api/v2/carts/${id}`, details("sam.visser@example.com"), headers),
            await applyVoucher(id, "FESTIVAL5", headers),
            await orderCart(call, id, { headers }),
          ];
          for (const res of attempts) expect([res.statusCode, res.json().error.code]).toEqual([403, "cart.token.invalid"]);
        }
        expect((await put(id, "ll_ticket_weekend", 1, ADDON_HEADERS)).statusCode).toBe(200);
        expect((await applyVoucher(id, "FESTIVAL5", ADDON_HEADERS)).statusCode).toBe(200);
        expect((await call("GET", `/api/v2/carts/${id}`, undefined, ADDON_HEADERS)).json().data.products).toEqual({ ll_ticket_weekend: 1 });
      });

      it("lets ordinary carts ignore an x-cart-token header", async () => {
        const id = await weekendCart();
        expect((await call("GET", `/api/v2/carts/${id}`, undefined, { ...LL_HEADERS, "x-cart-token": "anything" })).statusCode).toBe(200);
      });
    });

    describe("POST /get-orders", () => {
      it.each([
        { key: "reference", body: { reference: "123456789" } },
        { key: "consumer_external_reference", body: { consumer_external_reference: "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03" } },
        { key: "consumer_external_reference (upper case)", body: { consumer_external_reference: "5F0C6A2E-8B1D-4E3A-9C7F-2D4B6A8E1F03" } },
        { key: "consumer_email", body: { consumer_email: "Sam.Visser@example.com" } },
      ])("finds the demo order by $key with its cart token", async ({ body }) => {
        const res = await getOrders(body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(DEMO_ORDERS_ANSWER);
      });

      it("answers 404 order.not.found for no match, a wrong or missing token, or another shop, never saying which", async () => {
        const answers = [
          await getOrders({ reference: "987654321" }),
          await getOrders({ consumer_email: "nobody@example.com" }),
          await getOrders({ reference: "123456789" }, { ...LL_HEADERS, "x-cart-token": "ct_wrong" }),
          await getOrders({ reference: "123456789" }, LL_HEADERS),
          await getOrders({ reference: "123456789" }, { ...NN_HEADERS, "x-cart-token": CART_TOKEN }),
        ];
        for (const res of answers) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ error: { code: "order.not.found", message: "No order was found." } });
        }
      });

      it("answers 400 request.invalid unless exactly one well-formed key is given", async () => {
        for (const body of [
          {},
          { reference: false },
          { reference: "12345" },
          { consumer_external_reference: "not-a-uuid" },
          { reference: "123456789", consumer_external_reference: "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03" },
          { reference: "123456789", consumer_external_reference: "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03", consumer_email: "sam.visser@example.com" },
          { reference: "12345", consumer_email: "sam.visser@example.com" },
        ]) {
          const res = await getOrders(body);
          expect([res.statusCode, res.json().error.code]).toEqual([400, "request.invalid"]);
        }
      });

      it("requires the shop headers (401 without the shop token)", async () => {
        const res = await getOrders({ reference: "123456789" }, { ...ADDON_HEADERS, authorization: "Bearer wrong" });
        expect(res.statusCode).toBe(401);
      });

      it("finds the demo order by its number with its e-mail, without a cart token, and answers the order's cart token", async () => {
        const res = await getOrders({ reference: "123456789", consumer_email: " Sam.Visser@Example.com " }, LL_HEADERS);
        expect(res.statusCode).toBe(200);
        const [order] = DEMO_ORDERS_ANSWER.data.original_orders;
        expect(res.json()).toEqual({ data: { ...DEMO_ORDERS_ANSWER.data, original_orders: [{ ...order, cart_token: CART_TOKEN }] } });
      });

      /** Pays a cart of `productId` × `quantity` with checkout e-mail `email` in Lowlands Lights; answers its id and the order number its confirmed cart shows. */
      const completedOrder = async (email: string, productId = "ll_ticket_weekend", quantity = 2) => {
        const id = await aCartOver(call).with(productId, quantity).withDetails({ ...SAM, email }).create();
        await payCart(id);
        const cart = (await call("GET", `/api/v2/carts/${id}`)).json().data;
        expect(cart.status).toBe("confirmed");
        expect(cart.order.reference).toMatch(/^[1-9]\d{8}$/);
        return { id, reference: cart.order.reference as string };
      };

      it("finds a completed order by its number or UUID with the checkout e-mail, with its purchases and cart token", async () => {
        const { reference } = await completedOrder("Lisa.Jansen@example.com");
        const byNumber = await getOrders({ reference, consumer_email: "lisa.jansen@EXAMPLE.com" }, LL_HEADERS);
        expect(byNumber.statusCode).toBe(200);
        const [order] = byNumber.json().data.original_orders;
        expect(order).toEqual({
          reference,
          external_reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
          consumer: { email: "Lisa.Jansen@example.com", firstName: "Sam", lastName: "Visser" },
          purchases: [{ id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 229.5, quantity: 2 }],
          cart_token: expect.stringMatching(/^ct_/),
        });
        expect(byNumber.json().data.upsell).toEqual({ hospitality: { add_on_available: false, add_on: [] } });
        const byUuid = await getOrders({ consumer_external_reference: order.external_reference.toUpperCase(), consumer_email: "lisa.jansen@example.com" }, LL_HEADERS);
        expect(byUuid.json().data.original_orders).toEqual([order]);
        // Its cart token alone finds it too, as a link from the order's e-mail would.
        const byToken = await getOrders({ reference }, { ...LL_HEADERS, "x-cart-token": order.cart_token });
        const { cart_token: _token, ...withoutToken } = order;
        expect(byToken.json().data.original_orders).toEqual([withoutToken]);
      });

      it("refuses a wrong e-mail, an unknown number or another shop's order with 404 order.not.found, never showing another visitor's order", async () => {
        const { reference } = await completedOrder("victim@example.com");
        const answers = [
          await getOrders({ reference, consumer_email: "mallory@example.com" }, LL_HEADERS),
          await getOrders({ reference: reference === "999999999" ? "999999998" : "999999999", consumer_email: "victim@example.com" }, LL_HEADERS),
          await getOrders({ reference, consumer_email: "victim@example.com" }, NN_HEADERS),
          await getOrders({ reference }, LL_HEADERS),
          await getOrders({ consumer_email: "victim@example.com" }, LL_HEADERS),
        ];
        for (const res of answers) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ error: { code: "order.not.found", message: "No order was found." } });
          expect(res.body).not.toContain("victim");
        }
      });

      it("refuses extras for an order whose ownership the caller did not prove: 403 cart.token.invalid over HTTP", async () => {
        const victim = await completedOrder("victim@example.com");
        const victimToken = (await getOrders({ reference: victim.reference, consumer_email: "victim@example.com" }, LL_HEADERS)).json().data.original_orders[0].cart_token as string;
        const attacker = await completedOrder("mallory@example.com");
        const attackerToken = (await getOrders({ reference: attacker.reference, consumer_email: "mallory@example.com" }, LL_HEADERS)).json().data.original_orders[0].cart_token as string;
        // A guessed token opens no add-on cart.
        const guessed = await call("POST", "/api/v2/carts", {}, { ...LL_HEADERS, "x-cart-token": "ct_guessed" });
        expect([guessed.statusCode, guessed.json().error.code]).toEqual([403, "cart.token.invalid"]);
        // The victim's add-on cart: without its token, or with the attacker's own order's token, nothing goes in or out.
        const victimCart = await newCart({ ...LL_HEADERS, "x-cart-token": victimToken });
        for (const headers of [LL_HEADERS, { ...LL_HEADERS, "x-cart-token": attackerToken }]) {
          const put2 = await put(victimCart, "ll_extra_locker", 1, headers);
          expect([put2.statusCode, put2.json().error.code]).toEqual([403, "cart.token.invalid"]);
          const order = await orderCart(call, victimCart, { headers });
          expect([order.statusCode, order.json().error.code]).toEqual([403, "cart.token.invalid"]);
        }
        expect((await cartRow(victimCart)).status).toBe("shopping");
      });

      it("adds paid extras to a completed order: the lookup then shows them on it, and records no second order", async () => {
        const { reference } = await completedOrder("noor@example.com");
        const lookUp = () => getOrders({ reference, consumer_email: "noor@example.com" }, LL_HEADERS);
        const token = (await lookUp()).json().data.original_orders[0].cart_token as string;
        const headers = { ...LL_HEADERS, "x-cart-token": token };
        const addOn = await newCart(headers);
        expect((await put(addOn, "ll_extra_locker", 2, headers)).statusCode).toBe(200);
        expect((await call("PUT", `/api/v2/carts/${addOn}`, details("noor@example.com"), headers)).statusCode).toBe(200);
        // Unpaid, the extras are not the order's yet.
        expect((await lookUp()).json().data.original_orders[0].purchases).toHaveLength(1);
        await payCart(addOn, headers);
        expect((await call("GET", `/api/v2/carts/${addOn}`, undefined, headers)).json().data.order.reference).toBe(reference);
        const orders = (await lookUp()).json().data.original_orders;
        expect(orders).toHaveLength(1);
        const recorded = await server.database.db.select().from(previousOrders).where(eq(previousOrders.consumerEmail, "noor@example.com"));
        expect(recorded.map((r) => r.reference)).toEqual([reference]);
        expect(orders[0].purchases).toEqual([
          { id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 229.5, quantity: 2 },
          { id: "ll_extra_locker", type: "extras", title: "Locker", price: 17.5, quantity: 2 },
        ]);
      });

      it("shows what the order's paid add-on carts added to it, and nothing of an unpaid one", async () => {
        const addOns = (cartId: string) => `/api/v2/carts/${cartId}/products/hotel/lowlands-lights-2027-travel/add-ons`;
        const shuttle = "addon_123456789_ll_transfer_shuttle";
        const paidCart = async (quantity: number) => {
          const id = await newCart(ADDON_HEADERS);
          expect((await call("PATCH", addOns(id), { addonId: shuttle, quantity }, ADDON_HEADERS)).statusCode).toBe(200);
          expect((await call("PUT", `/api/v2/carts/${id}`, details("sam.visser@example.com"), ADDON_HEADERS)).statusCode).toBe(200);
          await payCart(id, ADDON_HEADERS);
        };
        try {
          await paidCart(2);
          await paidCart(1);
          const unpaid = await newCart(ADDON_HEADERS);
          expect((await call("PATCH", addOns(unpaid), { addonId: "addon_123456789_ll_extra_breakfast", quantity: 4 }, ADDON_HEADERS)).statusCode).toBe(200);
          const res = await getOrders({ reference: "123456789" });
          expect(res.statusCode).toBe(200);
          expect(res.json().data.original_orders[0].purchases).toEqual([
            ...DEMO_ORDERS_ANSWER.data.original_orders[0]!.purchases,
            { id: shuttle, type: "traveladdon", title: "Travel: Hotel De Duinen - Shuttle hotel - festival", price: 12, quantity: 3 },
          ]);
          expect(res.json().data.upsell).toEqual(DEMO_ORDERS_ANSWER.data.upsell);
        } finally {
          await resetDemoCatalogue(server.database.db);
        }
      });
    });

    describe("max orders per account (validation.max.orders.per.account)", () => {
      /** Lowlands Lights with one order per account (spec §6): the demo's limited shop is a member sale. */
      const limitLowlands = () => resetDemoCatalogue(server.database.db, demoCatalogueWith(LOWLANDS_LIGHTS, { maxOrdersPerAccount: 1 }));

      it("blocks checkout once the e-mail has a confirmed order in a shop with maxOrdersPerAccount 1", async () => {
        await limitLowlands();
        const first = await weekendCart();
        const before = (await call("PUT", `/api/v2/carts/${first}`, details("lisa@example.com"))).json().data;
        expect(before).toMatchObject({ checkoutAllowed: true, checkoutErrors: [] });
        await payCart(first);
        const second = await weekendCart();
        const blocked = (await call("PUT", `/api/v2/carts/${second}`, details("LISA@example.com"))).json().data;
        expect(blocked.checkoutAllowed).toBe(false);
        expect(blocked.checkoutErrors).toEqual([{ code: "validation.max.orders.per.account", message: expect.stringContaining("1 order") }]);
        // The server refuses the order checkout forbids, with the cart's checkout errors.
        const refused = await orderCart(call, second);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({ code: "checkout.not.allowed", checkoutErrors: blocked.checkoutErrors });
        expect((await call("GET", `/api/v2/carts/${second}`)).json().data.status).toBe("shopping");
        const other = (await call("PUT", `/api/v2/carts/${second}`, details("noor@example.com"))).json().data;
        expect(other).toMatchObject({ checkoutAllowed: true, checkoutErrors: [] });
        // The confirmed cart itself shows no error.
        expect((await call("GET", `/api/v2/carts/${first}`)).json().data.checkoutErrors).toEqual([]);
      });

      it("counts previous orders, but never blocks an add-on cart extending one", async () => {
        await limitLowlands();
        const id = await weekendCart();
        const blocked = (await call("PUT", `/api/v2/carts/${id}`, details("sam.visser@example.com"))).json().data;
        expect(blocked.checkoutErrors.map((e: { code: string }) => e.code)).toEqual(["validation.max.orders.per.account"]);
        const addOn = await weekendCart(ADDON_HEADERS);
        const allowed = (await call("PUT", `/api/v2/carts/${addOn}`, details("sam.visser@example.com"), ADDON_HEADERS)).json().data;
        expect(allowed).toMatchObject({ checkoutAllowed: true, checkoutErrors: [] });
      });

      it("has no limit in a shop without maxOrdersPerAccount", async () => {
        const id = await weekendCart();
        expect((await call("PUT", `/api/v2/carts/${id}`, details("sam.visser@example.com"))).json().data.checkoutErrors).toEqual([]);
      });
    });
  });

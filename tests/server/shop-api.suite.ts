import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sweepExpiredCarts } from "../../server/cart/cart-store.ts";
import { products } from "../../server/db/schema.ts";
import { DEMO_CATALOGUE } from "../../server/catalogue/demo-catalogue.ts";
import { freshServer, LL_HEADERS, suiteServer, type TestDatabase, VALID_DETAILS } from "./server-harness.ts";

/** The Shop API v2 behaviour suite (docs/shop-api.md), run against one database driver. */
export const shopApiSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`Shop API v2 on ${driver}`, () => {
    const server = suiteServer(open);

    const { call } = server;
    const stockOf = async (id: string) =>
      (await server.database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, id))))[0]!.stock;
    const newCart = async (): Promise<string> => (await call("POST", "/api/v2/carts", {})).json().data.id;
    const put = (cartId: string, productId: string, quantity: unknown) =>
      call("PUT", `/api/v2/carts/${cartId}/products`, { productId, quantity });
    const cartWithTwoWeekend = async () => {
      const id = await newCart();
      expect((await put(id, "ll_ticket_weekend", 2)).statusCode).toBe(200);
      expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
      return id;
    };
    const order = async (cartId: string, redirectUri = "http://localhost/lowlands-lights/paymentstatus") =>
      call("POST", `/api/v2/carts/${cartId}/orders`, { paymentMethod: "ideal", redirectUri });
    const settle = (paymentUri: string, outcome: string) =>
      server.app.inject({ method: "POST", url: new URL(paymentUri).pathname, payload: `outcome=${outcome}`, headers: { "content-type": "application/x-www-form-urlencoded" } });

    it("lists the demo shops for the event chooser without headers, in position order", async () => {
      const res = await server.app.inject({ method: "GET", url: "/api/v2/shops" });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      const slugs = data.map((s: { slug: string }) => s.slug);
      expect(slugs).toEqual(DEMO_CATALOGUE.map((shop) => shop.config.slug));
      expect(slugs.slice(0, 5)).toEqual(["lowlands-lights", "northern-nights", "lowlands-members", "lowlands-wishlist", "northern-nights-sale"]);
      expect(data[0]).toMatchObject({ apiNamespace: "lowlands-lights-2027", previewMode: false, logo: "/assets/logo-lowlands.svg" });
      expect(data[1].previewMode).toBe(true);
    });

    it("refuses a shop-scoped call with a wrong or missing token with 401 shop.token.invalid", async () => {
      for (const authorization of ["Bearer wrong", ""]) {
        const res = await call("GET", "/api/v2/shop", undefined, { "x-event-namespace": "lowlands-lights-2027", authorization });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: { code: "shop.token.invalid", message: expect.any(String) } });
      }
      const other = await call("GET", "/api/v2/products", undefined, { ...LL_HEADERS, "x-event-namespace": "northern-nights-2027" });
      expect(other.statusCode).toBe(401);
    });

    it("answers the shop config in euros", async () => {
      const res = await call("GET", "/api/v2/shop");
      expect(res.statusCode).toBe(200);
      const config = res.json().data;
      expect(config).toMatchObject({ slug: "lowlands-lights", orderServiceFee: 2.5, maxTicketAmount: 10, showDetailedServiceFees: true });
      expect(config.shopInit.paymentProvider).toBe("test");
      const prices = config.shippingCountries.map((c: { price: number }) => c.price);
      expect(Math.max(...prices)).toBe(52.5);
      expect(config.shippingCountries.find((c: { countrycode: string }) => c.countrycode === "BE").price).toBe(8.7);
    });

    it("lists products with their current stock and sold-out flags", async () => {
      const list = (await call("GET", "/api/v2/products")).json().data as Array<{ id: string; stock: number; soldOut: boolean; price: number }>;
      const byId = new Map(list.map((p) => [p.id, p]));
      expect(byId.get("ll_ticket_weekend")).toMatchObject({ price: 229.5, stock: 1000, soldOut: false });
      expect(byId.get("ll_ticket_sunday")).toMatchObject({ stock: 0, soldOut: true });
      expect(byId.get("ll_tshirt_l")).toMatchObject({ stock: 0, soldOut: true });
      expect(list.map((p) => p.id)).toEqual(expect.arrayContaining(["ll_cap_onesize", "ll_bus_amsterdam", "ll_refund_protection"]));
    });

    it("creates a shopping cart with the full timeout and reads it back", async () => {
      const created = await call("POST", "/api/v2/carts", {});
      expect(created.statusCode).toBe(201);
      const cart = created.json().data;
      expect(cart).toMatchObject({ status: "shopping", timeout: 900, products: {}, totalAmount: 0, checkoutAllowed: false, order: null });
      server.clock.advance(100);
      const read = await call("GET", `/api/v2/carts/${cart.id}`);
      expect(read.json().data).toMatchObject({ id: cart.id, timeout: 800 });
    });

    it("answers 404 cart.not.found for an unknown or malformed cart id", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const res = await call("GET", `/api/v2/carts/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("cart.not.found");
      }
    });

    it("holds stock for 2 weekend tickets and prices them at 459.00", async () => {
      const id = await newCart();
      const res = await put(id, "ll_ticket_weekend", 2);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ products: { ll_ticket_weekend: 2 }, totalAmount: 459, totalAmountExcludingServiceCosts: 439, checkoutAllowed: true });
      expect(await stockOf("ll_ticket_weekend")).toBe(998);
    });

    it("gives stock back when a quantity is lowered or removed", async () => {
      const id = await cartWithTwoWeekend();
      expect((await put(id, "ll_ticket_weekend", 1)).json().data.products).toEqual({ ll_ticket_weekend: 1 });
      expect(await stockOf("ll_ticket_weekend")).toBe(999);
      expect((await put(id, "ll_ticket_weekend", 0)).json().data).toMatchObject({ products: {}, totalAmount: 0, checkoutAllowed: false });
      expect(await stockOf("ll_ticket_weekend")).toBe(1000);
    });

    it("refuses tickets over the cap with 422 5004 and leaves stock and cart untouched", async () => {
      const id = await newCart();
      const over = await put(id, "ll_ticket_weekend", 11);
      expect(over.statusCode).toBe(422);
      expect(over.json().error.code).toBe("5004");
      expect(await stockOf("ll_ticket_weekend")).toBe(1000);
      await put(id, "ll_ticket_weekend", 6);
      const mixed = await put(id, "ll_ticket_saturday", 5);
      expect(mixed.statusCode).toBe(422);
      expect(mixed.json().error.code).toBe("5004");
      expect(await stockOf("ll_ticket_saturday")).toBe(500);
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ ll_ticket_weekend: 6 });
    });

    it("refuses a sold-out product or one without enough stock with 409 5000", async () => {
      const id = await newCart();
      for (const productId of ["ll_ticket_sunday", "ll_tshirt_l"]) {
        const res = await put(id, productId, 1);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: { code: "5000", message: "This product is sold out." } });
      }
      await server.database.db.update(products).set({ stock: 1 }).where(eq(products.id, "ll_cap_onesize"));
      expect((await put(id, "ll_cap_onesize", 2)).json().error.code).toBe("5000");
      expect(await stockOf("ll_cap_onesize")).toBe(1);
    });

    it("counts the units a cart already holds when stock runs out: it may lower and raise back, but not beyond", async () => {
      const id = await newCart();
      await server.database.db.update(products).set({ stock: 2 }).where(eq(products.id, "ll_cap_onesize"));
      expect((await put(id, "ll_cap_onesize", 2)).statusCode).toBe(200);
      expect(await stockOf("ll_cap_onesize")).toBe(0);
      expect((await put(id, "ll_cap_onesize", 1)).json().data.products).toEqual({ ll_cap_onesize: 1 });
      expect((await put(id, "ll_cap_onesize", 2)).json().data.products).toEqual({ ll_cap_onesize: 2 });
      const beyond = await put(id, "ll_cap_onesize", 3);
      expect(beyond.statusCode).toBe(409);
      expect(beyond.json().error.code).toBe("5000");
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ ll_cap_onesize: 2 });
      expect(await stockOf("ll_cap_onesize")).toBe(0);
    });

    it("refuses an unknown product with 404 5001", async () => {
      const res = await put(await newCart(), "ll_nothing", 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("5001");
    });

    it("answers a 4xx request.invalid envelope for bad bodies, never 500", async () => {
      const id = await newCart();
      for (const payload of [{ productId: "ll_ticket_weekend", quantity: -1 }, { productId: "ll_ticket_weekend", quantity: 1.5 }, { quantity: 1 }]) {
        const res = await call("PUT", `/api/v2/carts/${id}/products`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe("request.invalid");
      }
      const named = await put(id, "ll_ticket_weekend", "two");
      expect(named.json().error.message).toContain("quantity");
      const malformed = await server.app.inject({ method: "PUT", url: `/api/v2/carts/${id}/products`, headers: { ...LL_HEADERS, "content-type": "application/json" }, payload: "{bad" });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.code).toBe("request.invalid");
    });

    it("validates checkout details with the form's rules and bounds: 400 naming each field, nothing stored", async () => {
      const id = await newCart();
      expect((await put(id, "ll_ticket_weekend", 1)).statusCode).toBe(200);
      for (const [change, field] of [
        [{ email: "not-an-email" }, "email: error.field_email"],
        [{ firstName: "A".repeat(1_040_000) }, "firstName: error.field_too_long"],
        [{ city: "x".repeat(101) }, "city: error.field_too_long"],
        [{ dateOfBirth: "1999-02-30" }, "dateOfBirth: error.field_date"],
        [{ address: "   " }, "address: error.field_required"],
      ] as const) {
        const res = await call("PUT", `/api/v2/carts/${id}`, { ...VALID_DETAILS, ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: "request.invalid", message: expect.stringContaining(field) });
      }
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.order).toBeNull();
      expect((await call("PUT", `/api/v2/carts/${id}`, { ...VALID_DETAILS, city: "x".repeat(100) })).statusCode).toBe(200);
    });

    it("validates checkout details with 422 naming the field, then offers the payment methods", async () => {
      const id = await cartWithTwoWeekend();
      const bad = await call("PUT", `/api/v2/carts/${id}`, { ...VALID_DETAILS, firstName: "" });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error).toMatchObject({ code: "request.invalid", message: expect.stringContaining("firstName") });
      const ok = await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.order).toEqual({
        paymentUri: null,
        availablePaymentMethods: [
          { name: "iDEAL", uid: "ideal" },
          { name: "Credit card", uid: "scheme" },
          { name: "Bancontact", uid: "bcmc" },
        ],
      });
    });

    it("creates an order: 201 with the provider page, cart in_payment with a restarted timeout", async () => {
      const id = await cartWithTwoWeekend();
      await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS);
      server.clock.advance(300);
      const res = await order(id);
      expect(res.statusCode).toBe(201);
      const { redirectUri } = res.json().data;
      expect(redirectUri).toMatch(/^http:\/\/localhost\/test-payments\/[0-9a-f-]{36}$/);
      const cart = (await call("GET", `/api/v2/carts/${id}`)).json().data;
      expect(cart).toMatchObject({ status: "in_payment", timeout: 900, checkoutAllowed: false, order: { paymentUri: redirectUri } });
      expect((await put(id, "ll_ticket_weekend", 3)).json().error.code).toBe("cart.not.shopping");
    });

    it("refuses an order whose redirectUri is not allowlisted, or an unknown method, with 422", async () => {
      const id = await cartWithTwoWeekend();
      expect((await order(id, "https://evil.example.net/pay")).statusCode).toBe(422);
      expect((await order(id, "https://shop.example.com/lowlands-lights/paymentstatus")).statusCode).toBe(201);
      const other = await cartWithTwoWeekend();
      const method = await call("POST", `/api/v2/carts/${other}/orders`, { paymentMethod: "bitcoin", redirectUri: "http://localhost/x" });
      expect(method.statusCode).toBe(422);
      const empty = await order(await newCart());
      expect(empty.statusCode).toBe(409);
    });

    describe("orders only when allowed (the checkoutAllowed rule of domain/checkout-rules.ts)", () => {
      const codesOf = (res: { json(): { error: { checkoutErrors: { code: string }[] } } }) => res.json().error.checkoutErrors.map((e) => e.code);

      it("refuses an order without checkout details with 409 checkout.not.allowed naming why, and leaves the cart shopping", async () => {
        const id = await newCart();
        expect((await put(id, "ll_ticket_weekend", 1)).statusCode).toBe(200);
        const refused = await order(id);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({ code: "checkout.not.allowed", message: "The checkout details are missing." });
        expect(codesOf(refused)).toEqual(["checkout.details.missing"]);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "shopping", checkoutAllowed: true });
        expect((await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS)).statusCode).toBe(200);
        expect((await order(id)).statusCode).toBe(201);
      });

      it("refuses an empty cart and a € 0 cart holding only refund protection; checkoutAllowed is false for both", async () => {
        const empty = await newCart();
        expect((await call("PUT", `/api/v2/carts/${empty}`, VALID_DETAILS)).json().data.checkoutAllowed).toBe(false);
        expect(codesOf(await order(empty))).toEqual(["checkout.cart.empty"]);
        const insured = await newCart();
        const onlyInsurance = (await put(insured, "ll_refund_protection", 1)).json().data;
        expect(onlyInsurance).toMatchObject({ products: { ll_refund_protection: 1 }, checkoutAllowed: false });
        expect((await call("PUT", `/api/v2/carts/${insured}`, VALID_DETAILS)).statusCode).toBe(200);
        const refused = await order(insured);
        expect([refused.statusCode, refused.json().error.code, codesOf(refused)]).toEqual([409, "checkout.not.allowed", ["checkout.cart.empty"]]);
        // With something to insure the same cart may order.
        expect((await put(insured, "ll_ticket_weekend", 1)).json().data.checkoutAllowed).toBe(true);
        expect((await order(insured)).statusCode).toBe(201);
      });

      it("refuses an expired cart with 409 cart.expired", async () => {
        const id = await cartWithTwoWeekend();
        server.clock.advance(901);
        const res = await order(id);
        expect([res.statusCode, res.json().error.code]).toEqual([409, "cart.expired"]);
      });
    });

    it("shows an accessible test payment page with the amount and four buttons", async () => {
      const id = await cartWithTwoWeekend();
      const page = await server.app.inject({ method: "GET", url: new URL((await order(id)).json().data.redirectUri).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("<h1>Test payment</h1>");
      expect(page.body).toContain("€ 459,00");
      for (const label of [">Pay<", ">Fail<", ">Cancel<", ">Leave pending<"]) expect(page.body).toContain(label);
      expect(String(page.headers["content-security-policy"])).toContain("form-action 'self' http://localhost");
    });

    it("confirms the cart on pay, keeps the stock sold, and settles only once", async () => {
      const id = await cartWithTwoWeekend();
      const paymentUri = (await order(id)).json().data.redirectUri;
      const paid = await settle(paymentUri, "pay");
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`http://localhost/lowlands-lights/paymentstatus?cart=${id}&status=completed`);
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data).toMatchObject({ status: "confirmed", timeout: 0 });
      expect(await stockOf("ll_ticket_weekend")).toBe(998);
      const again = await settle(paymentUri, "fail");
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toContain("status=completed");
      expect((await call("GET", `/api/v2/carts/${id}`)).json().data.status).toBe("confirmed");
      server.clock.advance(5000);
      await sweepExpiredCarts(server.database.db, server.clock.now());
      expect(await stockOf("ll_ticket_weekend")).toBe(998);
    });

    it("returns the cart to shopping on fail or cancel and keeps it in_payment when pending", async () => {
      for (const [outcome, status, cartStatus] of [["fail", "failed", "shopping"], ["cancel", "canceled", "shopping"], ["pending", "pending", "in_payment"]] as const) {
        const id = await cartWithTwoWeekend();
        const res = await settle((await order(id, "http://localhost/ps?utm_source=x")).json().data.redirectUri, outcome);
        expect(res.headers.location).toBe(`http://localhost/ps?utm_source=x&cart=${id}&status=${status}`);
        expect((await call("GET", `/api/v2/carts/${id}`)).json().data.status).toBe(cartStatus);
      }
      expect(await stockOf("ll_ticket_weekend")).toBe(994);
    });

    it("answers 400 for an unknown outcome and 404 for an unknown payment", async () => {
      const paymentUri = (await order(await cartWithTwoWeekend())).json().data.redirectUri;
      expect((await settle(paymentUri, "steal")).statusCode).toBe(400);
      expect((await settle("http://x/test-payments/00000000-0000-4000-8000-000000000000", "pay")).statusCode).toBe(404);
    });

    it("releases the holds of an expired cart on access and refuses changes with 409 cart.expired", async () => {
      const id = await cartWithTwoWeekend();
      server.clock.advance(901);
      const read = (await call("GET", `/api/v2/carts/${id}`)).json().data;
      expect(read).toMatchObject({ timeout: 0, products: {}, totalAmount: 0, checkoutAllowed: false });
      expect(await stockOf("ll_ticket_weekend")).toBe(1000);
      const change = await put(id, "ll_ticket_weekend", 1);
      expect(change.statusCode).toBe(409);
      expect(change.json().error.code).toBe("cart.expired");
      expect(await stockOf("ll_ticket_weekend")).toBe(1000);
    });

    it("releases expired holds in the periodic sweep, also for an unpaid in_payment cart, whose late success takes its tickets again", async () => {
      const shopping = await cartWithTwoWeekend();
      const paying = await cartWithTwoWeekend();
      const paymentUri = (await order(paying)).json().data.redirectUri;
      expect(await stockOf("ll_ticket_weekend")).toBe(996);
      server.clock.advance(901);
      expect(await sweepExpiredCarts(server.database.db, server.clock.now())).toBe(2);
      expect(await stockOf("ll_ticket_weekend")).toBe(1000);
      expect((await settle(paymentUri, "pay")).headers.location).toContain("status=completed");
      expect((await call("GET", `/api/v2/carts/${paying}`)).json().data.status).toBe("confirmed");
      expect(await stockOf("ll_ticket_weekend")).toBe(998);
      expect(shopping).toBeTruthy();
    });

    it("answers 4xx, not 500, when the shop's payment provider is not registered", async () => {
      await server.app.close();
      server.app = await freshServer(server.database, server.clock.now, { paymentProviders: [] });
      const id = await newCart();
      expect((await put(id, "ll_ticket_weekend", 2)).statusCode).toBe(200);
      const res = await call("PUT", `/api/v2/carts/${id}`, VALID_DETAILS);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("payment.provider.unavailable");
    });

    it("sends strict security headers and a JSON 404 for unknown API routes", async () => {
      const res = await server.app.inject({ method: "GET", url: "/api/v2/nothing" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not.found");
      const csp = String(res.headers["content-security-policy"]);
      for (const part of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
        expect(csp).toContain(part);
      }
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    });

    it("serves the SPA's index.html for history routes and the demo images under /assets/", async () => {
      await server.app.close();
      const dist = mkdtempSync(path.join(tmpdir(), "dist-"));
      writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>shop</title>");
      server.app = await freshServer(server.database, server.clock.now, { staticDir: dist });
      expect((await server.app.inject({ method: "GET", url: "/" })).body).toContain("<title>shop</title>");
      const route = await server.app.inject({ method: "GET", url: "/lowlands-lights/checkout?x=1" });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain("<title>shop</title>");
      expect((await server.app.inject({ method: "GET", url: "/assets/hero-lowlands.svg" })).headers["content-type"]).toContain("image/svg+xml");
      expect((await server.app.inject({ method: "GET", url: "/api/v2/nothing" })).statusCode).toBe(404);
      expect((await server.app.inject({ method: "GET", url: "/missing.js" })).statusCode).toBe(404);
    });
  });

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, shops } from "../../server/db/schema.ts";
import { forgetCachedShops } from "../../server/shop/shop-store.ts";
import { aCartOver, giveDetails, placeOrder } from "../support/server-builders.ts";
import { suiteServer, type TestDatabase } from "./server-harness.ts";

const SHOP = "lowlands-lights";
const TSHIRT = "ll_tshirt_m";
const TICKET = "ll_ticket_weekend";

/** PUT /carts/{cartId}/shipping (spec §4 Shipping country change, §9 Shipping), run against one database driver. */
export const shippingSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`shipping country on ${driver}`, () => {
    const server = suiteServer(open);
    const stockOf = async (id: string) =>
      (await server.database.db.select().from(products).where(and(eq(products.shopSlug, SHOP), eq(products.id, id))))[0]!.stock;
    const cartWith = (lines: Record<string, number>) => Object.entries(lines).reduce((cart, [productId, quantity]) => cart.with(productId, quantity), aCartOver(server.call)).create();
    const ship = (id: string, country: unknown) => server.call("PUT", `/api/v2/carts/${id}/shipping`, { country });

    it("stores a shippable country and counts its price (NL € 5,99) in the cart total", async () => {
      const id = await cartWith({ [TSHIRT]: 1 });
      const before = (await server.call("GET", `/api/v2/carts/${id}`)).json().data;
      const res = await ship(id, "nl");
      expect(res.statusCode).toBe(200);
      const { cart, removedProductIds } = res.json().data;
      expect(removedProductIds).toEqual([]);
      expect(cart.shippingCountry).toBe("NL");
      expect(cart.products).toEqual({ [TSHIRT]: 1 });
      expect(Math.round((cart.totalAmount - before.totalAmount) * 100)).toBe(599);
      expect((await server.call("GET", `/api/v2/carts/${id}`)).json().data.shippingCountry).toBe("NL");
    });

    it("prices shipping whatever the case of the shop's country codes (one lookup, domain shippingPriceOf)", async () => {
      const [row] = await server.database.db.select().from(shops).where(eq(shops.slug, SHOP));
      const config = row!.config as { shippingCountries: Array<{ countrycode: string }> };
      const lowered = { ...config, shippingCountries: config.shippingCountries.map((c) => ({ ...c, countrycode: c.countrycode.toLowerCase() })) };
      await server.database.db.update(shops).set({ config: lowered }).where(eq(shops.slug, SHOP));
      forgetCachedShops(server.database.db);
      const id = await cartWith({ [TSHIRT]: 1 });
      const before = (await server.call("GET", `/api/v2/carts/${id}`)).json().data;
      const res = await ship(id, "NL");
      expect(res.statusCode).toBe(200);
      expect(Math.round((res.json().data.cart.totalAmount - before.totalAmount) * 100)).toBe(599);
    });

    it("removes the merchandise and gives its stock back for a price-0 country, keeping the other lines", async () => {
      const stock = await stockOf(TSHIRT);
      const id = await cartWith({ [TSHIRT]: 2, [TICKET]: 1 });
      expect(await stockOf(TSHIRT)).toBe(stock - 2);
      expect((await ship(id, "NL")).statusCode).toBe(200);
      const res = await ship(id, "BR");
      expect(res.statusCode).toBe(200);
      const { cart, removedProductIds } = res.json().data;
      expect(removedProductIds).toEqual([TSHIRT]);
      expect(cart.products).toEqual({ [TICKET]: 1 });
      expect(cart.shippingCountry).toBeNull();
      expect(await stockOf(TSHIRT)).toBe(stock);
    });

    it("stores a price-0 country when no merchandise is in the cart", async () => {
      const id = await cartWith({ [TICKET]: 1 });
      const { cart, removedProductIds } = (await ship(id, "BR")).json().data;
      expect(removedProductIds).toEqual([]);
      expect(cart.shippingCountry).toBe("BR");
      expect(cart.products).toEqual({ [TICKET]: 1 });
    });

    it("refuses a country outside the shop's list with 422 shipping.country.unknown and changes nothing", async () => {
      const stock = await stockOf(TSHIRT);
      const id = await cartWith({ [TSHIRT]: 1 });
      const res = await ship(id, "QQ");
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("shipping.country.unknown");
      expect((await server.call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ [TSHIRT]: 1 });
      expect(await stockOf(TSHIRT)).toBe(stock - 1);
    });

    it("answers 400 request.invalid for a body without a country, 404 for an unknown cart", async () => {
      const id = await cartWith({});
      expect((await ship(id, 42)).json().error.code).toBe("request.invalid");
      const missing = await ship("00000000-0000-4000-8000-000000000000", "NL");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe("cart.not.found");
    });

    it("answers 409 cart.not.shopping for a cart in payment and keeps its merchandise", async () => {
      const id = await cartWith({ [TSHIRT]: 1, [TICKET]: 1 });
      await ship(id, "NL");
      await giveDetails(server.call, id);
      await placeOrder(server.call, id);
      const res = await ship(id, "BR");
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("cart.not.shopping");
      expect((await server.call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ [TSHIRT]: 1, [TICKET]: 1 });
    });

    it("answers 409 cart.expired for an expired cart", async () => {
      const id = await cartWith({ [TSHIRT]: 1 });
      server.clock.advance(60 * 60);
      const res = await ship(id, "NL");
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("cart.expired");
    });
  });

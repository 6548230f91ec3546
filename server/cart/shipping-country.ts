import { and, eq, inArray, sql } from "drizzle-orm";
import type { CartEncoded } from "../../domain/cart.schema.ts";
import { changeShippingCountry, isFestivalBrand, shippingCountriesFor, shippingPriceOf } from "../../domain/shipping.ts";
import type { Tx } from "../db/database.ts";
import { cartItems, carts, products } from "../db/schema.ts";
import { listProductsByIds, type ShopRecord } from "../shop/shop-store.ts";
import { cartProducts, type CartRow } from "./cart-store.ts";
import { unknownShippingCountry } from "./cart.errors.ts";

/** What a shipping change did: the merchandise product ids it removed (empty when the country ships). */
export interface ShippingChangeResult {
  readonly removedProductIds: ReadonlyArray<string>;
}

/**
 * Sets the shipping country of a locked shopping cart (spec §4 Shipping country change, §9): UnknownShippingCountry
 * outside the shop's list; a price-0 country with merchandise removes it and gives its stock back.
 */
export const setShippingCountry = async (tx: Tx, shop: ShopRecord, cart: CartRow, country: string): Promise<ShippingChangeResult> => {
  const code = country.trim().toUpperCase();
  const festivalBrand = isFestivalBrand(shop.config.brand);
  if (shippingPriceOf(shippingCountriesFor(shop.config.shippingCountries, festivalBrand), code) === null) {
    throw unknownShippingCountry(code);
  }
  const lines = await cartProducts(tx, cart.id);
  const merchandise = (await listProductsByIds(tx, shop.slug, Object.keys(lines))).filter((p) => p.type === "merchandise").map((p) => p.id).sort();
  const decision = changeShippingCountry(shop.config.shippingCountries, code, { festivalBrand, merchandiseInCart: merchandise });
  if (decision._tag === "Unshippable") {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.productId, [...decision.removeProductIds])))
      .returning();
    // Sorted so concurrent releases lock product rows in one order (no deadlocks).
    for (const item of [...removed].sort((a, b) => a.productId.localeCompare(b.productId))) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${item.quantity}` })
        .where(and(eq(products.shopSlug, cart.shopSlug), eq(products.id, item.productId)));
    }
    await tx.update(carts).set({ shippingCountry: null, version: sql`${carts.version} + 1` }).where(eq(carts.id, cart.id));
    return { removedProductIds: removed.map((r) => r.productId).sort() };
  }
  await tx.update(carts).set({ shippingCountry: decision.country, version: sql`${carts.version} + 1` }).where(eq(carts.id, cart.id));
  return { removedProductIds: [] };
};

/** The cart view after a shipping change plus what it removed: the `data` of PUT /carts/{cartId}/shipping. */
export const shippingAnswer = (cart: CartEncoded, result: ShippingChangeResult) => ({ cart, removedProductIds: [...result.removedProductIds] });


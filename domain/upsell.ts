import { merchandiseGroupKey } from "./catalogue.ts";
import { isSoldOut, type Product } from "./product.schema.ts";
import { DEFAULT_STEP_ORDER, type ShopStep, STEP_PRODUCT_TYPES } from "./shop-flow.ts";

/**
 * Products for the upsell slider under the basket (spec §2 Basket screen "a slider of upsell products not yet in the
 * cart", §4 Upsell): products flagged isUpsell, not sold out, not in the cart; a merchandise variant whose group is
 * already in the cart is left out (spec §4 "excludes the same group if already in the cart"), and one tile per group.
 */
export const upsellProducts = (products: ReadonlyArray<Product>, cartProducts: Readonly<Record<string, number>>): ReadonlyArray<Product> => {
  const inCart = new Set(Object.entries(cartProducts).filter(([, q]) => q > 0).map(([id]) => id));
  const groupOf = (p: Product) => (p.type === "merchandise" ? (merchandiseGroupKey(p.id) ?? p.id) : p.id);
  const groupsInCart = new Set(products.filter((p) => inCart.has(p.id)).map(groupOf));
  const seen = new Set<string>();
  return products.filter((p) => {
    const group = groupOf(p);
    if (p.isUpsell !== true || isSoldOut(p) || inCart.has(p.id) || groupsInCart.has(group) || seen.has(group)) return false;
    seen.add(group);
    return true;
  });
};

/** The flow route a product's upsell tile links to (spec §2 Item screens "Upsell tile: links to Packages, Tickets, Travel, Transport, Merchandise or Extras"), or null for types without a screen. */
export const upsellStepOf = (product: Pick<Product, "type">): ShopStep | null =>
  DEFAULT_STEP_ORDER.find((step) => STEP_PRODUCT_TYPES[step].includes(product.type)) ?? null;

import type { PutCartProduct } from "./cart.schema.ts";
import type { Cents } from "./money.ts";
import { basketGroupOf, priceBasket, type PricingContext } from "./pricing.ts";
import type { Product, ProductType } from "./product.schema.ts";
import { isSoldOut } from "./product.ts";
import { type SaleConfig, saleOf } from "./sale-mode.ts";

/** Groups of the wishlist pre-fill modal in display order (spec §2 Other layers), named as the basket's groups. */
export const WISHLIST_GROUP_ORDER = ["tickets", "travel", "transportation", "comparetransport", "extras", "merchandise", "insurance"] as const;
/** One group of the wishlist modal. spec §2 Other layers. */
export type WishlistGroup = (typeof WISHLIST_GROUP_ORDER)[number];

/**
 * The wishlist group of a product type, from its basket group (spec §2 Other layers, §3 Product types); null for
 * memberships, upgrades and references, which the spec's list leaves out.
 */
export const wishlistGroupOf = (type: ProductType): WishlistGroup | null => {
  const group = basketGroupOf(type);
  switch (group) {
    case "tickets":
    case "travel":
    case "transportation":
    case "comparetransport":
    case "extras":
    case "merchandise":
    case "insurance":
      return group;
    case "addons":
      return "extras";
    case "upgrades":
    case "memberships":
    case null:
      return null;
  }
};

/** One row of the wishlist modal: product, count, unit price and count × price in cents. spec §2 Other layers "columns name, count, price and total". */
export interface WishlistRow {
  readonly productId: string;
  readonly name: string;
  readonly count: number;
  readonly unitPrice: Cents;
  readonly total: Cents;
}

/** The fee rows the cart adds to the wishlist's products (cents, each above 0): service fee, transport order fee, tourist and entertainment tax, wishlist fee. spec §9. */
export interface WishlistFees {
  readonly serviceFee: Cents;
  readonly orderFee: Cents;
  readonly touristTax: Cents;
  readonly entertainmentTax: Cents;
  readonly wishlistFee: Cents;
}

/**
 * The wishlist modal's content (cents): the groups of rows in order, fee rows, the grand total, the sold-out products
 * left out and the quantities the fill button sets. spec §2 Other layers, §9.
 */
export interface WishlistTable {
  readonly groups: ReadonlyArray<{ readonly group: WishlistGroup; readonly rows: ReadonlyArray<WishlistRow> }>;
  readonly fees: WishlistFees;
  readonly total: Cents;
  readonly soldOut: ReadonlyArray<{ readonly productId: string; readonly name: string }>;
  readonly products: Readonly<Record<string, number>>;
}

const displayName = (product: Pick<Product, "name" | "title">): string => product.title ?? product.name;

/**
 * Builds the wishlist modal's table from the products on sale and the saved wishlist, priced as the basket prices them;
 * unknown, fractional and sold-out entries are left out. spec §2 Other layers, §3 Wishlist.
 */
export const wishlistTable = (
  products: ReadonlyArray<Product>,
  wishlist: Readonly<Record<string, number>>,
  pricing: PricingContext,
): WishlistTable => {
  const byId = new Map(products.map((p) => [p.id, p] as const));
  const listed: Record<string, number> = {};
  const soldOut: Array<{ productId: string; name: string }> = [];
  for (const [productId, count] of Object.entries(wishlist)) {
    const product = byId.get(productId);
    if (!product || !Number.isInteger(count) || count < 1 || wishlistGroupOf(product.type) === null) continue;
    if (isSoldOut(product)) soldOut.push({ productId, name: displayName(product) });
    else listed[productId] = product.type === "insurance" ? 1 : count;
  }
  // Shipping depends on a country chosen in the cart and an upgrade discount on an upgrade link: neither is the wishlist's.
  const basket = priceBasket(products, listed, { ...pricing, shippingPrice: 0 as Cents, upgradeDiscount: 0 as Cents, ignoreOrderFee: false });
  const rows = new Map<WishlistGroup, WishlistRow[]>();
  const add = (group: WishlistGroup, row: WishlistRow) => rows.set(group, [...(rows.get(group) ?? []), row]);
  for (const { lines } of basket.groups) {
    for (const line of lines) {
      add(wishlistGroupOf(line.type)!, { productId: line.productId, name: line.name, count: line.quantity, unitPrice: line.unitPrice, total: line.total });
    }
  }
  const insurance = Object.keys(listed).map((id) => byId.get(id)!).find((p) => p.type === "insurance");
  if (insurance && basket.itemCount > 0) {
    add("insurance", { productId: insurance.id, name: displayName(insurance), count: 1, unitPrice: basket.refundProtection, total: basket.refundProtection });
  }
  return {
    groups: WISHLIST_GROUP_ORDER.filter((group) => rows.has(group)).map((group) => ({ group, rows: rows.get(group)! })),
    fees: { serviceFee: basket.serviceFee, orderFee: basket.orderFee, touristTax: basket.touristTax, entertainmentTax: basket.entertainmentTax, wishlistFee: basket.wishlistFee },
    total: basket.total,
    soldOut,
    products: basket.itemCount > 0 ? listed : {},
  };
};

/** Shortest wait of the wishlist modal's spinner, in ms. spec §4 Modals and loading "random 1 to 10 s delay". */
export const WISHLIST_MODAL_MIN_DELAY_MS = 1000;
/** Longest wait of the wishlist modal's spinner, in ms. spec §4 Modals and loading. */
export const WISHLIST_MODAL_MAX_DELAY_MS = 10_000;

/**
 * The wishlist modal's spinner time in whole ms for a random number in [0, 1), from the shortest to the longest wait
 * evenly; clamped. spec §4 Modals and loading.
 */
export const wishlistModalDelayMs = (random: number): number => {
  const r = Number.isNaN(random) ? 0 : Math.min(Math.max(random, 0), 1 - Number.EPSILON);
  const span = WISHLIST_MODAL_MAX_DELAY_MS - WISHLIST_MODAL_MIN_DELAY_MS + 1;
  return WISHLIST_MODAL_MIN_DELAY_MS + Math.min(Math.floor(r * span), span - 1);
};

/**
 * How the fill button treats the cart: `fill` (a sale) sets the wishlist's quantities and keeps the cart's other
 * products; `restore` (pre-registration, where the cart is the wishlist) makes the cart the wishlist again, removing
 * what else is in it. spec §1 sale modes, §2 Other layers.
 */
export type WishlistFillMode = "fill" | "restore";

/** The fill mode of a shop: restore where its cart is a wishlist (pre-registration), fill otherwise. spec §1 "pre-registration (the cart acts as a wishlist)". */
export const wishlistFillModeOf = (config: SaleConfig): WishlistFillMode => (saleOf(config).rules.order === "wishlist" ? "restore" : "fill");

/**
 * The product writes that put `target` into a cart holding `cart` (restore mode removes the rest); lowerings first, so
 * the ticket cap is never crossed. spec §7, §5 Quantities.
 */
export const wishlistCartChanges = (
  target: Readonly<Record<string, number>>,
  cart: Readonly<Record<string, number>>,
  mode: WishlistFillMode,
): ReadonlyArray<PutCartProduct> => {
  const held = (id: string) => (Object.hasOwn(cart, id) ? (cart[id] ?? 0) : 0);
  const wanted: PutCartProduct[] = Object.entries(target)
    .filter(([id, quantity]) => quantity !== held(id))
    .map(([productId, quantity]) => ({ productId, quantity }));
  const removed: PutCartProduct[] =
    mode === "restore"
      ? Object.entries(cart)
          .filter(([id, quantity]) => quantity > 0 && !Object.hasOwn(target, id))
          .map(([productId]) => ({ productId, quantity: 0 }))
      : [];
  const all = [...wanted, ...removed];
  return [...all.filter((c) => c.quantity < held(c.productId)), ...all.filter((c) => c.quantity > held(c.productId))];
};

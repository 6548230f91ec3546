import { merchandiseGroupKey } from "./product-catalogue.ts";
import type { Product } from "./product.schema.ts";
import type { UpsellProductSetting } from "./shop.schema.ts";
import { isSoldOut } from "./product.ts";
import { DEFAULT_STEP_ORDER, type FlowStep, nextStep, type ShopStep, STEP_PRODUCT_TYPES } from "./shop-flow.ts";

/**
 * The upsell slider's products (spec §2 Basket screen, §3, §4 Upsell): the configured ones in order, else those flagged
 * isUpsell; not sold out, not in the cart, one tile per merchandise group.
 */
export const upsellProducts = (
  products: ReadonlyArray<Product>,
  cartProducts: Readonly<Record<string, number>>,
  configured?: ReadonlyArray<UpsellProductSetting>,
): ReadonlyArray<Product> => {
  const inCart = new Set(Object.entries(cartProducts).filter(([, q]) => q > 0).map(([id]) => id));
  const groupOf = (p: Product) => (p.type === "merchandise" ? (merchandiseGroupKey(p.id) ?? p.id) : p.id);
  const groupsInCart = new Set(products.filter((p) => inCart.has(p.id)).map(groupOf));
  const candidates = configured
    ? configured.flatMap((setting) => products.filter((p) => p.id === setting.id))
    : products.filter((p) => p.isUpsell === true);
  const seen = new Set<string>();
  return candidates.filter((p) => {
    const group = groupOf(p);
    if (isSoldOut(p) || inCart.has(p.id) || groupsInCart.has(group) || seen.has(group)) return false;
    seen.add(group);
    return true;
  });
};

/** The flow route a product's upsell tile links to (spec §2 Item screens "Upsell tile: links to Packages, Tickets, Travel, Transport, Merchandise or Extras"), or null for types without a screen. */
export const upsellStepOf = (product: Pick<Product, "type">): ShopStep | null =>
  DEFAULT_STEP_ORDER.find((step) => STEP_PRODUCT_TYPES[step].includes(product.type)) ?? null;

/** An upsell offer: the product, the flow route its tile links to, the tile's name (configured tileName, else the product's title or name) and whether the tile is highlighted. */
export interface UpsellOfferFacts {
  readonly product: Product;
  readonly step: ShopStep;
  readonly tileName: string;
  readonly highlighted: boolean;
}

/** The upsell offers of a cart: upsellProducts (configured tiles or isUpsell) with their tiles, without the products whose type has no screen (spec §2, §3 upsellProducts, §4 Upsell). */
export const upsellOffersOf = (
  products: ReadonlyArray<Product>,
  cartProducts: Readonly<Record<string, number>>,
  configured?: ReadonlyArray<UpsellProductSetting>,
): ReadonlyArray<UpsellOfferFacts> =>
  upsellProducts(products, cartProducts, configured).flatMap((product) => {
    const step = upsellStepOf(product);
    const setting = configured?.find((s) => s.id === product.id);
    return step ? [{ product, step, tileName: setting?.tileName ?? product.title ?? product.name, highlighted: setting?.highLighted === true }] : [];
  });

/** What decides whether the upsell panel opens (spec §4 Upsell and toasts): the shop's upsell switch, the route's step, the cart total before and after (cents; before undefined on the first cart seen) and how many products there are to offer. */
export interface UpsellPanelFacts {
  readonly upsell: "Yes" | "No";
  /** Step segment of the current route (/{slug}/{step}); checkout is a route of its own, so "checkout not shown" holds on every other step. */
  readonly step: string | null;
  readonly totalBefore: number | undefined;
  readonly totalAfter: number;
  readonly offers: number;
}

/**
 * True when the upsell panel opens (spec §3, §4): upsell Yes, on the tickets step, the total rose since the first cart
 * seen, and an offer is left.
 */
export const opensUpsellPanel = (facts: UpsellPanelFacts): boolean =>
  facts.upsell === "Yes" &&
  facts.step === "tickets" &&
  facts.totalBefore !== undefined &&
  facts.totalAfter > facts.totalBefore &&
  facts.offers > 0;

/**
 * Where the upsell panel's Continue goes (spec §4 "continuing goes to the next route or merchandise"): the step after
 * tickets in the shop flow; merchandise when tickets is not in the flow but merchandise is; else the flow's next step
 * (checkout after the last).
 */
export const upsellContinueStep = (flow: ReadonlyArray<ShopStep>): FlowStep => {
  if (!flow.includes("tickets") && flow.includes("merchandise")) return "merchandise";
  return nextStep(flow, "tickets");
};

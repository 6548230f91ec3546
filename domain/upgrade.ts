import type { Cents } from "./money.ts";
import type { ProductType } from "./product.schema.ts";
import type { UpgradableOrder } from "./shop.schema.ts";

/** What the upgrade rules of the basket read: upgrade mode (an upgradable-order id in the shop context), the upgradable order of the shop config, and the product types in the cart. spec §2 Basket screen, §3, §9. */
export interface UpgradeFacts {
  readonly upgradeMode: boolean;
  readonly upgradableOrder: UpgradableOrder | undefined;
  readonly cartTypes: ReadonlyArray<ProductType>;
}

/** True when the membership discount holds: the order has it (hasMembershipDiscount), or it is unlockable (unlockMembershipDiscount) and a membership is in the cart. spec §3 upgradableOrder. */
export const membershipDiscountHolds = (facts: UpgradeFacts): boolean =>
  facts.upgradeMode &&
  facts.upgradableOrder !== undefined &&
  (facts.upgradableOrder.hasMembershipDiscount === true ||
    (facts.upgradableOrder.unlockMembershipDiscount === true && facts.cartTypes.includes("membership")));

/**
 * The upgrade discount of the basket in cents (spec §2 Basket screen, §9): discount.priceAmount when an upgrade is in
 * the cart and the membership discount holds, else 0.
 */
export const upgradeDiscountOf = (facts: UpgradeFacts): Cents =>
  (facts.cartTypes.includes("upgrade") && membershipDiscountHolds(facts) ? (facts.upgradableOrder?.discount?.priceAmount ?? 0) : 0) as Cents;

/**
 * The upgrade-unlock banner's offer in cents (spec §2 Basket screen): a membership discount a membership would unlock
 * in upgrade mode, or null when no banner shows.
 */
export const upgradeUnlockOffer = (facts: UpgradeFacts): Cents | null => {
  const amount = facts.upgradableOrder?.discount?.priceAmount ?? 0;
  if (!facts.upgradeMode || facts.upgradableOrder?.unlockMembershipDiscount !== true || amount <= 0) return null;
  return membershipDiscountHolds(facts) ? null : (amount as Cents);
};

/** The product types of the cart's lines with a quantity above 0 (unknown ids left out). */
export const productTypesInCart = (products: ReadonlyArray<{ readonly id: string; readonly type: ProductType }>, cartProducts: Readonly<Record<string, number>>): ReadonlyArray<ProductType> => {
  const byId = new Map(products.map((p) => [p.id, p.type] as const));
  return Object.entries(cartProducts).flatMap(([id, quantity]) => {
    const type = quantity > 0 ? byId.get(id) : undefined;
    return type === undefined ? [] : [type];
  });
};

/** The query parameters of the upgrade e-mail link (spec §2 "Redirect links also carry shopToken, idt_oss_order_id and access_id"). */
export const UPGRADE_ORDER_PARAM = "idt_oss_order_id";
/** The access id parameter of the upgrade e-mail link. spec §2. */
export const UPGRADE_ACCESS_PARAM = "access_id";

/** The ids of an upgrade e-mail link: the order being upgraded and its access id (both 1-64 of A-Z a-z 0-9 _ -). */
export interface UpgradeIds {
  readonly orderId: string;
  readonly accessId: string;
}

/** What the upgrade link of a query says: Valid ids, None (no upgrade link at all) or Invalid with spec §8 code 4005 (no valid order id) / 4006 (no valid access id). */
export type UpgradeLink =
  | { readonly _tag: "Valid"; readonly ids: UpgradeIds }
  | { readonly _tag: "None" }
  | { readonly _tag: "Invalid"; readonly code: 4005 | 4006 };

const UPGRADE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Reads the upgrade link of a query (spec §2 deep links, §8 4005/4006): None when neither idt_oss_order_id nor access_id
 * is there; Invalid 4005 when the order id is missing or not 1-64 of A-Z a-z 0-9 _ -, else Invalid 4006 when the access
 * id is; else Valid. The order id is checked first.
 */
export const readUpgradeLink = (query: URLSearchParams | string): UpgradeLink => {
  const params = typeof query === "string" ? new URLSearchParams(query.startsWith("?") ? query.slice(1) : query) : query;
  const orderId = params.get(UPGRADE_ORDER_PARAM);
  const accessId = params.get(UPGRADE_ACCESS_PARAM);
  if (orderId === null && accessId === null) return { _tag: "None" };
  if (orderId === null || !UPGRADE_ID.test(orderId)) return { _tag: "Invalid", code: 4005 };
  if (accessId === null || !UPGRADE_ID.test(accessId)) return { _tag: "Invalid", code: 4006 };
  return { _tag: "Valid", ids: { orderId, accessId } };
};

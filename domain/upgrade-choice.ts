import type { ProductType } from "./product.schema.ts";
import type { UpgradableOrder, Upgrade } from "./shop.schema.ts";

// The upgrade screen's and the server's rules, apart from domain/upgrade.ts (which every page loads for the basket
// discount), so they load with the upgrade code only.

/** The option of `upgrade` that the cart holds (quantity above 0), or null: the visitor's choice. spec §4 isUpgradeChoiceMade. */
export const chosenUpgradeOption = (upgrade: Upgrade, cartProducts: Readonly<Record<string, number>>): string | null =>
  upgrade.upgradeOptions.find((o) => (cartProducts[o.productId] ?? 0) > 0)?.productId ?? null;

/**
 * True when an upgrade choice is made (spec §2 "Next is disabled on the upgrade route until an upgrade choice is made"):
 * the order offers upgrades and the cart holds an option of at least one of them.
 */
export const isUpgradeChoiceMade = (order: UpgradableOrder | undefined, cartProducts: Readonly<Record<string, number>>): boolean =>
  (order?.upgrades ?? []).some((u) => chosenUpgradeOption(u, cartProducts) !== null);

/**
 * The cart writes that choose `productId` among an upgrade's options: the chosen one first (so a refused write keeps
 * the earlier choice), then every other held option at 0; empty for no option.
 */
export const upgradeChoiceChanges = (
  upgrade: Upgrade,
  productId: string,
  cartProducts: Readonly<Record<string, number>>,
): ReadonlyArray<{ readonly productId: string; readonly quantity: number }> => {
  if (!upgrade.upgradeOptions.some((o) => o.productId === productId)) return [];
  const add = (cartProducts[productId] ?? 0) === 1 ? [] : [{ productId, quantity: 1 }];
  const remove = upgrade.upgradeOptions.filter((o) => o.productId !== productId && (cartProducts[o.productId] ?? 0) > 0).map((o) => ({ productId: o.productId, quantity: 0 }));
  return [...add, ...remove];
};

/** Refund protection (booking protect) is offered in upgrade mode when the upgradable order has bookingProtect (spec §3, §8 form_no_insurance_choice "in upgrade mode only when booking protect is available"). */
export const bookingProtectAvailable = (order: UpgradableOrder | undefined): boolean => order?.bookingProtect !== undefined;

/**
 * The products GET /products lists (spec §1 upgrade sale mode, §3 upgradableOrder): every product that is not an
 * upgrade, plus, in upgrade mode (`order` given), the upgrade products that are options of the order's upgrades.
 */
export const listedProducts = <P extends { readonly id: string; readonly type: ProductType }>(products: ReadonlyArray<P>, order: UpgradableOrder | undefined): ReadonlyArray<P> => {
  const options = new Set((order?.upgrades ?? []).flatMap((u) => u.upgradeOptions.map((o) => o.productId)));
  return products.filter((p) => p.type !== "upgrade" || options.has(p.id));
};

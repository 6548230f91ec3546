/**
 * How a client addresses one event on the Shop API (spec §6, §7 headers): the event namespace and bearer shop token,
 * plus, when present, the cart token (add-on shops, deep-link carts), the upgradable-order id (upgrades), the
 * policy id (shopSettings) and the identity token (single sign-on or the previous-id-token cookie).
 */
export interface ShopContext {
  readonly apiNamespace: string;
  readonly shopToken: string;
  readonly cartToken?: string;
  readonly upgradableOrderId?: string;
  /** Access id of the upgrade e-mail link (access_id), sent beside the upgradable-order id (docs/shop-api.md Upgrades). */
  readonly upgradeAccessId?: string;
  readonly policyId?: string;
  readonly userToken?: string;
}

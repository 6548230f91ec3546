/**
 * How a client addresses one event on the Shop API (spec §6, §7 headers): the event namespace and bearer shop token,
 * plus, when present, the cart token (add-on shops, deep-link carts), the upgradable-order id (upgrades), the
 * policy id (shopSettings), the identity token (single sign-on or the previous-id-token cookie) and the payment queue
 * token the shop's queue handed the visitor (sent in POST /carts' body, spec §7).
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
  /** The payment queue token of a shop whose queue is on (queueUrl): POST /carts sends it (spec §3 queueUrl, §7). */
  readonly paymentQueueToken?: string;
}

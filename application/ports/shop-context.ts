/**
 * How a client addresses one event on the Shop API (spec §6, §7 headers): namespace and shop token, and when present
 * the cart token, upgradable-order id, policy id, identity token and payment queue token.
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

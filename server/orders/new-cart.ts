import type { NewCartOptions } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import { verifyQueueToken, type QueueTokenSettings } from "../queue/queue-tokens.ts";
import { queueTokenRequired } from "../queue/queue.errors.ts";
import { cartTokenInvalid } from "../cart/cart.errors.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { findOrderByCartToken } from "./previous-orders.ts";
import { requestUpgradableOrder, type UpgradeAccess } from "./upgradable-orders.ts";

/** How POST /carts checks a paymentQueueToken: the queue token settings and the time to verify at. */
export interface QueueCheck {
  readonly settings: QueueTokenSettings;
  readonly now: Date;
}

/** What POST /carts' headers name: the x-cart-token (an add-on cart) and the upgradable order (an upgrade cart). spec §6. */
export interface NewCartHeaders {
  readonly cartToken: string | undefined;
  readonly upgrade: UpgradeAccess;
}

/**
 * What POST /carts stores (spec §6, §7): when the shop's queueUrl is set, the admission of its paymentQueueToken
 * (required: 403 queue.token.required; verified: 403 queue.token.invalid when forged, expired or another shop's; used
 * once, when the cart is made: cart-service create); a shop without a queue ignores the field. When the request carries
 * x-cart-token, that token and the reference of the shop's previous order it belongs to (an add-on cart);
 * an unknown token answers 403 cart.token.invalid; with x-upgradable-order-id the upgradable order it upgrades (an
 * upgrade cart; 404 4003 / 409 4002 as GET /shop answers them, and then no cart is made).
 */
export const newCartOptions = async (
  db: Db,
  shop: ShopRecord,
  body: { readonly paymentQueueToken?: string | undefined },
  headers: NewCartHeaders,
  queue: QueueCheck,
): Promise<NewCartOptions> => {
  const queueToken = body.paymentQueueToken?.trim() || undefined;
  if (shop.config.queueUrl && queueToken === undefined) throw queueTokenRequired();
  const queueAdmission = shop.config.queueUrl && queueToken !== undefined ? await verifyQueueToken(queue.settings, queueToken, shop.apiNamespace, queue.now) : undefined;
  const upgrade = await requestUpgradableOrder(db, shop, headers.upgrade);
  const upgradeOrderId = upgrade === undefined ? {} : { upgradeOrderId: upgrade.orderId };
  const cartToken = headers.cartToken;
  if (cartToken === undefined) return { queueAdmission, ...upgradeOrderId };
  const order = await findOrderByCartToken(db, shop.slug, cartToken);
  if (!order) throw cartTokenInvalid();
  return { queueAdmission, cartToken: order.cartToken, addOnReference: order.reference, ...upgradeOrderId };
};

import { saleOf } from "../../domain/sale-mode.ts";
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
 * What POST /carts stores (spec §6, §7): behind a queue (sale-mode.ts saleOf), the admission of its paymentQueueToken;
 * with x-cart-token, the previous order it belongs to (an add-on cart); with x-upgradable-order-id, the order it upgrades.
 */
export const newCartOptions = async (
  db: Db,
  shop: ShopRecord,
  body: { readonly paymentQueueToken?: string | undefined },
  headers: NewCartHeaders,
  queue: QueueCheck,
): Promise<NewCartOptions> => {
  // The token is required and verified (forged, expired or another shop's: invalid), and used once, when the cart is
  // made (cart-service create); a shop without a queue ignores it. An unknown cart token is invalid; an upgrade fails
  // as GET /shop does, and then no cart is made.
  const queueToken = body.paymentQueueToken?.trim() || undefined;
  const queued = saleOf(shop.config).queue._tag === "Queue";
  if (queued && queueToken === undefined) throw queueTokenRequired();
  const queueAdmission = queued && queueToken !== undefined ? await verifyQueueToken(queue.settings, queueToken, shop.apiNamespace, queue.now) : undefined;
  const upgrade = await requestUpgradableOrder(db, shop, headers.upgrade);
  const upgradeOrderId = upgrade === undefined ? {} : { upgradeOrderId: upgrade.orderId };
  const cartToken = headers.cartToken;
  if (cartToken === undefined) return { queueAdmission, ...upgradeOrderId };
  const order = await findOrderByCartToken(db, shop.slug, cartToken);
  if (!order) throw cartTokenInvalid();
  return { queueAdmission, cartToken: order.cartToken, addOnReference: order.reference, ...upgradeOrderId };
};

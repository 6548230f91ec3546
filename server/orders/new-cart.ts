import type { FastifyRequest } from "fastify";
import type { NewCartOptions } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import { ApiError } from "../http/api-error.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { cartTokenInvalid, requestCartToken } from "./cart-token.ts";
import { findOrderByCartToken } from "./previous-orders.ts";
import { requestUpgradableOrder } from "./upgradable-orders.ts";

/** 403 `queue.token.required`: the shop's payment queue is on (config queueUrl) and POST /carts has no paymentQueueToken. spec §7. */
export const queueTokenRequired = (): ApiError =>
  new ApiError(403, "queue.token.required", "Join the queue first: this shop needs a payment queue token to open a cart.");

/**
 * What POST /carts stores (spec §6, §7): the paymentQueueToken (required, non-empty, when the shop's queueUrl is set:
 * 403 queue.token.required; the reference server does not verify it with a queue) and, when the request carries
 * x-cart-token, that token and the reference of the shop's previous order it belongs to (an add-on cart);
 * an unknown token answers 403 cart.token.invalid; with x-upgradable-order-id the upgradable order it upgrades (an
 * upgrade cart; 404 4003 / 409 4002 as GET /shop answers them, and then no cart is made).
 */
export const newCartOptions = async (
  db: Db,
  shop: ShopRecord,
  body: { readonly paymentQueueToken?: string | undefined },
  request: FastifyRequest,
): Promise<NewCartOptions> => {
  const queueToken = body.paymentQueueToken?.trim() ? body.paymentQueueToken : undefined;
  if (shop.config.queueUrl && queueToken === undefined) throw queueTokenRequired();
  const upgrade = await requestUpgradableOrder(db, shop, request);
  const upgradeOrderId = upgrade === undefined ? {} : { upgradeOrderId: upgrade.orderId };
  const cartToken = requestCartToken(request);
  if (cartToken === undefined) return { paymentQueueToken: queueToken, ...upgradeOrderId };
  const order = await findOrderByCartToken(db, shop.slug, cartToken);
  if (!order) throw cartTokenInvalid();
  return { paymentQueueToken: queueToken, cartToken: order.cartToken, addOnReference: order.reference, ...upgradeOrderId };
};

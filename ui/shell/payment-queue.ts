import type { ShopContext } from "../../application/ports/shop-context.ts";
import { queueTokenOf } from "../../domain/payment-queue.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";

/**
 * The shop context with the payment queue token of the query (`?paymentQueueToken=…`, where the shop's queue sends
 * the visitor back; every navigation keeps the query, spec §2 Routes) while the shop's queue is on (config queueUrl);
 * otherwise the context as it is. POST /carts sends it (spec §3 queueUrl, §7).
 */
export const withQueueToken = (context: ShopContext, config: Pick<ShopConfig, "queueUrl">, search: string): ShopContext => {
  const paymentQueueToken = config.queueUrl ? queueTokenOf(search) : undefined;
  return paymentQueueToken ? { ...context, paymentQueueToken } : context;
};

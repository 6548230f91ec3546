import type { ShopContext } from "../../application/ports/shop-context.ts";
import { queueTokenOf } from "../../domain/payment-queue.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";

/**
 * The shop context with the query's payment queue token while the shop's queue is on (spec §2 Routes, §3 queueUrl, §7),
 * else unchanged.
 */
export const withQueueToken = (context: ShopContext, config: Pick<ShopConfig, "queueUrl">, search: string): ShopContext => {
  const paymentQueueToken = config.queueUrl ? queueTokenOf(search) : undefined;
  return paymentQueueToken ? { ...context, paymentQueueToken } : context;
};

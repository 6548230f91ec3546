import { lookupKind, type GetOrdersRequest } from "../../domain/order-lookup.schema.ts";
import { sharedLimit, type CounterStore } from "../cluster/shared-limits.ts";
import { OrderLookupsLimited } from "./orders.errors.ts";

/** Window of the order lookup limits: one hour, in seconds. */
export const ORDER_LOOKUP_WINDOW_SECONDS = 3600;

/** Order lookups by order number and e-mail that found nothing, allowed per hour: per client address and per order number. */
export interface OrderLookupLimits {
  readonly perIpPerHour: number;
  readonly perOrderPerHour: number;
}

/** Defaults of ORDER_LOOKUPS_PER_IP_PER_HOUR and ORDER_LOOKUPS_PER_ORDER_PER_HOUR. */
export const DEFAULT_ORDER_LOOKUP_LIMITS: OrderLookupLimits = { perIpPerHour: 30, perOrderPerHour: 10 };

const wholeNumber = (env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number => {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of lookups, at least 1, not '${text}'.`);
  return value;
};

/** ORDER_LOOKUPS_PER_IP_PER_HOUR and ORDER_LOOKUPS_PER_ORDER_PER_HOUR over DEFAULT_ORDER_LOOKUP_LIMITS; throws for anything but a whole number ≥ 1. */
export const orderLookupLimitsFromEnv = (env: Readonly<Record<string, string | undefined>>): OrderLookupLimits => ({
  perIpPerHour: wholeNumber(env, "ORDER_LOOKUPS_PER_IP_PER_HOUR", DEFAULT_ORDER_LOOKUP_LIMITS.perIpPerHour),
  perOrderPerHour: wholeNumber(env, "ORDER_LOOKUPS_PER_ORDER_PER_HOUR", DEFAULT_ORDER_LOOKUP_LIMITS.perOrderPerHour),
});

/** The order number a lookup names, as a counter key: its reference, else its external reference (lower case). spec §5 Order number lookup. */
const orderKeyOf = (query: GetOrdersRequest): string =>
  query.reference !== undefined ? `reference ${query.reference}` : `external ${(query.consumer_external_reference ?? "").toLowerCase()}`;

/** Guards order lookups (spec §7 POST /get-orders, §5 Order number lookup) against guessing. */
export interface OrderLookupLimit {
  /**
   * Runs `lookUp` for `query` from `clientIp`; a lookup by number and e-mail that misses counts per address and order
   * number, and past either rejects with OrderLookupsLimited, nothing looked up. Else rejects as `lookUp` does.
   */
  guard<T>(clientIp: string, query: GetOrdersRequest, lookUp: () => Promise<T>): Promise<T>;
}

/**
 * The order lookup limit of `limits` in `store` (Redis shares it across workers). While Redis is slow or away each of
 * this machine's `workers` allows its share (limit ÷ workers, at least 1): stricter, never open.
 */
export const orderLookupLimit = (limits: OrderLookupLimits, store: CounterStore, workers = 1): OrderLookupLimit => {
  const limit = (name: string, points: number) =>
    sharedLimit(name, { points, durationSeconds: ORDER_LOOKUP_WINDOW_SECONDS, standInPoints: Math.max(1, Math.floor(points / Math.max(1, workers))) }, store);
  const byIp = limit("order_lookup_ip", limits.perIpPerHour);
  const byOrder = limit("order_lookup_order", limits.perOrderPerHour);
  return {
    async guard(clientIp, query, lookUp) {
      // Only the e-mail proof can be guessed: a lookup with the order's x-cart-token (unguessable) counts in the API limit alone.
      if (lookupKind(query) !== "order-with-email") return lookUp();
      const order = orderKeyOf(query);
      const [ipWait, orderWait] = await Promise.all([byIp.consume(clientIp), byOrder.consume(order)]);
      const waitSeconds = Math.max(ipWait, orderWait);
      if (waitSeconds > 0) {
        const minutes = Math.ceil(waitSeconds / 60);
        throw new OrderLookupsLimited({ code: "rate.limited", message: `Too many order lookups; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, retryAfterSeconds: waitSeconds });
      }
      const found = await lookUp();
      // The visitor knew the order: that try was no guess.
      await Promise.all([byIp.reward(clientIp), byOrder.reward(order)]);
      return found;
    },
  };
};


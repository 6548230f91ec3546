import type { GetOrdersRequest } from "../../domain/order-lookup.schema.ts";
import { sharedLimit, type CounterStore } from "../cluster/shared-limits.ts";
import { OrderLookupsLimited } from "./orders.errors.ts";

/** Window of the order lookup limits: one hour, in seconds. */
export const ORDER_LOOKUP_WINDOW_SECONDS = 3600;

/** Order lookups that found nothing, allowed per hour: per client address and per order number (or e-mail looked up). */
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

/** The order a lookup names, as a counter key: its reference, else its external reference, else the e-mail (lower case). spec §7 get-orders. */
const orderKeyOf = (query: GetOrdersRequest): string => {
  if (query.reference !== undefined) return `reference ${query.reference}`;
  if (query.consumer_external_reference !== undefined) return `external ${query.consumer_external_reference.toLowerCase()}`;
  return `email ${(query.consumer_email ?? "").trim().toLowerCase()}`;
};

/** Guards order lookups (spec §7 POST /get-orders, §5 Order number lookup) against guessing. */
export interface OrderLookupLimit {
  /**
   * Runs `lookUp` for `query` from `clientIp` unless that address or that order number used up its lookups; a lookup
   * that finds the order is given back, so only guesses that miss count. Rejects with OrderLookupsLimited (nothing
   * looked up) past either limit, else with what `lookUp` rejects.
   */
  guard<T>(clientIp: string, query: GetOrdersRequest, lookUp: () => Promise<T>): Promise<T>;
}

/**
 * The order lookup limit of `limits` in `store` (shared-limits.ts; Redis shares it across workers). Each try counts
 * against the client address and the order number; past either, OrderLookupsLimited. While Redis is slow or away,
 * each of this machine's `workers` processes allows its share of each limit (the limit divided by `workers`, at
 * least 1), so a stopped Redis makes the limit stricter, never open.
 */
export const orderLookupLimit = (limits: OrderLookupLimits, store: CounterStore, workers = 1): OrderLookupLimit => {
  const limit = (name: string, points: number) =>
    sharedLimit(name, { points, durationSeconds: ORDER_LOOKUP_WINDOW_SECONDS, standInPoints: Math.max(1, Math.floor(points / Math.max(1, workers))) }, store);
  const byIp = limit("order_lookup_ip", limits.perIpPerHour);
  const byOrder = limit("order_lookup_order", limits.perOrderPerHour);
  return {
    async guard(clientIp, query, lookUp) {
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


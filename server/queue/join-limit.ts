import { createHash } from "node:crypto";
import { closeRedis, redisClient } from "../cluster/redis-client.ts";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** Window of the join limit: one hour, in seconds. */
export const JOIN_LIMIT_WINDOW_SECONDS = 3600;

/** Default places one client IP may take in one shop's line per hour (QUEUE_JOINS_PER_IP_PER_HOUR): a family or office behind one router. */
export const DEFAULT_QUEUE_JOINS_PER_IP_PER_HOUR = 30;

/**
 * How many places one client takes in a shop's line (spec §3 queueUrl, §8 "join the queue"): without a limit a
 * script that drops its place cookie draws a new ticket per request and so holds many admissions (many carts) at once.
 */
export interface JoinLimit {
  /** Counts one join of `shopSlug`'s line from `ip`: 0 when allowed, else the seconds until this IP may join again. */
  consume(shopSlug: string, ip: string): Promise<number>;
  /** Ends the Redis connection (none for the in-memory store). */
  close(): Promise<void>;
}

/**
 * The join limit (rate-limiter-flexible): `joinsPerHour` per client IP and shop (0: none), in Redis when `redisUrl` is
 * given, else in memory. While Redis is away consume rejects (nobody joins unchecked). Keys hold a hash of the IP.
 */
export const createJoinLimit = (settings: { readonly joinsPerHour: number; readonly redisUrl?: string; readonly redisKeyPrefix?: string }): JoinLimit => {
  if (settings.joinsPerHour === 0) return { consume: async () => 0, close: async () => undefined };
  const redis = settings.redisUrl ? redisClient(settings.redisUrl) : undefined;
  const options = { keyPrefix: "queue_join", points: settings.joinsPerHour, duration: JOIN_LIMIT_WINDOW_SECONDS };
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, keyPrefix: `${settings.redisKeyPrefix ?? ""}queue_join`, storeClient: redis })
    : new RateLimiterMemory(options);
  return {
    consume: (shopSlug, ip) =>
      limiter.consume(`${shopSlug}:${createHash("sha256").update(ip).digest("base64url")}`).then(
        () => 0,
        (rejection: unknown) => {
          // consume() rejects with the counter's state once the limit is passed: the expected outcome, not a failure.
          if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw rejection;
        },
      ),
    close: async () => {
      if (redis) await closeRedis(redis);
    },
  };
};

/**
 * QUEUE_JOINS_PER_IP_PER_HOUR (default DEFAULT_QUEUE_JOINS_PER_IP_PER_HOUR): places one client IP may take in one
 * shop's line per hour, a whole number ≥ 0 (0 turns the limit off, e.g. for a load test from one machine); throws for
 * anything else.
 */
export const queueJoinsPerIpPerHour = (env: Readonly<Record<string, string | undefined>>): number => {
  const text = env["QUEUE_JOINS_PER_IP_PER_HOUR"]?.trim();
  if (!text) return DEFAULT_QUEUE_JOINS_PER_IP_PER_HOUR;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`QUEUE_JOINS_PER_IP_PER_HOUR must be a whole number of places (0: no limit), not '${text}'.`);
  return value;
};

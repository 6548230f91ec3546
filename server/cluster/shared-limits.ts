/*
 * Counters of tries per client, shared by every worker through Redis (rate-limiter-flexible's RateLimiterRedis), with
 * a per-process limiter standing in while Redis is slow or away (its insurance limiter), so a limit never waits on
 * Redis and never opens. Keys are SHA-256 hashes: no client address or e-mail is ever a Redis key or a table row.
 */
import { createHash } from "node:crypto";
import type Redis from "ioredis";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Db } from "../db/database.ts";
import { loginThrottle as counterTable } from "../db/schema.ts";

/** A limit: at most `points` tries per `durationSeconds`; past it the key waits `blockSeconds` (default: the rest of the window). */
export interface TryLimit {
  readonly points: number;
  readonly durationSeconds: number;
  readonly blockSeconds?: number;
  /** Tries each process allows per window while the shared store is away (default `points`). */
  readonly standInPoints?: number;
}

/**
 * Where the counters live: this process's memory (one process is the whole shop), Redis (every worker, keys under
 * `keyPrefix`), or the shop's database (RateLimiterDrizzle over the counter table: shared on one PostgreSQL without Redis).
 */
export type CounterStore =
  | { readonly kind: "memory" }
  | { readonly kind: "redis"; readonly redis: Redis; readonly keyPrefix: string }
  | { readonly kind: "database"; readonly db: Db };

/** A shared counter of tries per key (a client address, an account and address pair, an order number). */
export interface SharedLimit {
  /** Counts one try of `key`: resolves 0 when it is within the limit, else the seconds until `key` may try again. */
  consume(key: string): Promise<number>;
  /** Seconds until `key` may try again without counting a try (0: it may try now). */
  waitSeconds(key: string): Promise<number>;
  /** Gives one counted try of `key` back (a try that turned out rightful). */
  reward(key: string): Promise<void>;
  /** Starts the count of `key` again. */
  reset(key: string): Promise<void>;
}

/** The stored form of a key: a SHA-256 of it (base64url), so no personal data is a key. */
export const hashedKey = (key: string): string => createHash("sha256").update(key).digest("base64url");

/** Seconds (at least 1) of a counter's `msBeforeNext`. */
const secondsOf = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * A SharedLimit `name` of `limit` in `store`. A Redis or database store has an in-memory insurance limiter of
 * `standInPoints`: a failed, timed-out or not-connected store counts in memory instead, at once.
 */
export const sharedLimit = (name: string, limit: TryLimit, store: CounterStore): SharedLimit => {
  const options = { keyPrefix: name, points: limit.points, duration: limit.durationSeconds, blockDuration: limit.blockSeconds ?? 0 };
  const standIn = new RateLimiterMemory({ ...options, points: limit.standInPoints ?? limit.points });
  const limiter: RateLimiterAbstract = (() => {
    switch (store.kind) {
      case "memory":
        return standIn;
      case "redis":
        return new RateLimiterRedis({ ...options, keyPrefix: `${store.keyPrefix}${name}`, storeClient: store.redis, rejectIfRedisNotReady: true, insuranceLimiter: standIn });
      case "database":
        return new RateLimiterDrizzle({ ...options, storeClient: store.db, schema: counterTable, clearExpiredByTimeout: false, insuranceLimiter: standIn });
    }
  })();
  return {
    consume: (key) =>
      limiter.consume(hashedKey(key)).then(
        () => 0,
        (rejection: unknown) => {
          // consume() rejects with the counter's state once the limit is passed: the expected outcome, not a failure.
          if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
          throw rejection;
        },
      ),
    waitSeconds: async (key) => {
      const res = await limiter.get(hashedKey(key));
      const points = limiter.points;
      return res && res.consumedPoints >= points ? secondsOf(res) : 0;
    },
    reward: async (key) => void (await limiter.reward(hashedKey(key))),
    reset: async (key) => void (await limiter.delete(hashedKey(key))),
  };
};

import { lte } from "drizzle-orm";
import type Redis from "ioredis";
import { sharedLimit, type CounterStore } from "../cluster/shared-limits.ts";
import type { Db } from "../db/database.ts";
import { loginThrottle as loginThrottleTable } from "../db/schema.ts";

/** A limit of wrong passwords: at most `attempts` within `windowSeconds`; past it, logins wait until the window ends. */
export interface FailureLimit {
  readonly attempts: number;
  readonly windowSeconds: number;
}

/**
 * How the login form is throttled (OWASP: a stranger cannot lock an owner out): per account and client address pair,
 * and per address. Defaults: 10 wrong passwords per pair in 15 minutes, 50 per address in an hour.
 */
export interface LoginThrottleSettings {
  readonly perAccountAndIp?: FailureLimit;
  readonly perIp?: FailureLimit;
  /** A connected Redis client (redis-client.ts) instead of the database: every process on that Redis shares the counters. */
  readonly redis?: Redis;
  /** Prefix of the Redis keys (default `festival-shop:`), so several shops or test runs can share one Redis. */
  readonly redisKeyPrefix?: string;
}

/** Default limits (see LoginThrottleSettings). */
export const DEFAULT_LOGIN_LIMITS: { readonly perAccountAndIp: FailureLimit; readonly perIp: FailureLimit } = {
  perAccountAndIp: { attempts: 10, windowSeconds: 15 * 60 },
  perIp: { attempts: 50, windowSeconds: 60 * 60 },
};

/** The login throttle of the development identity provider's form. */
export interface LoginThrottle {
  /** Seconds until `email` from `ip` may try again (this pair or this address used up its wrong passwords), 0 when it may try now. */
  waitSeconds(email: string, ip: string): Promise<number>;
  /** Counts a wrong password against the account and address pair and against the address. */
  failed(email: string, ip: string): Promise<void>;
  /** A right password: the pair's count starts again (the address's does not, so one's own account does not reset a guesser's address). */
  succeeded(email: string, ip: string): Promise<void>;
}

/** The pair key: the normalised e-mail and the address (hashed by the store, never kept as written). */
const pairKey = (email: string, ip: string): string => `${email.trim().toLowerCase()}\n${ip}`;

/**
 * The login throttle over the shared limits (hashed keys): in Redis with `redis`, else in the database's
 * `login_throttle` table (swept by sweepLoginThrottle); in memory at once while that store is slow or away.
 */
export const createLoginThrottle = (db: Db, settings: LoginThrottleSettings = {}): LoginThrottle => {
  const perPair = settings.perAccountAndIp ?? DEFAULT_LOGIN_LIMITS.perAccountAndIp;
  const perIp = settings.perIp ?? DEFAULT_LOGIN_LIMITS.perIp;
  const store: CounterStore = settings.redis
    ? { kind: "redis", redis: settings.redis, keyPrefix: settings.redisKeyPrefix ?? "festival-shop:" }
    : { kind: "database", db };
  const limit = (name: string, failures: FailureLimit) =>
    sharedLimit(name, { points: failures.attempts, durationSeconds: failures.windowSeconds, blockSeconds: failures.windowSeconds }, store);
  const byPair = limit("login_account_ip", perPair);
  const byIp = limit("login_ip", perIp);
  return {
    async waitSeconds(email, ip) {
      const [pair, client] = await Promise.all([byPair.waitSeconds(pairKey(email, ip)), byIp.waitSeconds(ip)]);
      return Math.max(pair, client);
    },
    async failed(email, ip) {
      await Promise.all([byPair.consume(pairKey(email, ip)), byIp.consume(ip)]);
    },
    async succeeded(email, ip) {
      await byPair.reset(pairKey(email, ip));
    },
  };
};

/** Deletes the login throttle's database counters whose window ended at or before `now` (the server's sweep). Resolves the number deleted. */
export const sweepLoginThrottle = async (db: Db, now: Date = new Date()): Promise<number> => {
  const deleted = await db.delete(loginThrottleTable).where(lte(loginThrottleTable.expire, now)).returning({ key: loginThrottleTable.key });
  return deleted.length;
};

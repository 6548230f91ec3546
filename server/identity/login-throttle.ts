import { createHash } from "node:crypto";
import { lte } from "drizzle-orm";
import Redis from "ioredis";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/database.ts";
import { loginThrottle as loginThrottleTable } from "../db/schema.ts";

/** A limit of wrong passwords: at most `attempts` within `windowSeconds`; past it, logins wait until the window ends. */
export interface FailureLimit {
  readonly attempts: number;
  readonly windowSeconds: number;
}

/**
 * How the login form is throttled: per account (the e-mail typed, a guesser of one account's password) and per client
 * IP (one client trying many accounts). Defaults: 10 wrong passwords per account in 15 minutes, 50 per IP in an hour.
 */
export interface LoginThrottleSettings {
  readonly perAccount?: FailureLimit;
  readonly perIp?: FailureLimit;
  /** Redis (REDIS_URL) instead of the database: every process on that Redis shares the counters. */
  readonly redisUrl?: string;
  /** Prefix of the Redis keys (default `festival-shop:`), so several shops or test runs can share one Redis. */
  readonly redisKeyPrefix?: string;
}

/** Default limits (see LoginThrottleSettings). */
export const DEFAULT_LOGIN_LIMITS: { readonly perAccount: FailureLimit; readonly perIp: FailureLimit } = {
  perAccount: { attempts: 10, windowSeconds: 15 * 60 },
  perIp: { attempts: 50, windowSeconds: 60 * 60 },
};

/** The login throttle of the development identity provider's form. */
export interface LoginThrottle {
  /** Seconds until `email` from `ip` may try again (its account or its IP used up its wrong passwords), 0 when it may try now. */
  waitSeconds(email: string, ip: string): Promise<number>;
  /** Counts a wrong password against the account and the IP. */
  failed(email: string, ip: string): Promise<void>;
  /** A right password: the account's count starts again (the IP's does not, so one's own account does not reset a guesser's IP). */
  succeeded(email: string): Promise<void>;
  /** Ends the Redis connection (none for the database store). */
  close(): Promise<void>;
}

/** Counter keys never hold the e-mail or IP itself (no personal data in the store): a SHA-256 of the normalised value. */
const hashed = (value: string): string => createHash("sha256").update(value.trim().toLowerCase()).digest("base64url");

/**
 * The login throttle over rate-limiter-flexible (a well-kept limiter: atomic counters, block windows, an insurance
 * limiter). Where the counters live: with `redisUrl`, in Redis (RateLimiterRedis over ioredis), the store the
 * architecture keeps for rate limits shared by workers; without it, in the shop's own database (RateLimiterDrizzle over
 * the `login_throttle` table, an atomic INSERT ... ON CONFLICT DO UPDATE), which works the same on PGlite and on
 * PostgreSQL and is shared by every process on one PostgreSQL, so a shop without Redis is still throttled across
 * processes. Were the store to fail, an in-memory limiter of the same limits counts instead (insurance) rather than
 * letting every guess through or refusing every login. The database rows are swept by sweepLoginThrottle.
 */
export const createLoginThrottle = (db: Db, settings: LoginThrottleSettings = {}): LoginThrottle => {
  const perAccount = settings.perAccount ?? DEFAULT_LOGIN_LIMITS.perAccount;
  const perIp = settings.perIp ?? DEFAULT_LOGIN_LIMITS.perIp;
  // A command waits for the connection (the first ones at start), and fails after one reconnection attempt while Redis
  // is away: the insurance limiter then counts. ioredis reconnects by itself.
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined;
  redis?.on("error", () => undefined);
  const limiter = (name: string, limit: FailureLimit): RateLimiterAbstract => {
    const options = { keyPrefix: name, points: limit.attempts, duration: limit.windowSeconds, blockDuration: limit.windowSeconds };
    const insuranceLimiter = new RateLimiterMemory(options);
    return redis
      ? new RateLimiterRedis({ ...options, keyPrefix: `${settings.redisKeyPrefix ?? "festival-shop:"}${name}`, storeClient: redis, insuranceLimiter })
      : new RateLimiterDrizzle({ ...options, storeClient: db, schema: loginThrottleTable, clearExpiredByTimeout: false, insuranceLimiter });
  };
  const byAccount = limiter("login_account", perAccount);
  const byIp = limiter("login_ip", perIp);
  /** Seconds left of a counter that used up its attempts, else 0. */
  const wait = (res: RateLimiterRes | null, limit: FailureLimit) => (res && res.consumedPoints >= limit.attempts ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0);
  /** consume() rejects with the counter's state once the limit is passed: that is the expected outcome here, not a failure. */
  const count = (rl: RateLimiterAbstract, key: string) => rl.consume(key).then(
    () => undefined,
    (rejection: unknown) => {
      if (rejection instanceof Error) throw rejection;
    },
  );
  return {
    async waitSeconds(email, ip) {
      const [account, client] = await Promise.all([byAccount.get(hashed(email)), byIp.get(hashed(ip))]);
      return Math.max(wait(account, perAccount), wait(client, perIp));
    },
    async failed(email, ip) {
      await Promise.all([count(byAccount, hashed(email)), count(byIp, hashed(ip))]);
    },
    async succeeded(email) {
      await byAccount.delete(hashed(email));
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
};

/** Deletes the login throttle's database counters whose window ended at or before `now` (the server's sweep). Resolves the number deleted. */
export const sweepLoginThrottle = async (db: Db, now: Date = new Date()): Promise<number> => {
  const deleted = await db.delete(loginThrottleTable).where(lte(loginThrottleTable.expire, now)).returning({ key: loginThrottleTable.key });
  return deleted.length;
};

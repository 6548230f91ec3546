/*
 * The one way this server builds a Redis client (ioredis). Redis is an aid, never a single point of failure: every
 * command has a short timeout, also while it waits for a connection, and a connection that stops answering is dropped
 * and made again, so a slow or stopped Redis costs a request at most one command timeout before the caller's
 * per-process stand-in answers (the shared limits skip a client that is not connected at once). docs/deployment.md.
 */
import { once } from "node:events";
import Redis from "ioredis";

/** Default of REDIS_COMMAND_TIMEOUT_MS: how long one Redis command may take, in milliseconds, before it fails. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 250;

/** How long (ms) a TCP connection to Redis may take to open before it is given up and tried again. */
const CONNECT_TIMEOUT_MS = 2_000;

/** Longest pause (ms) between two reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * REDIS_COMMAND_TIMEOUT_MS (default DEFAULT_REDIS_COMMAND_TIMEOUT_MS): milliseconds one Redis command may take; throws
 * for anything that is no positive whole number.
 */
export const redisCommandTimeoutMs = (env: Readonly<Record<string, string | undefined>>): number => {
  const text = env["REDIS_COMMAND_TIMEOUT_MS"]?.trim();
  if (!text) return DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`REDIS_COMMAND_TIMEOUT_MS must be a whole number of milliseconds, at least 1, not '${text}'.`);
  return value;
};

/** Options of redisClient: the command timeout in ms (default env REDIS_COMMAND_TIMEOUT_MS) and where a connection failure is reported. */
export interface RedisClientOptions {
  readonly commandTimeoutMs?: number;
  /** Told the message of a connection failure once per outage (no secret: the message only); default silent. */
  readonly warn?: (message: string) => void;
}

/**
 * An ioredis client of `url` whose every wait, queued for a connection or sent, is bounded by the command timeout.
 * Reconnects by itself; reports a connection failure to `warn` once per outage.
 */
export const redisClient = (url: string, options: RedisClientOptions = {}): Redis => {
  // A socket on which nothing arrives for one command timeout while a command waits is dropped and made again: a hung
  // Redis (SIGSTOP) then shows as not ready, and the shared limits (rejectIfRedisNotReady) stop asking it at once. The
  // offline queue stays on, bounded by the command timeout: a client built at start counts in Redis from its first
  // command instead of in memory until it happens to be connected.
  const commandTimeout = options.commandTimeoutMs ?? redisCommandTimeoutMs(process.env);
  const redis = new Redis(url, {
    commandTimeout,
    socketTimeout: commandTimeout,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 100, MAX_RECONNECT_DELAY_MS),
  });
  // Without a listener an unreachable Redis would be an unhandled 'error' event; ioredis reconnects by itself.
  let away = false;
  redis.on("error", (error: Error) => {
    if (!away) options.warn?.(`Redis unavailable (${error.message}); per-process stand-ins answer until it is back.`);
    away = true;
  });
  redis.on("ready", () => void (away = false));
  return redis;
};

/** Resolves once `redis` is ready; rejects (and disconnects it) with a message naming the host when it is not within `ms` milliseconds. */
export const redisReady = async (redis: Redis, url: string, ms: number): Promise<void> => {
  if (redis.status === "ready") return;
  try {
    await once(redis, "ready", { signal: AbortSignal.timeout(ms) });
  } catch {
    redis.disconnect();
    throw new Error(`REDIS_URL: no Redis answered at ${new URL(url).host} within ${ms} ms.`);
  }
};

/** Ends `redis` politely (QUIT), or at once when Redis does not answer. */
export const closeRedis = async (redis: Redis): Promise<void> => {
  await redis.quit().catch(() => redis.disconnect());
};

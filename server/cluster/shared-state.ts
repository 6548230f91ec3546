/*
 * What the workers of one shop share beyond PostgreSQL, through one Redis (REDIS_URL): the counters of the shared
 * limits (shared-limits.ts over `commands`), the notice (a key, changes published on a channel), and the shop cache's
 * invalidation (a channel). Without Redis every piece is this process's own. docs/deployment.md "What Redis holds".
 */
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { NO_NOTICE, type NoticeAnswer } from "../../domain/notice.schema.ts";
import type { Db } from "../db/database.ts";
import { dropCachedShops, onShopsChanged } from "../shop/shop-store.ts";
import { closeRedis, redisClient, redisReady } from "./redis-client.ts";

/** The notice of spec §7 GET /api/notice: read from memory on every call, changed by PUT /api/notice. */
export interface NoticeStore {
  /** The notice now (never waits: the crowd's notice calls cost no round trip). */
  current(): NoticeAnswer;
  /** Publishes `notice` to every worker; rejects (nothing changed) when the shared store cannot be written. */
  publish(notice: NoticeAnswer): Promise<void>;
}

/** A notice kept in this process only (one worker, no Redis). */
export const memoryNoticeStore = (initial: NoticeAnswer = NO_NOTICE): NoticeStore => {
  let notice = initial;
  return {
    current: () => notice,
    publish: async (next) => void (notice = next),
  };
};

/** How often (ms) a worker reads the notice key again, so a change whose message it missed shows within this time. */
export const NOTICE_REFRESH_MS = 5_000;

/** Redis connections and the shared pieces built on them; close() ends both connections. */
export interface SharedState {
  /** The command connection (redis-client.ts: every command bounded by a short timeout), for the shared limits. */
  readonly commands: Redis;
  readonly notice: NoticeStore;
  close(): Promise<void>;
}

/** Options of connectSharedState: Redis address, key prefix (default `festival-shop:`), the database whose shop cache is kept in step, the notice when Redis has none. */
export interface SharedStateOptions {
  readonly redisUrl: string;
  readonly keyPrefix?: string;
  readonly db: Db;
  readonly initialNotice?: NoticeAnswer;
  /** Where a failure of the Redis connections is reported (no secret: the message only). */
  readonly warn?: (message: string) => void;
}

const parseNotice = (text: string | null): NoticeAnswer | undefined => {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as { message?: { title?: unknown; error?: unknown } };
    const title = value.message?.title;
    const error = value.message?.error;
    return { message: { title: typeof title === "string" ? title : null, error: typeof error === "string" ? error : null } };
  } catch {
    return undefined;
  }
};

/**
 * Connects to Redis (a command and a subscriber connection of redisClient) and builds the shared pieces; rejects when
 * Redis does not answer within 5 s at start.
 */
export const connectSharedState = async (options: SharedStateOptions): Promise<SharedState> => {
  // A worker reads the notice key at start, every NOTICE_REFRESH_MS and at once on a message; a change of the shops by
  // this process's writers (forgetCachedShops) is published and drops the other workers' shop caches. After a
  // reconnection the notice is read again and the shop cache dropped (messages may have been missed).
  const prefix = options.keyPrefix ?? "festival-shop:";
  const noticeKey = `${prefix}notice`;
  const noticeChannel = `${prefix}notice-changed`;
  const shopsChannel = `${prefix}shops-changed`;
  const self = randomUUID();
  // ioredis reconnects by itself; a failure is reported once per outage, not per attempt.
  const commands = redisClient(options.redisUrl, { ...(options.warn ? { warn: options.warn } : {}) });
  const subscriber = redisClient(options.redisUrl);
  try {
    await Promise.all([redisReady(commands, options.redisUrl, 5_000), redisReady(subscriber, options.redisUrl, 5_000)]);
  } catch (error) {
    commands.disconnect();
    subscriber.disconnect();
    throw error;
  }

  let notice = options.initialNotice ?? NO_NOTICE;
  const refresh = async () => {
    const stored = parseNotice(await commands.get(noticeKey));
    if (stored) notice = stored;
  };
  await refresh();
  await subscriber.subscribe(noticeChannel, shopsChannel);
  subscriber.on("message", (channel: string, message: string) => {
    if (channel === noticeChannel) {
      const next = parseNotice(message);
      if (next) notice = next;
    } else if (channel === shopsChannel && message !== self) dropCachedShops(options.db);
  });
  // Both connections are up: a later "ready" is a reconnection, after which missed messages are made good.
  subscriber.on("ready", () => {
    dropCachedShops(options.db);
    refresh().catch(() => undefined);
  });
  const stopListening = onShopsChanged(options.db, () => {
    commands.publish(shopsChannel, self).catch(() => undefined);
  });
  const timer = setInterval(() => refresh().catch(() => undefined), NOTICE_REFRESH_MS);
  timer.unref();

  return {
    commands,
    notice: {
      current: () => notice,
      publish: async (next) => {
        const text = JSON.stringify(next);
        const results = await commands.multi().set(noticeKey, text).publish(noticeChannel, text).exec();
        const failed = results?.find(([error]) => error);
        if (!results || failed) throw failed?.[0] ?? new Error("the notice was not stored in Redis");
        notice = next;
      },
    },
    close: async () => {
      clearInterval(timer);
      stopListening();
      await Promise.allSettled([closeRedis(commands), closeRedis(subscriber)]);
    },
  };
};

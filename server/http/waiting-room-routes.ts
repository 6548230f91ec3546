import { parseCookie, stringifySetCookie } from "cookie";
import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PAYMENT_QUEUE_TOKEN_PARAM } from "../../domain/payment-queue.ts";
import type { Db } from "../db/database.ts";
import { paymentPageLocale } from "../payments/test-payment-page.ts";
import { queueAdmitPerMinute } from "../queue/queue-settings.ts";
import { createJoinLimit, queueJoinsPerIpPerHour } from "../queue/join-limit.ts";
import { queueTokenUsed, type QueueTokenSettings } from "../queue/queue-tokens.ts";
import { postgresWaitingLine } from "../queue/postgres-waiting-line.ts";
import { LINE_SNAPSHOT_TTL_MS, makeWaitingRoom, PLACE_TTL_SECONDS, type Place, type WaitingRoom } from "../queue/waiting-room.ts";
import { WAITING_ROOM_SCRIPT, WAITING_ROOM_SCRIPT_PATH, waitingRoomPage } from "../queue/waiting-room-page.ts";
import type { WaitingLine } from "../queue/waiting-line.ts";
import { listShops, SHOP_CACHE_TTL_MS, type ShopRecord } from "../shop/shop-store.ts";
import { isServerFailure } from "./failure-status.ts";
import { QueueNotEnabled, rateLimited, serviceUnavailable, shopNotFound } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";

/** Path of a shop's waiting room: `/queue/{slug}` (the demo shops' queueUrl), its status `/queue/{slug}/status`. */
export const WAITING_ROOM_PATH = "/queue";

/** Settings of the waiting room: admissions per minute per shop, and Redis (else this process's memory) for the join limit. */
export interface WaitingRoomOptions {
  /** Visitors admitted per minute per shop (default env QUEUE_ADMIT_PER_MINUTE, else 600). */
  readonly admitPerMinute?: number;
  /** Redis counts the joins per client IP across workers when set (default env REDIS_URL); false or unset without REDIS_URL: this process. */
  readonly redisUrl?: string | false;
  /** Prefix of the Redis keys (default env REDIS_KEY_PREFIX). */
  readonly redisKeyPrefix?: string;
  /** Places one client IP may take in one shop's line per hour, 0 for no limit (default env QUEUE_JOINS_PER_IP_PER_HOUR, else 30). */
  readonly joinsPerIpPerHour?: number;
}

/** What the waiting room routes need: the database (shops, the line), the clock, the queue token settings and the public origin. */
export interface WaitingRoomRouteDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly queueTokens: QueueTokenSettings;
  readonly publicOrigin?: string;
}

const SlugParams = Schema.Struct({ slug: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,100}$/)) });

/** Name of the cookie that keeps a visitor's place in a shop's line (a signed place token, HttpOnly, path /queue/{slug}). */
export const placeCookieName = (slug: string): string => `festival-shop.queue.${slug}`;

/** 503 while Redis, which counts the joins per client, is away: newcomers are told to retry, nobody joins unchecked. */
const lineUnavailable = () => serviceUnavailable("The waiting room is briefly unavailable; try again in a moment.");

/** What the crowd polls is logged only when it goes wrong: a line per poll would be most of a poll's cost. */
const POLL_ROUTE = { logLevel: "warn" } as const;

/** Seconds a newcomer answered 503 (Redis away) is asked to wait before trying again (Retry-After). */
const LINE_RETRY_AFTER_SECONDS = 5;

/**
 * The waiting room (spec §3 queueUrl, §4 "the visitor goes to the queue address", §7 paymentQueueToken, §8 "join the
 * queue"), registered outside the per-client API rate limit (it is what the crowd polls, and costs one read):
 * - GET /queue/{slug}: joins the line (a place cookie) or reads the visitor's place; while waiting, 200 with the page
 *   in the visitor's language (`lang` query, locale cookie, Accept-Language); once admitted, 303 to
 *   `/{slug}?paymentQueueToken=…` with the place's one token; a place whose token expired or was used (a forged,
 *   expired or reused token sends the web app here) joins at the end again.
 * - GET /queue/{slug}/status: `{data:{state:"waiting", position, estimatedWaitSeconds, pollAfterSeconds}}`,
 *   `{data:{state:"admitted"}}` or `{data:{state:"not-in-line"}}` (no valid place cookie), from the place cookie's
 *   signed ticket and the shop's line snapshot.
 * - GET /queue/{slug}/line: the shared snapshot `{data:{serving, lastTicket, admitPerMinute, at}}`, publicly cacheable.
 * - GET /queue/waiting-room.js: the page's script.
 * 404 shop.not.found for an unknown shop, 404 queue.not.enabled for a shop without queueUrl, 503 (Retry-After) for a
 * newcomer while Redis, which counts joins per client, is away (a kept place is read from the database meanwhile),
 * 429 rate.limited (Retry-After) when the client's IP took its places of the hour (QUEUE_JOINS_PER_IP_PER_HOUR).
 */
export const waitingRoomRoutes = (deps: WaitingRoomRouteDeps, options: WaitingRoomOptions = {}) => async (app: FastifyInstance) => {
  const admitPerMinute = options.admitPerMinute ?? queueAdmitPerMinute(process.env);
  const redisUrl = options.redisUrl === false ? undefined : (options.redisUrl ?? (process.env["REDIS_URL"]?.trim() || undefined));
  const redisKeyPrefix = options.redisKeyPrefix ?? process.env["REDIS_KEY_PREFIX"]?.trim() ?? "";
  // The line lives in the database (its durable facts survive a Redis restart); Redis only counts joins per client.
  const line: WaitingLine = postgresWaitingLine(deps.db, admitPerMinute);
  const joinLimit = createJoinLimit({
    joinsPerHour: options.joinsPerIpPerHour ?? queueJoinsPerIpPerHour(process.env),
    ...(redisUrl ? { redisUrl, redisKeyPrefix } : {}),
  });
  // Redemptions are deleted once their place expired.
  const sweep = setInterval(() => line.sweep(deps.clock()).catch((error: unknown) => app.log.error(error)), 60_000);
  sweep.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    await line.close();
    await joinLimit.close();
  });
  const room: WaitingRoom = makeWaitingRoom({ line, admitPerMinute, queueTokens: deps.queueTokens, clock: deps.clock, tokenUsed: (tokenId) => queueTokenUsed(deps.db, tokenId) });

  // The shops by slug, read again after SHOP_CACHE_TTL_MS: the page is what the crowd hits, the shops table is not.
  let shops: { readonly bySlug: Map<string, ShopRecord>; readonly readAt: number } | undefined;
  const queueShop = async (slug: string): Promise<ShopRecord> => {
    const now = Date.now();
    if (!shops || now - shops.readAt >= SHOP_CACHE_TTL_MS) shops = { bySlug: new Map((await listShops(deps.db)).map((s) => [s.slug, s])), readAt: now };
    const shop = shops.bySlug.get(slug);
    if (!shop) throw shopNotFound(`No shop '${slug}'.`);
    if (!shop.config.queueUrl) throw new QueueNotEnabled({ code: "queue.not.enabled", message: `Shop '${slug}' has no payment queue.` });
    return shop;
  };
  // A join is counted in Redis (with REDIS_URL); when Redis does not answer within its command timeout, no join.
  const consumeJoin = async (reply: FastifyReply, slug: string, ip: string): Promise<number> => {
    try {
      return await joinLimit.consume(slug, ip);
    } catch (error) {
      if (isServerFailure(error) || redisUrl === undefined) throw error;
      reply.header("retry-after", String(LINE_RETRY_AFTER_SECONDS));
      throw lineUnavailable();
    }
  };
  const placeFrom = (request: FastifyRequest, slug: string): Promise<Place | undefined> =>
    room.placeOf(slug, request.headers.cookie ? parseCookie(request.headers.cookie)[placeCookieName(slug)] : undefined);
  const setPlaceCookie = (request: FastifyRequest, reply: FastifyReply, slug: string, value: string, maxAge: number) =>
    reply.header(
      "set-cookie",
      stringifySetCookie({
        name: placeCookieName(slug),
        value,
        path: `${WAITING_ROOM_PATH}/${slug}`,
        httpOnly: true,
        sameSite: "lax",
        secure: (deps.publicOrigin ?? "").startsWith("https:") || request.protocol === "https",
        maxAge,
      }),
    );

  app.get(WAITING_ROOM_SCRIPT_PATH, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(WAITING_ROOM_SCRIPT),
  );

  app.get<{ Querystring: { lang?: unknown } }>(`${WAITING_ROOM_PATH}/:slug`, async (request, reply) => {
    const { slug } = decodeOrThrow(SlugParams, request.params, "path");
    const shop = await queueShop(slug);
    reply.header("cache-control", "no-store");
    const toShop = (token: string) =>
      reply
        .code(303)
        .header("location", `${deps.publicOrigin ?? ""}/${encodeURIComponent(slug)}?${new URLSearchParams({ [PAYMENT_QUEUE_TOKEN_PARAM]: token })}`)
        .send();
    const kept = await placeFrom(request, slug);
    const keptStatus = kept ? await room.status(kept) : undefined;
    if (kept && keptStatus?.state === "admitted") {
      const token = await room.admit(kept, shop.apiNamespace);
      if (token) return toShop(token);
      // Otherwise the place's token expired or opened a cart already: the visitor joins at the end of the line again.
    }
    let status = keptStatus;
    if (!kept || !status || status.state === "admitted") {
      // A new place: counted against the client's IP, so a script dropping its cookie cannot hold many admissions.
      const waitSeconds = await consumeJoin(reply, slug, request.ip);
      if (waitSeconds > 0) {
        reply.header("retry-after", String(waitSeconds));
        throw rateLimited(`${Math.ceil(waitSeconds / 60)} minutes`);
      }
      const joined = await room.join(slug);
      setPlaceCookie(request, reply, slug, joined.placeToken, PLACE_TTL_SECONDS);
      status = joined.status;
      if (status.state === "admitted") {
        // Admitted on arrival (a short line).
        const token = await room.admit(joined.place, shop.apiNamespace);
        if (token) return toShop(token);
      }
    }
    if (status.state !== "waiting") throw new Error("a waiting place has a waiting status");
    const locale = paymentPageLocale({ lang: request.query.lang, cookieHeader: request.headers.cookie, acceptLanguage: request.headers["accept-language"] });
    return reply.type("text/html; charset=utf-8").send(
      waitingRoomPage({
        locale,
        shopName: shop.config.titleFull,
        position: status.position,
        estimatedWaitSeconds: status.estimatedWaitSeconds,
        pollAfterSeconds: status.pollAfterSeconds,
        statusUrl: `${WAITING_ROOM_PATH}/${encodeURIComponent(slug)}/status`,
        pageUrl: `${WAITING_ROOM_PATH}/${encodeURIComponent(slug)}`,
      }),
    );
  });

  // The line's shared snapshot: the same for every visitor of the shop, so a CDN or browser may keep it briefly.
  app.get(`${WAITING_ROOM_PATH}/:slug/line`, POLL_ROUTE, async (request, reply) => {
    const { slug } = decodeOrThrow(SlugParams, request.params, "path");
    await queueShop(slug);
    const line = await room.snapshot(slug);
    reply.header("cache-control", `public, max-age=${LINE_SNAPSHOT_TTL_MS / 1000}`);
    return { data: { serving: line.serving, lastTicket: line.lastTicket, admitPerMinute: line.admitPerMinute, at: new Date(line.atMs).toISOString() } };
  });

  app.get(`${WAITING_ROOM_PATH}/:slug/status`, POLL_ROUTE, async (request, reply) => {
    const { slug } = decodeOrThrow(SlugParams, request.params, "path");
    reply.header("cache-control", "no-store");
    // No shop lookup: a place is only ever signed for a shop with a queue, and an unknown slug has no valid place.
    const place = await placeFrom(request, slug);
    if (!place) return { data: { state: "not-in-line" } };
    return { data: await room.status(place) };
  });
};

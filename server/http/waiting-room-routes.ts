import { createHash } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PAYMENT_QUEUE_TOKEN_PARAM } from "../../domain/payment-queue.ts";
import { saleOf } from "../../domain/sale-mode.ts";
import type { UserIdentity } from "../identity/user-token.ts";
import type { RandomInt } from "../queue/pre-queue-shuffle.ts";
import type { Db } from "../db/database.ts";
import { paymentPageLocale } from "../payments/test-payment-page.ts";
import { queueAdmitPerMinute } from "../queue/queue-settings.ts";
import { createJoinLimit, queueJoinsPerIpPerHour } from "../queue/join-limit.ts";
import { queueTokenUsed, type QueueTokenSettings } from "../queue/queue-tokens.ts";
import { postgresWaitingLine } from "../queue/postgres-waiting-line.ts";
import { isPreQueue, LINE_SNAPSHOT_TTL_MS, makeWaitingRoom, PLACE_TTL_SECONDS, preQueueStatus, type HeldPlace, type Place, type WaitingRoom } from "../queue/waiting-room.ts";
import { preQueuePage, WAITING_ROOM_SCRIPT, WAITING_ROOM_SCRIPT_PATH, waitingRoomPage } from "../queue/waiting-room-page.ts";
import type { WaitingLine } from "../queue/waiting-line.ts";
import { cachedShops, type ShopRecord } from "../shop/shop-store.ts";
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
  /** The source that orders a pre-queue at its opening (default node:crypto's CSPRNG); tests inject a seeded one. */
  readonly random?: RandomInt;
}

/** What the waiting room routes need: the database (shops, the line), the clock, the queue token settings and the public origin. */
export interface WaitingRoomRouteDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly queueTokens: QueueTokenSettings;
  readonly publicOrigin?: string;
  /** Verifies the id token of the previous-id-token cookie for this request (spec §6): one place per account in a sale that needs login. */
  readonly userIdentity?: (idToken: string, request: FastifyRequest) => Promise<UserIdentity>;
}

/** The cookie the web app keeps the visitor's id token in (spec §6 "previous-id-token"), sent with the waiting room's page. */
const ID_TOKEN_COOKIE = "previous-id-token";

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
 * The waiting room's routes (spec §3 queueUrl, §7, §8; docs/vouchers-and-orders.md): the page and join, the
 * visitor's status, the shared line snapshot and the page script, outside the per-client API rate limit.
 */
export const waitingRoomRoutes = (deps: WaitingRoomRouteDeps, options: WaitingRoomOptions = {}) => async (app: FastifyInstance) => {
  const admitPerMinute = options.admitPerMinute ?? queueAdmitPerMinute(process.env);
  const redisUrl = options.redisUrl === false ? undefined : (options.redisUrl ?? (process.env["REDIS_URL"]?.trim() || undefined));
  const redisKeyPrefix = options.redisKeyPrefix ?? process.env["REDIS_KEY_PREFIX"]?.trim() ?? "";
  // The line lives in the database (its durable facts survive a Redis restart); Redis only counts joins per client.
  const line: WaitingLine = postgresWaitingLine(deps.db, admitPerMinute, options.random);
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

  // The shops as every page reads them (cachedShops: read again after SHOP_CACHE_TTL_MS, or at once when a writer or
  // another worker drops them): the page is what the crowd hits, the shops table is not.
  const queueShop = async (slug: string): Promise<ShopRecord> => {
    const shop = (await cachedShops(deps.db)).find((s) => s.slug === slug);
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
  const placeFrom = (request: FastifyRequest, slug: string): Promise<HeldPlace | undefined> =>
    room.placeOf(slug, request.headers.cookie ? parseCookie(request.headers.cookie)[placeCookieName(slug)] : undefined);
  // The account of a visitor to a sale that needs login, hashed: its one place in line. A bad or absent token: none.
  const identityFrom = async (request: FastifyRequest, shop: ShopRecord): Promise<string | undefined> => {
    if (!deps.userIdentity || saleOf(shop.config).rules.login !== "account" || !request.headers.cookie) return undefined;
    const idToken = parseCookie(request.headers.cookie)[ID_TOKEN_COOKIE];
    if (!idToken) return undefined;
    const identity = await deps.userIdentity(idToken, request).catch(() => undefined);
    return identity ? createHash("sha256").update(`${identity.issuer}\n${identity.sub}`).digest("base64url") : undefined;
  };
  // The place cookie of this answer, once: a place taken over (an account's, or a pre-queue place's ticket) replaces it.
  const setPlaceCookie = (request: FastifyRequest, reply: FastifyReply, slug: string, value: string, maxAge: number) =>
    reply.removeHeader("set-cookie").header(
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
    const opensAtMs = shop.saleOpensAt?.getTime();
    const nowMs = deps.clock().getTime();
    reply.header("cache-control", "no-store");
    const toShop = (token: string) =>
      reply
        .code(303)
        .header("location", `${deps.publicOrigin ?? ""}/${encodeURIComponent(slug)}?${new URLSearchParams({ [PAYMENT_QUEUE_TOKEN_PARAM]: token })}`)
        .send();
    const locale = () => paymentPageLocale({ lang: request.query.lang, cookieHeader: request.headers.cookie, acceptLanguage: request.headers["accept-language"] });
    const pageUrls = { statusUrl: `${WAITING_ROOM_PATH}/${encodeURIComponent(slug)}/status`, pageUrl: `${WAITING_ROOM_PATH}/${encodeURIComponent(slug)}` };
    const keep = (held: { readonly placeToken: string }) => setPlaceCookie(request, reply, slug, held.placeToken, PLACE_TTL_SECONDS);
    const identity = await identityFrom(request, shop);
    let held = await placeFrom(request, slug);
    if (identity) {
      // One place per account: a second browser of the same account is given the place the first holds.
      const ofIdentity = await room.placeOfIdentity(slug, identity);
      if (ofIdentity) {
        held = ofIdentity.place;
        keep(ofIdentity);
      }
    }
    if (held && isPreQueue(held) && opensAtMs !== undefined && nowMs < opensAtMs) return preQueue(opensAtMs);
    let kept: Place | undefined;
    if (held && isPreQueue(held)) {
      // The opening has come: the arrival's ticket in the pre-queue's one random order (none: the pre-queue of an earlier opening lost).
      const ticketed = opensAtMs === undefined ? undefined : await room.ticketOf(held, opensAtMs);
      if (ticketed) {
        keep(identity ? await room.keepPlaceOfIdentity(identity, ticketed.place, held) : ticketed);
        kept = ticketed.place;
      }
    } else kept = held;
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
      if (opensAtMs !== undefined && nowMs < opensAtMs) {
        // Before the opening: a place in the pre-queue, ordered at random with the others at the opening.
        const arrived = await room.arrive(slug);
        const own = identity ? await room.keepPlaceOfIdentity(identity, arrived.place, kept ?? held) : arrived;
        keep(own);
        if (isPreQueue(own.place)) return preQueue(opensAtMs);
        kept = own.place;
        status = await room.status(own.place);
      } else {
        const joined = await room.join(slug, opensAtMs);
        const own = identity ? await room.keepPlaceOfIdentity(identity, joined.place, kept ?? held) : joined;
        keep(own);
        kept = isPreQueue(own.place) ? joined.place : own.place;
        status = kept === joined.place ? joined.status : await room.status(kept);
      }
      if (status.state === "admitted") {
        // Admitted on arrival (a short line).
        const token = await room.admit(kept, shop.apiNamespace);
        if (token) return toShop(token);
      }
    }
    if (status.state !== "waiting") throw new Error("a waiting place has a waiting status");
    return reply.type("text/html; charset=utf-8").send(
      waitingRoomPage({
        locale: locale(),
        shopName: shop.config.titleFull,
        position: status.position,
        estimatedWaitSeconds: status.estimatedWaitSeconds,
        pollAfterSeconds: status.pollAfterSeconds,
        ...pageUrls,
      }),
    );

    function preQueue(opens: number) {
      return reply
        .type("text/html; charset=utf-8")
        .send(preQueuePage({ locale: locale(), shopName: shop.config.titleFull, opensAt: new Date(opens), pollAfterSeconds: preQueueStatus(opens, nowMs).pollAfterSeconds, ...pageUrls }));
    }
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
    // No shop lookup for a ticket: a place is only ever signed for a shop with a queue, and an unknown slug has none.
    const held = await placeFrom(request, slug);
    if (!held) return { data: { state: "not-in-line" } };
    if (!isPreQueue(held)) return { data: await room.status(held) };
    // A pre-queue place: before the opening, when it opens; from then on its ticket's status (and its ticket's cookie).
    const opensAtMs = (await queueShop(slug)).saleOpensAt?.getTime();
    if (opensAtMs !== undefined && deps.clock().getTime() < opensAtMs) return { data: preQueueStatus(opensAtMs, deps.clock().getTime()) };
    const ticketed = opensAtMs === undefined ? undefined : await room.ticketOf(held, opensAtMs);
    if (!ticketed) return { data: { state: "not-in-line" } };
    setPlaceCookie(request, reply, slug, ticketed.placeToken, PLACE_TTL_SECONDS);
    return { data: await room.status(ticketed.place) };
  });
};

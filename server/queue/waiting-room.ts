import { decodeJwt, errors, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import { issueQueueToken, queueSigningKey, type QueueTokenSettings } from "./queue-tokens.ts";
import { projectLine, EMPTY_LINE, lineCapacity, type LineState, type WaitingLine } from "./waiting-line.ts";

/*
 * The waiting room (spec §3 queueUrl, §4 "the visitor goes to the queue address", §7 paymentQueueToken, §8 "join the
 * queue"): a visitor joins a shop's line once and keeps their place in a signed place token (a cookie); while they
 * wait, their position and estimated wait are computed from one read of the line; once admitted they get the payment
 * queue token of their place (queue-tokens.ts), the same one however often they come back.
 */

/** Issuer of place tokens; verifyQueueToken accepts only QUEUE_TOKEN_ISSUER, so a place never passes as a payment queue token. */
export const PLACE_TOKEN_ISSUER = "festival-shop-waiting-room";

/** How long a place in the line is kept (seconds): a visitor away longer joins at the end again. */
export const PLACE_TTL_SECONDS = 86_400;

/** A verified place: the shop's slug and the ticket number (1 = first in line), and when the place expires. */
export interface Place {
  readonly shopSlug: string;
  readonly ticket: number;
  readonly expiresAt: Date;
}

/** Where a place stands: waiting (position 1 = next; estimated wait and when to ask again, in seconds) or admitted. */
export type PlaceStatus =
  | { readonly state: "waiting"; readonly position: number; readonly estimatedWaitSeconds: number; readonly pollAfterSeconds: number }
  | { readonly state: "admitted" };

/** What the waiting room needs: the line's store, the admission rate (visitors per minute per shop), the queue token settings and the clock. */
export interface WaitingRoomDeps {
  readonly line: WaitingLine;
  readonly admitPerMinute: number;
  readonly queueTokens: QueueTokenSettings;
  readonly clock: () => Date;
  /** True when the payment queue token with this id (jti) opened a cart already (queue-tokens.ts queueTokenUsed). */
  readonly tokenUsed: (tokenId: string) => Promise<boolean>;
}

/** How long (ms) a worker reuses a shop's line as read, for every waiting visitor's status: one read per shop, not per poll. */
export const LINE_SNAPSHOT_TTL_MS = 1_000;

/** Place tokens a worker remembers as verified (each poll of a visitor repeats the same cookie): an upper bound on memory. */
const VERIFIED_PLACES_KEPT = 50_000;

/** The shared state of a shop's line at `atMs` (ms since epoch): the last admitted ticket (`serving`), the newest ticket, the pace per minute. */
export interface LineSnapshot {
  readonly serving: number;
  readonly lastTicket: number;
  readonly admitPerMinute: number;
  readonly atMs: number;
}

/** The waiting room's operations (waiting-room-routes.ts calls them). */
export interface WaitingRoom {
  /** Joins `shopSlug`'s line at the end: the signed place token to keep (cookie) and the place's status. */
  join(shopSlug: string): Promise<{ readonly placeToken: string; readonly place: Place; readonly status: PlaceStatus }>;
  /** The place a place token holds for `shopSlug`, or undefined when it is forged, another shop's or expired. */
  placeOf(shopSlug: string, placeToken: string | undefined): Promise<Place | undefined>;
  /** Where `place` stands now, from its own ticket and the shop's line snapshot (no read of its own). */
  status(place: Place): Promise<PlaceStatus>;
  /** The shop's line now, projected from the snapshot this worker holds (read again after LINE_SNAPSHOT_TTL_MS). */
  snapshot(shopSlug: string): Promise<LineSnapshot>;
  /**
   * The payment queue token of an admitted place for the shop `apiNamespace` (the first handed to this place, or a
   * new one), or undefined when the place's token has expired or opened a cart already (the visitor joins again at the end).
   */
  admit(place: Place, apiNamespace: string): Promise<string | undefined>;
}

/**
 * Seconds between a waiting visitor's status requests: a quarter of the estimated wait, between 1 and 30 (20,000
 * visitors with minutes to wait ask about 700 times a second, not 20,000).
 */
export const pollAfterSeconds = (estimatedWaitSeconds: number): number => Math.min(30, Math.max(1, Math.round(estimatedWaitSeconds / 4)));

/** The status of `ticket` in `line` (already projected to now): admitted when the front reached it, else position and wait at `admitPerMinute`. */
export const placeStatus = (ticket: number, line: LineState, admitPerMinute: number): PlaceStatus => {
  const position = ticket - line.admitted;
  if (position <= 0) return { state: "admitted" };
  const estimatedWaitSeconds = Math.max(1, Math.ceil(((position - line.tokens) * 60) / admitPerMinute));
  return { state: "waiting", position, estimatedWaitSeconds, pollAfterSeconds: pollAfterSeconds(estimatedWaitSeconds) };
};

/** Builds the waiting room over a line store. Place tokens are HS256 JWTs (jose) signed with the queue token secret. */
export const makeWaitingRoom = (deps: WaitingRoomDeps): WaitingRoom => {
  const { line, admitPerMinute, queueTokens, clock } = deps;
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const signingKey = queueSigningKey(queueTokens);
  // Verifying an HMAC through WebCrypto costs more than the rest of a status poll: a visitor's repeated cookie is checked once.
  const verified = new LRUCache<string, Place>({ max: VERIFIED_PLACES_KEPT });
  // Per shop: the line as last read (or joined) here. Stale for a ticket only when that ticket is newer than the read
  // (drawn on another worker since), so such a ticket reads again; older tickets are projected the same either way.
  const snapshots = new Map<string, { readonly line: LineState | undefined; readonly readAtMs: number } | Promise<LineState | undefined>>();
  const storedLine = async (shopSlug: string, nowMs: number, ticket = 0): Promise<LineState | undefined> => {
    const kept = snapshots.get(shopSlug);
    if (kept instanceof Promise) return kept;
    if (kept && nowMs - kept.readAtMs < LINE_SNAPSHOT_TTL_MS && nowMs >= kept.readAtMs && (kept.line?.lastTicket ?? 0) >= ticket) return kept.line;
    const reading = line.read(shopSlug);
    snapshots.set(shopSlug, reading);
    try {
      const read = await reading;
      snapshots.set(shopSlug, { line: read, readAtMs: nowMs });
      return read;
    } catch (error) {
      snapshots.delete(shopSlug);
      throw error;
    }
  };
  const projected = async (shopSlug: string, nowMs: number, ticket = 0): Promise<LineState> =>
    projectLine((await storedLine(shopSlug, nowMs, ticket)) ?? EMPTY_LINE(lineCapacity(admitPerMinute), nowMs), nowMs, admitPerMinute);
  return {
    join: async (shopSlug) => {
      const now = clock();
      const joined = await line.join(shopSlug, now.getTime());
      const kept = snapshots.get(shopSlug);
      if (!(kept instanceof Promise) && (kept?.line?.lastTicket ?? 0) < joined.line.lastTicket) snapshots.set(shopSlug, { line: joined.line, readAtMs: now.getTime() });
      const expiresAt = new Date((seconds(now) + PLACE_TTL_SECONDS) * 1000);
      const placeToken = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(PLACE_TOKEN_ISSUER)
        .setAudience(shopSlug)
        .setSubject(String(joined.ticket))
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(expiresAt))
        .sign(signingKey);
      const place = { shopSlug, ticket: joined.ticket, expiresAt };
      return { placeToken, place, status: placeStatus(joined.ticket, joined.line, admitPerMinute) };
    },
    placeOf: async (shopSlug, placeToken) => {
      if (!placeToken) return undefined;
      // The exact token verified before for this shop: only its expiry can have changed since.
      const known = verified.get(`${shopSlug} ${placeToken}`);
      if (known) return known.expiresAt.getTime() > clock().getTime() ? known : undefined;
      try {
        const { payload } = await jwtVerify(placeToken, signingKey, {
          algorithms: ["HS256"],
          issuer: PLACE_TOKEN_ISSUER,
          audience: shopSlug,
          currentDate: clock(),
          requiredClaims: ["sub", "exp"],
        });
        const ticket = Number(payload.sub);
        if (!Number.isSafeInteger(ticket) || ticket <= 0) return undefined;
        const place = { shopSlug, ticket, expiresAt: new Date(payload.exp! * 1000) };
        verified.set(`${shopSlug} ${placeToken}`, place);
        return place;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
    status: async (place) => {
      const now = clock().getTime();
      return placeStatus(place.ticket, await projected(place.shopSlug, now, place.ticket), admitPerMinute);
    },
    snapshot: async (shopSlug) => {
      const now = clock().getTime();
      const state = await projected(shopSlug, now);
      return { serving: state.admitted, lastTicket: state.lastTicket, admitPerMinute, atMs: now };
    },
    admit: async (place, apiNamespace) => {
      const now = clock();
      // The token lives QUEUE_TOKEN_TTL_SECONDS but never past the place, whose redemption record lasts as long.
      const ttlSeconds = Math.max(1, Math.min(queueTokens.ttlSeconds, seconds(place.expiresAt) - seconds(now)));
      const fresh = await issueQueueToken({ ...queueTokens, ttlSeconds }, apiNamespace, now);
      const token = await line.redeem(place.shopSlug, place.ticket, fresh, place.expiresAt);
      const { exp = 0, jti = "" } = decodeJwt(token);
      if (exp <= seconds(now) || (await deps.tokenUsed(jti))) return undefined;
      return token;
    },
  };
};

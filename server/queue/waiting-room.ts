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

/** A place in a sale's pre-queue (before its opening): the arrival number, which becomes a ticket at the opening. */
export interface PreQueuePlace {
  readonly shopSlug: string;
  readonly arrival: number;
  readonly expiresAt: Date;
}

/** A place a visitor holds: a ticket in the line, or an arrival in the pre-queue. */
export type HeldPlace = Place | PreQueuePlace;

/** Where a place stands: waiting (position 1 = next; estimated wait and when to ask again, in seconds) or admitted. */
export type PlaceStatus =
  | { readonly state: "waiting"; readonly position: number; readonly estimatedWaitSeconds: number; readonly pollAfterSeconds: number }
  | { readonly state: "admitted" };

/** Where a pre-queue place stands before the opening: when the sale opens (ISO 8601) and when to ask again (seconds). */
export interface PreQueueStatus {
  readonly state: "pre-queue";
  readonly opensAt: string;
  readonly pollAfterSeconds: number;
}

/** True for a place of the pre-queue (an arrival without its ticket yet). */
export const isPreQueue = (place: HeldPlace): place is PreQueuePlace => "arrival" in place;

/** Seconds between a pre-queue visitor's status requests: a quarter of the time to the opening, between 1 and 30. */
export const preQueueStatus = (opensAtMs: number, nowMs: number): PreQueueStatus => ({
  state: "pre-queue",
  opensAt: new Date(opensAtMs).toISOString(),
  pollAfterSeconds: Math.min(30, Math.max(1, Math.round((opensAtMs - nowMs) / 4000))),
});

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
  /** Joins `shopSlug`'s line at the end (after the pre-queue of the opening `opensAtMs` once it has come): the signed place token to keep (cookie) and the place's status. */
  join(shopSlug: string, opensAtMs?: number): Promise<{ readonly placeToken: string; readonly place: Place; readonly status: PlaceStatus }>;
  /** Joins `shopSlug`'s pre-queue (before its opening): the signed place token of the arrival and the place. */
  arrive(shopSlug: string): Promise<{ readonly placeToken: string; readonly place: PreQueuePlace }>;
  /** The ticket place of a pre-queue place once the opening `opensAtMs` has come (with its new place token), else undefined. */
  ticketOf(place: PreQueuePlace, opensAtMs: number): Promise<{ readonly placeToken: string; readonly place: Place } | undefined>;
  /** The place the hashed `identity` holds in `shopSlug`'s line (with a place token for this browser), or undefined. */
  placeOfIdentity(shopSlug: string, identity: string): Promise<{ readonly placeToken: string; readonly place: HeldPlace } | undefined>;
  /**
   * Keeps `place` as the identity's one place (replacing `replacing`, a place of theirs that is used up): the place
   * kept, which is another when a second browser of the identity took one first.
   */
  keepPlaceOfIdentity(identity: string, place: HeldPlace, replacing?: HeldPlace): Promise<{ readonly placeToken: string; readonly place: HeldPlace }>;
  /** The place a place token holds for `shopSlug`, or undefined when it is forged, another shop's or expired. */
  placeOf(shopSlug: string, placeToken: string | undefined): Promise<HeldPlace | undefined>;
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

/** The subject of a place's token: the ticket number, or `a` and the arrival number for a pre-queue place. */
const subjectOf = (place: HeldPlace): string => (isPreQueue(place) ? `a${place.arrival}` : String(place.ticket));

/** The place a token's subject names (subjectOf), or undefined for anything else. */
const placeOfSubject = (shopSlug: string, subject: string, expiresAt: Date): HeldPlace | undefined => {
  const pre = subject.startsWith("a");
  const n = Number(pre ? subject.slice(1) : subject);
  if (!/^a?[1-9]\d*$/.test(subject) || !Number.isSafeInteger(n)) return undefined;
  return pre ? { shopSlug, arrival: n, expiresAt } : { shopSlug, ticket: n, expiresAt };
};

/** Builds the waiting room over a line store. Place tokens are HS256 JWTs (jose) signed with the queue token secret. */
export const makeWaitingRoom = (deps: WaitingRoomDeps): WaitingRoom => {
  const { line, admitPerMinute, queueTokens, clock } = deps;
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const signingKey = queueSigningKey(queueTokens);
  // Verifying an HMAC through WebCrypto costs more than the rest of a status poll: a visitor's repeated cookie is checked once.
  const verified = new LRUCache<string, HeldPlace>({ max: VERIFIED_PLACES_KEPT });
  const placeExpiry = (now: Date) => new Date((seconds(now) + PLACE_TTL_SECONDS) * 1000);
  const sign = (place: HeldPlace, now: Date): Promise<string> =>
    new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(PLACE_TOKEN_ISSUER)
      .setAudience(place.shopSlug)
      .setSubject(subjectOf(place))
      .setIssuedAt(seconds(now))
      .setExpirationTime(seconds(place.expiresAt))
      .sign(signingKey);
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
    join: async (shopSlug, opensAtMs) => {
      const now = clock();
      const joined = await line.join(shopSlug, now.getTime(), opensAtMs);
      const kept = snapshots.get(shopSlug);
      if (!(kept instanceof Promise) && (kept?.line?.lastTicket ?? 0) < joined.line.lastTicket) snapshots.set(shopSlug, { line: joined.line, readAtMs: now.getTime() });
      const place = { shopSlug, ticket: joined.ticket, expiresAt: placeExpiry(now) };
      return { placeToken: await sign(place, now), place, status: placeStatus(joined.ticket, joined.line, admitPerMinute) };
    },
    arrive: async (shopSlug) => {
      const now = clock();
      const place = { shopSlug, arrival: await line.arrive(shopSlug, now.getTime()), expiresAt: placeExpiry(now) };
      return { placeToken: await sign(place, now), place };
    },
    ticketOf: async (pre, opensAtMs) => {
      const now = clock();
      const ticket = await line.ticketOfArrival(pre.shopSlug, pre.arrival, opensAtMs, now.getTime());
      if (ticket === undefined) return undefined;
      const place = { shopSlug: pre.shopSlug, ticket, expiresAt: pre.expiresAt };
      return { placeToken: await sign(place, now), place };
    },
    placeOfIdentity: async (shopSlug, identity) => {
      const now = clock();
      const subject = await line.placeOfIdentity(shopSlug, identity, now);
      const place = subject ? placeOfSubject(shopSlug, subject, placeExpiry(now)) : undefined;
      return place ? { placeToken: await sign(place, now), place } : undefined;
    },
    keepPlaceOfIdentity: async (identity, place, replacing) => {
      const now = clock();
      const subject = await line.keepPlaceOfIdentity(place.shopSlug, identity, subjectOf(place), place.expiresAt, replacing ? subjectOf(replacing) : undefined);
      const kept = placeOfSubject(place.shopSlug, subject, place.expiresAt) ?? place;
      return { placeToken: await sign(kept, now), place: kept };
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
        const place = placeOfSubject(shopSlug, payload.sub!, new Date(payload.exp! * 1000));
        if (place) verified.set(`${shopSlug} ${placeToken}`, place);
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

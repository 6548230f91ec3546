/*
 * The waiting room's line of one shop (spec §3 queueUrl, §8 "join the queue"): first come, first served across every
 * worker. Each arriving visitor draws the next ticket number (1, 2, 3 …) from one shared counter, so there is one
 * admission order for everyone; every ticket up to `admitted` is admitted. The front moves at the admission rate by a
 * token bucket: while visitors wait, admissions accrue at `admitPerMinute`; while the line is empty at most one
 * second's worth is banked, so a quiet shop admits a newcomer at once and a rush after a quiet hour is still paced.
 *
 * The stored state only changes when someone joins; between joins every worker computes the same front from the
 * state and the time (projectLine), so a visitor polling their place costs one read of the store and no write.
 */

/** A shop's line as stored: the newest ticket, the last admitted ticket, the bucket's tokens and when they were counted (ms since epoch). */
export interface LineState {
  readonly lastTicket: number;
  readonly admitted: number;
  readonly tokens: number;
  readonly refilledAtMs: number;
}

/** The line of a shop that nobody joined yet. */
export const EMPTY_LINE = (capacity: number, nowMs: number): LineState => ({ lastTicket: 0, admitted: 0, tokens: capacity, refilledAtMs: nowMs });

/** Tokens the bucket banks while the line is empty: one second of admissions, at least one visitor. */
export const lineCapacity = (admitPerMinute: number): number => Math.max(1, admitPerMinute / 60);

/** Admits from the bucket: up to its whole tokens, never past the newest ticket; an emptied line keeps at most `capacity` tokens. */
const admitFromBucket = (state: LineState, tokens: number, capacity: number): { admitted: number; tokens: number } => {
  const admitting = Math.max(0, Math.min(Math.floor(tokens), state.lastTicket - state.admitted));
  const admitted = state.admitted + admitting;
  const left = tokens - admitting;
  return { admitted, tokens: admitted === state.lastTicket ? Math.min(left, capacity) : left };
};

/**
 * The line at `nowMs` (ms since epoch) after `joining` visitors (0 or 1): accrued admissions serve the waiting first,
 * then the newcomer draws the next ticket. Pure, and projecting twice equals projecting once, so a read needs no write.
 */
export const projectLine = (state: LineState, nowMs: number, admitPerMinute: number, joining = 0): LineState => {
  const capacity = lineCapacity(admitPerMinute);
  const elapsedMs = Math.max(0, nowMs - state.refilledAtMs);
  const before = admitFromBucket(state, state.tokens + (elapsedMs * admitPerMinute) / 60_000, capacity);
  const lastTicket = state.lastTicket + joining;
  const after = admitFromBucket({ ...state, lastTicket, admitted: before.admitted }, before.tokens, capacity);
  return { lastTicket, admitted: after.admitted, tokens: after.tokens, refilledAtMs: Math.max(state.refilledAtMs, nowMs) };
};

/**
 * The port of the line's store: PostgreSQL/PGlite (postgres-waiting-line.ts), atomic across processes and durable, so
 * a Redis restart costs the line nothing. Times in ms since epoch.
 */
export interface WaitingLine {
  /**
   * Draws the next ticket of `shopSlug`'s line at `nowMs`: the ticket and the line after it joined. When the sale's
   * opening `opensAtMs` has come, its pre-queue is put in the line first (openings are shuffled once).
   */
  join(shopSlug: string, nowMs: number, opensAtMs?: number): Promise<{ readonly ticket: number; readonly line: LineState }>;
  /** Takes the next arrival number of `shopSlug`'s pre-queue (before its opening) at `nowMs`. */
  arrive(shopSlug: string, nowMs: number): Promise<number>;
  /**
   * The ticket of a pre-queue `arrival`: undefined before the opening `opensAtMs`; from then on its place in the one
   * random order of that opening's pre-queue, which the first asker after the opening makes (once, recorded).
   */
  ticketOfArrival(shopSlug: string, arrival: number, opensAtMs: number, nowMs: number): Promise<number | undefined>;
  /** The place (`{ticket}` or `a{arrival}`) the hashed `identity` holds in `shopSlug`'s line at `now`, if any. */
  placeOfIdentity(shopSlug: string, identity: string, now: Date): Promise<string | undefined>;
  /** Keeps `place` as the identity's one place until `expiresAt`, unless it holds another (not `replacing`): the place kept. */
  keepPlaceOfIdentity(shopSlug: string, identity: string, place: string, expiresAt: Date, replacing?: string): Promise<string>;
  /** The stored line of `shopSlug` (one read), or undefined when nobody joined it yet. Project it with projectLine. */
  read(shopSlug: string): Promise<LineState | undefined>;
  /**
   * The payment queue token of the admitted `ticket`: `token` when none was handed yet (kept until `keepUntil`),
   * else the one handed first, so one place opens one cart however often its visitor comes back.
   */
  redeem(shopSlug: string, ticket: number, token: string, keepUntil: Date): Promise<string>;
  /** Deletes redemptions and places of identities kept past `now`. */
  sweep(now: Date): Promise<void>;
  /** Ends what the store holds open (nothing for the database, which the server closes). */
  close(): Promise<void>;
}

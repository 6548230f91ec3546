import { lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { preparedRows, queryRows } from "../db/raw-rows.ts";
import { waitingRoomIdentities, waitingRoomRedemptions } from "../db/schema.ts";
import { cryptoRandomInt, shuffled, type RandomInt } from "./pre-queue-shuffle.ts";
import { EMPTY_LINE, lineCapacity, projectLine, type LineState, type WaitingLine } from "./waiting-line.ts";

interface LineRow extends Record<string, unknown> {
  readonly last_ticket: number;
  readonly admitted: number;
  readonly tokens: number;
  readonly refilled_at: Date | string;
  readonly last_arrival: number;
  readonly opened_for: Date | string | null;
}

const toState = (row: LineRow): LineState => ({
  lastTicket: Number(row.last_ticket),
  admitted: Number(row.admitted),
  tokens: Number(row.tokens),
  refilledAtMs: new Date(row.refilled_at).getTime(),
});

const iso = (ms: number) => new Date(ms).toISOString();

/** Arrivals given their tickets per statement: well inside PostgreSQL's limit on parameters. */
const TICKETS_PER_STATEMENT = 1_000;

/**
 * The waiting line in PostgreSQL or PGlite: one row per shop, locked while a newcomer draws a ticket or the pre-queue
 * opens, so every process draws from one counter; redemptions, arrivals and identities in their own tables.
 */
export const postgresWaitingLine = (db: Db, admitPerMinute: number, random: RandomInt = cryptoRandomInt): WaitingLine => {
  /** The shop's line row, locked for this transaction; made (empty) first when the shop has none. */
  const lockedLine = async (tx: Tx, shopSlug: string, nowMs: number): Promise<LineRow> => {
    const locked = () => queryRows<LineRow>(tx, sql`select last_ticket, admitted, tokens, refilled_at, last_arrival, opened_for from waiting_room_lines where shop_slug = ${shopSlug} for update`);
    const [row] = await locked();
    if (row) return row;
    const empty = EMPTY_LINE(lineCapacity(admitPerMinute), nowMs);
    await queryRows(
      tx,
      sql`insert into waiting_room_lines (shop_slug, last_ticket, admitted, tokens, refilled_at)
          values (${shopSlug}, 0, 0, ${empty.tokens}, ${iso(empty.refilledAtMs)}::timestamptz) on conflict (shop_slug) do nothing`,
    );
    return (await locked())[0]!;
  };
  const store = async (tx: Tx, shopSlug: string, line: LineState) =>
    queryRows(
      tx,
      sql`update waiting_room_lines set last_ticket = ${line.lastTicket}, admitted = ${line.admitted}, tokens = ${line.tokens},
          refilled_at = ${iso(line.refilledAtMs)}::timestamptz where shop_slug = ${shopSlug}`,
    );
  /**
   * On the locked row: when the opening at `opensAtMs` has come and its pre-queue is not in the line yet, every
   * arrival without a ticket gets one, behind the tickets already drawn, in one shuffled order; recorded with its time.
   */
  const openLocked = async (tx: Tx, shopSlug: string, row: LineRow, opensAtMs: number | undefined, nowMs: number): Promise<LineState> => {
    const state = toState(row);
    if (opensAtMs === undefined || nowMs < opensAtMs || (row.opened_for !== null && new Date(row.opened_for).getTime() === opensAtMs)) return state;
    const arrivals = await queryRows<{ arrival: number }>(tx, sql`select arrival from waiting_room_arrivals where shop_slug = ${shopSlug} and ticket is null order by arrival`);
    const order = shuffled(
      arrivals.map((a) => Number(a.arrival)),
      random,
    );
    const atOpening = projectLine(state, Math.max(opensAtMs, state.refilledAtMs), admitPerMinute);
    for (let from = 0; from < order.length; from += TICKETS_PER_STATEMENT) {
      const pairs = order.slice(from, from + TICKETS_PER_STATEMENT).map((arrival, i) => sql`(${arrival}::integer, ${atOpening.lastTicket + from + i + 1}::integer)`);
      await queryRows(
        tx,
        sql`update waiting_room_arrivals a set ticket = v.ticket, shuffled_at = ${iso(nowMs)}::timestamptz
            from (values ${sql.join(pairs, sql`, `)}) as v(arrival, ticket) where a.shop_slug = ${shopSlug} and a.arrival = v.arrival`,
      );
    }
    const opened = { ...atOpening, lastTicket: atOpening.lastTicket + order.length };
    await store(tx, shopSlug, opened);
    await queryRows(tx, sql`update waiting_room_lines set opened_for = ${iso(opensAtMs)}::timestamptz where shop_slug = ${shopSlug}`);
    return opened;
  };
  return {
    join: (shopSlug, nowMs, opensAtMs) =>
      db.transaction(async (tx) => {
        const opened = await openLocked(tx, shopSlug, await lockedLine(tx, shopSlug, nowMs), opensAtMs, nowMs);
        const line = projectLine(opened, nowMs, admitPerMinute, 1);
        await store(tx, shopSlug, line);
        return { ticket: line.lastTicket, line };
      }),
    arrive: (shopSlug, nowMs) =>
      db.transaction(async (tx) => {
        const row = await lockedLine(tx, shopSlug, nowMs);
        const arrival = Number(row.last_arrival) + 1;
        await queryRows(tx, sql`update waiting_room_lines set last_arrival = ${arrival} where shop_slug = ${shopSlug}`);
        await queryRows(tx, sql`insert into waiting_room_arrivals (shop_slug, arrival, arrived_at) values (${shopSlug}, ${arrival}, ${iso(nowMs)}::timestamptz)`);
        return arrival;
      }),
    ticketOfArrival: async (shopSlug, arrival, opensAtMs, nowMs) => {
      const ticketOf = async () =>
        (await queryRows<{ ticket: number | null }>(db, sql`select ticket from waiting_room_arrivals where shop_slug = ${shopSlug} and arrival = ${arrival}`))[0]?.ticket;
      const known = await ticketOf();
      if (known !== null && known !== undefined) return Number(known);
      if (nowMs < opensAtMs) return undefined;
      await db.transaction(async (tx) => void (await openLocked(tx, shopSlug, await lockedLine(tx, shopSlug, nowMs), opensAtMs, nowMs)));
      const ticket = await ticketOf();
      return ticket === null || ticket === undefined ? undefined : Number(ticket);
    },
    read: async (shopSlug) => {
      const [row] = await preparedRows<LineRow>(db, "waiting-line-read", sql`select last_ticket, admitted, tokens, refilled_at from waiting_room_lines where shop_slug = ${shopSlug}`);
      return row ? toState(row) : undefined;
    },
    redeem: async (shopSlug, ticket, token, keepUntil) => {
      const [first] = await queryRows<{ token: string }>(
        db,
        sql`insert into waiting_room_redemptions (shop_slug, ticket, token, expires_at) values (${shopSlug}, ${ticket}, ${token}, ${keepUntil.toISOString()}::timestamptz)
            on conflict (shop_slug, ticket) do update set shop_slug = excluded.shop_slug returning token`,
      );
      return first!.token;
    },
    placeOfIdentity: async (shopSlug, identity, now) => {
      const [row] = await queryRows<{ place: string }>(
        db,
        sql`select place from waiting_room_identities where shop_slug = ${shopSlug} and identity = ${identity} and expires_at > ${now.toISOString()}::timestamptz`,
      );
      return row?.place;
    },
    keepPlaceOfIdentity: async (shopSlug, identity, place, expiresAt, replacing) => {
      const [kept] = await queryRows<{ place: string }>(
        db,
        sql`insert into waiting_room_identities (shop_slug, identity, place, expires_at) values (${shopSlug}, ${identity}, ${place}, ${expiresAt.toISOString()}::timestamptz)
            on conflict (shop_slug, identity) do update set place = excluded.place, expires_at = excluded.expires_at
            where waiting_room_identities.place = ${replacing ?? ""} or waiting_room_identities.expires_at <= now() returning place`,
      );
      if (kept) return kept.place;
      const [first] = await queryRows<{ place: string }>(db, sql`select place from waiting_room_identities where shop_slug = ${shopSlug} and identity = ${identity}`);
      return first!.place;
    },
    sweep: async (now) => {
      await db.delete(waitingRoomRedemptions).where(lt(waitingRoomRedemptions.expiresAt, now));
      await db.delete(waitingRoomIdentities).where(lt(waitingRoomIdentities.expiresAt, now));
    },
    close: async () => undefined,
  };
};

import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedRows, queryRows } from "../db/raw-rows.ts";
import { waitingRoomRedemptions } from "../db/schema.ts";
import { EMPTY_LINE, lineCapacity, projectLine, type LineState, type WaitingLine } from "./waiting-line.ts";

interface LineRow extends Record<string, unknown> {
  readonly last_ticket: number;
  readonly admitted: number;
  readonly tokens: number;
  readonly refilled_at: Date | string;
}

const toState = (row: LineRow): LineState => ({
  lastTicket: Number(row.last_ticket),
  admitted: Number(row.admitted),
  tokens: Number(row.tokens),
  refilledAtMs: new Date(row.refilled_at).getTime(),
});

/**
 * The waiting line in PostgreSQL (or PGlite), for a deployment without Redis: one row per shop in waiting_room_lines,
 * locked (SELECT … FOR UPDATE) while a newcomer draws a ticket, so every process sharing the database draws from one
 * counter; reading a place is one indexed primary-key read. Redemptions in waiting_room_redemptions (first insert wins).
 */
export const postgresWaitingLine = (db: Db, admitPerMinute: number): WaitingLine => ({
  join: (shopSlug, nowMs) =>
    db.transaction(async (tx) => {
      const locked = () => queryRows<LineRow>(tx, sql`select last_ticket, admitted, tokens, refilled_at from waiting_room_lines where shop_slug = ${shopSlug} for update`);
      let [row] = await locked();
      if (!row) {
        const empty = EMPTY_LINE(lineCapacity(admitPerMinute), nowMs);
        await queryRows(
          tx,
          sql`insert into waiting_room_lines (shop_slug, last_ticket, admitted, tokens, refilled_at)
              values (${shopSlug}, 0, 0, ${empty.tokens}, ${new Date(empty.refilledAtMs).toISOString()}::timestamptz) on conflict (shop_slug) do nothing`,
        );
        [row] = await locked();
      }
      const line = projectLine(toState(row!), nowMs, admitPerMinute, 1);
      await queryRows(
        tx,
        sql`update waiting_room_lines set last_ticket = ${line.lastTicket}, admitted = ${line.admitted}, tokens = ${line.tokens},
            refilled_at = ${new Date(line.refilledAtMs).toISOString()}::timestamptz where shop_slug = ${shopSlug}`,
      );
      return { ticket: line.lastTicket, line };
    }),
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
  sweep: async (now) => {
    await db.delete(waitingRoomRedemptions).where(lt(waitingRoomRedemptions.expiresAt, now));
  },
  close: async () => undefined,
});

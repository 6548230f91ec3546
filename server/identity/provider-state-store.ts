import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { errors, type Adapter, type AdapterFactory, type AdapterPayload } from "oidc-provider";
import type { Db } from "../db/database.ts";
import { identityProviderState } from "../db/schema.ts";

/** The time the identity provider's state expires against: oidc-provider stamps `exp` with the real time, never an injected test clock. */
export type ProviderStateClock = () => Date;

const realTime: ProviderStateClock = () => new Date();

/** Rows still alive at `now`: no expiry, or one after now. */
const alive = (now: Date) => or(isNull(identityProviderState.expiresAt), gt(identityProviderState.expiresAt, now));

/** The payload as oidc-provider expects it back: a consumed code carries `consumed` (epoch seconds). */
const payloadOf = (row: { payload: unknown; consumedAt: Date | null } | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
};

/**
 * oidc-provider's adapter over the `identity_provider_state` table, shared by every process; `consume` redeems a code
 * once even across processes, revoking the grant on reuse. spec §6.
 */
export const drizzleProviderAdapter =
  (db: Db, now: ProviderStateClock = realTime): AdapterFactory =>
  (model: string): Adapter => {
    const key = (id: string) => and(eq(identityProviderState.model, model), eq(identityProviderState.id, id));
    const findWhere = async (where: ReturnType<typeof and>) => {
      const [row] = await db
        .select({ payload: identityProviderState.payload, consumedAt: identityProviderState.consumedAt })
        .from(identityProviderState)
        .where(and(where, alive(now())))
        .limit(1);
      return payloadOf(row);
    };
    return {
      async upsert(id, payload, expiresIn) {
        const { consumed: _consumed, ...stored } = payload;
        const values = {
          payload: stored,
          grantId: typeof payload.grantId === "string" ? payload.grantId : null,
          uid: typeof payload.uid === "string" ? payload.uid : null,
          userCode: typeof payload.userCode === "string" ? payload.userCode : null,
          expiresAt: typeof expiresIn === "number" ? new Date(now().getTime() + expiresIn * 1000) : null,
        };
        await db
          .insert(identityProviderState)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [identityProviderState.model, identityProviderState.id], set: values });
      },
      find: (id) => findWhere(key(id)),
      findByUid: (uid) => findWhere(and(eq(identityProviderState.model, model), eq(identityProviderState.uid, uid))),
      findByUserCode: (userCode) => findWhere(and(eq(identityProviderState.model, model), eq(identityProviderState.userCode, userCode))),
      async consume(id) {
        const consumed = await db
          .update(identityProviderState)
          .set({ consumedAt: now() })
          .where(and(key(id), isNull(identityProviderState.consumedAt)))
          .returning({ id: identityProviderState.id });
        if (consumed.length > 0) return;
        // Used by another request first (a replay racing the first redemption): what that redemption issued goes too.
        const [row] = await db.select({ grantId: identityProviderState.grantId }).from(identityProviderState).where(key(id));
        if (row?.grantId) await db.delete(identityProviderState).where(eq(identityProviderState.grantId, row.grantId));
        throw new errors.InvalidGrant("grant already consumed");
      },
      async destroy(id) {
        await db.delete(identityProviderState).where(key(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(identityProviderState).where(and(eq(identityProviderState.model, model), eq(identityProviderState.grantId, grantId)));
      },
    };
  };

/** Deletes the identity provider's rows that expired at or before `now` (the server's sweep; finds already ignore them). Resolves the number deleted. */
export const sweepExpiredProviderState = async (db: Db, now: Date = realTime()): Promise<number> => {
  const deleted = await db
    .delete(identityProviderState)
    .where(lte(identityProviderState.expiresAt, now))
    .returning({ id: identityProviderState.id });
  return deleted.length;
};


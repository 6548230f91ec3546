import { createSecretKey, randomUUID, type KeyObject } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Db, Tx } from "../db/database.ts";
import { queueTokenUses } from "../db/schema.ts";
import { queueTokenInvalid } from "./queue.errors.ts";

/*
 * The payment queue token (spec §3 queueUrl, §7 POST /carts paymentQueueToken): a JWT signed with HMAC-SHA256 (jose)
 * by this server's secret, naming one shop (aud = its apiNamespace), expiring (exp), with an id (jti) that opens one
 * cart: the first POST /carts with it writes queue_token_uses (primary key jti) in the transaction that makes the cart,
 * so every process sharing the database agrees. The waiting room (waiting-room.ts) issues them to admitted visitors.
 */

/** How queue tokens are signed and how long they live: the HMAC secret (at least 32 bytes) and the lifetime in seconds. */
export interface QueueTokenSettings {
  readonly secret: Uint8Array;
  readonly ttlSeconds: number;
}

/** What a verified, not yet used token admits: its id (jti) and when it expires. */
export interface QueueAdmission {
  readonly tokenId: string;
  readonly expiresAt: Date;
}

const signingKeys = new WeakMap<Uint8Array, KeyObject>();

/** The HMAC key of `settings.secret` as a KeyObject, made once per secret and reused by every sign and verify. */
export const queueSigningKey = (settings: Pick<QueueTokenSettings, "secret">): KeyObject => {
  let key = signingKeys.get(settings.secret);
  if (!key) signingKeys.set(settings.secret, (key = createSecretKey(settings.secret)));
  return key;
};

/** Issuer claim of every queue token this server signs (and the only one it accepts). */
export const QUEUE_TOKEN_ISSUER = "festival-shop-queue";

/** Seconds a used token's row is kept past the token's expiry (clock differences between processes), then swept. */
export const QUEUE_TOKEN_SWEEP_GRACE_SECONDS = 300;

/** Signs a queue token for the shop `apiNamespace`, valid `settings.ttlSeconds` from `now` (seconds are whole). */
export const issueQueueToken = (settings: QueueTokenSettings, apiNamespace: string, now: Date): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(QUEUE_TOKEN_ISSUER)
    .setAudience(apiNamespace)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.ttlSeconds)
    .sign(queueSigningKey(settings));
};

/**
 * Verifies a paymentQueueToken for shop `apiNamespace` at `now` (jose, HS256, issuer, audience, exp, jti): its
 * admission, or QueueTokenInvalid (forged, another shop's, expired). Reuse is decided by claimQueueAdmission.
 */
export const verifyQueueToken = async (settings: QueueTokenSettings, token: string, apiNamespace: string, now: Date): Promise<QueueAdmission> => {
  try {
    const { payload } = await jwtVerify(token, queueSigningKey(settings), {
      algorithms: ["HS256"],
      issuer: QUEUE_TOKEN_ISSUER,
      audience: apiNamespace,
      currentDate: now,
      requiredClaims: ["jti", "exp", "aud"],
    });
    return { tokenId: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw queueTokenInvalid("expired");
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === "aud") throw queueTokenInvalid("other-shop");
    if (error instanceof errors.JOSEError) throw queueTokenInvalid("forged");
    throw error;
  }
};

/**
 * Records inside `tx` (the transaction that makes the cart `cartId`) that the admission's token is used; 403
 * queue.token.invalid (used) when a row for its id exists already (another cart, any process). spec §7.
 */
export const claimQueueAdmission = async (tx: Tx, admission: QueueAdmission, shopSlug: string, cartId: string, now: Date): Promise<void> => {
  const claimed = await tx
    .insert(queueTokenUses)
    .values({ tokenId: admission.tokenId, shopSlug, cartId, expiresAt: admission.expiresAt, usedAt: now })
    .onConflictDoNothing()
    .returning({ tokenId: queueTokenUses.tokenId });
  if (claimed.length === 0) throw queueTokenInvalid("used");
};

/** Deletes the rows of tokens expired more than QUEUE_TOKEN_SWEEP_GRACE_SECONDS before `now` (they can no longer verify); resolves to how many. */
export const sweepUsedQueueTokens = async (db: Db, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - QUEUE_TOKEN_SWEEP_GRACE_SECONDS * 1000);
  const swept = await db.delete(queueTokenUses).where(lt(queueTokenUses.expiresAt, before)).returning({ tokenId: queueTokenUses.tokenId });
  return swept.length;
};

/** True when the token with id `tokenId` (jti) opened a cart already (a row in queue_token_uses): the waiting room then hands its place no more. */
export const queueTokenUsed = async (db: Db, tokenId: string): Promise<boolean> =>
  (await db.select({ tokenId: queueTokenUses.tokenId }).from(queueTokenUses).where(eq(queueTokenUses.tokenId, tokenId)).limit(1)).length > 0;

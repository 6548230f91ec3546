import { createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from "node:crypto";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, type JSONWebKeySet, type JWK } from "jose";
import type { Db } from "../db/database.ts";
import { identityProviderKeys } from "../db/schema.ts";

/**
 * The keys of the development identity provider, the same in every process: `signing` (private JWKs, each with its
 * own `kid`, `alg` and `use: "sig"`; the first signs) and `cookieKeys` (secrets the provider signs its cookies with;
 * the first signs, all verify).
 */
export interface ProviderKeys {
  readonly signing: ReadonlyArray<JWK>;
  readonly cookieKeys: ReadonlyArray<string>;
}

/** Settings that give the keys instead of the database (README settings): a private JWKS as JSON, and a comma list of cookie secrets. */
export const SIGNING_JWKS_SETTING = "IDENTITY_PROVIDER_JWKS";
/** Comma list of cookie signing secrets (at least 32 characters each); see SIGNING_JWKS_SETTING. */
export const COOKIE_KEYS_SETTING = "IDENTITY_PROVIDER_COOKIE_KEYS";

const DEFAULT_ALGORITHM: Readonly<Record<string, string>> = { RSA: "RS256", EC: "ES256", OKP: "EdDSA" };

/** A private signing JWK with its key id: the given `kid`, else its RFC 7638 thumbprint (one key id per key, never a fixed name). */
const signingKey = async (jwk: JWK): Promise<JWK> => {
  if (typeof jwk.kty !== "string" || !(jwk.kty in DEFAULT_ALGORITHM) || typeof jwk.d !== "string") {
    throw new Error(`${SIGNING_JWKS_SETTING}: every key must be a private RSA, EC or OKP JWK (kty and d).`);
  }
  return { ...jwk, kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)), alg: jwk.alg ?? DEFAULT_ALGORITHM[jwk.kty], use: "sig" };
};

/** The signing keys of IDENTITY_PROVIDER_JWKS (`{"keys":[private JWK, ...]}`); throws on malformed JSON, a public or unknown key, or two keys with one kid. */
const signingKeysFromSetting = async (text: string): Promise<JWK[]> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${SIGNING_JWKS_SETTING} must be a JSON Web Key Set ({"keys":[...]}).`);
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${SIGNING_JWKS_SETTING} must hold at least one key ({"keys":[...]}).`);
  const signing = await Promise.all(keys.map((key) => signingKey(key as JWK)));
  if (new Set(signing.map((k) => k.kid)).size !== signing.length) throw new Error(`${SIGNING_JWKS_SETTING}: two keys share one kid.`);
  return signing;
};

/** The cookie secrets of IDENTITY_PROVIDER_COOKIE_KEYS; throws when one is shorter than 32 characters. */
const cookieKeysFromSetting = (text: string): string[] => {
  const keys = text
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length === 0 || keys.some((k) => k.length < 32)) throw new Error(`${COOKIE_KEYS_SETTING} must be a comma list of secrets of at least 32 characters.`);
  return keys;
};

/**
 * The value stored under `name`, created by `create` when no process stored one yet: insert ON CONFLICT DO NOTHING,
 * then read what won, so processes starting together all use the first one written.
 */
const storedOnce = async <T>(db: Db, name: string, create: () => Promise<T>, now: Date): Promise<T> => {
  const read = async () => (await db.select({ value: identityProviderKeys.value }).from(identityProviderKeys).where(eq(identityProviderKeys.name, name)))[0];
  const existing = await read();
  if (existing) return existing.value as T;
  await db.insert(identityProviderKeys).values({ name, value: await create(), createdAt: now }).onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`the identity provider's ${name} key was not stored`);
  return stored.value as T;
};

const newSigningKey = async (): Promise<JWK[]> => {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return [await signingKey(privateKey.export({ format: "jwk" }) as JWK)];
};

/**
 * The identity provider's keys: from IDENTITY_PROVIDER_JWKS and IDENTITY_PROVIDER_COOKIE_KEYS when set, else created
 * once in the database, so every process signs alike. spec §6.
 */
export const loadProviderKeys = async (db: Db, env: Readonly<Record<string, string | undefined>>, now: Date = new Date()): Promise<ProviderKeys> => {
  const jwks = env[SIGNING_JWKS_SETTING]?.trim();
  const cookies = env[COOKIE_KEYS_SETTING]?.trim();
  const signing = jwks ? await signingKeysFromSetting(jwks) : await storedOnce(db, "signing", newSigningKey, now);
  const cookieKeys = cookies ? cookieKeysFromSetting(cookies) : await storedOnce(db, "cookies", async () => [randomBytes(32).toString("base64url")], now);
  return { signing, cookieKeys };
};

/** The public part of the signing keys (kty and the public members, kid, alg, use): what /oidc/jwks publishes and x-user-token is verified against. spec §6. */
export const publicSigningKeys = (keys: ProviderKeys): JSONWebKeySet => ({
  keys: keys.signing.map((jwk) => {
    const publicJwk = createPublicKey({ key: jwk as JsonWebKey, format: "jwk" }).export({ format: "jwk" });
    return { ...publicJwk, kid: jwk.kid!, alg: jwk.alg!, use: "sig" } as JWK;
  }),
});

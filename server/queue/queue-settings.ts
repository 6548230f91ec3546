import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { QueueTokenSettings } from "./queue-tokens.ts";

/** Where `npm start` keeps the queue token secret it generated outside production (owner-only), so restarts keep issued tokens valid. */
export const QUEUE_SECRET_FILE = path.join(".data", "queue-token-secret");

/** Default lifetime of a payment queue token: 30 minutes from admission to the cart it opens (QUEUE_TOKEN_TTL_SECONDS). */
export const DEFAULT_QUEUE_TOKEN_TTL_SECONDS = 1800;

/** Fewest characters a QUEUE_TOKEN_SECRET may have (HMAC-SHA256 wants a key of at least 256 bits). */
export const MIN_QUEUE_SECRET_LENGTH = 32;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * QUEUE_TOKEN_SECRET for server/main.ts: the environment's (at least MIN_QUEUE_SECRET_LENGTH characters); required in
 * production; elsewhere the one in .data/queue-token-secret, else a new random one written there. Throws otherwise.
 */
export const queueTokenSecret = (env: Env): string => {
  const fromEnv = env["QUEUE_TOKEN_SECRET"]?.trim();
  if (fromEnv) {
    if (fromEnv.length < MIN_QUEUE_SECRET_LENGTH) throw new Error(`QUEUE_TOKEN_SECRET must have at least ${MIN_QUEUE_SECRET_LENGTH} characters.`);
    return fromEnv;
  }
  if (env["NODE_ENV"] === "production") {
    throw new Error("NODE_ENV=production needs QUEUE_TOKEN_SECRET (at least 32 characters, the same in every process), the key that signs payment queue tokens.");
  }
  if (existsSync(QUEUE_SECRET_FILE)) return readFileSync(QUEUE_SECRET_FILE, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(QUEUE_SECRET_FILE), { recursive: true });
  writeFileSync(QUEUE_SECRET_FILE, secret, { mode: 0o600 });
  return secret;
};

/** QUEUE_TOKEN_TTL_SECONDS (default DEFAULT_QUEUE_TOKEN_TTL_SECONDS) as whole seconds; throws for a value that is no positive whole number. */
export const queueTokenTtlSeconds = (env: Env): number => {
  const text = env["QUEUE_TOKEN_TTL_SECONDS"]?.trim();
  if (!text) return DEFAULT_QUEUE_TOKEN_TTL_SECONDS;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`QUEUE_TOKEN_TTL_SECONDS must be a positive whole number of seconds, not '${text}'.`);
  return value;
};

/**
 * The queue token settings of buildServer when none are given: QUEUE_TOKEN_SECRET (server/main.ts always sets it, see
 * queueTokenSecret) and QUEUE_TOKEN_TTL_SECONDS; without a secret (a server built in-process by a test or script) a
 * random one of this process, so tokens it issues verify only here.
 */
export const queueTokenSettingsFromEnv = (env: Env): QueueTokenSettings => {
  const secret = env["QUEUE_TOKEN_SECRET"]?.trim() ? queueTokenSecret(env) : undefined;
  return {
    secret: secret ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32)),
    ttlSeconds: queueTokenTtlSeconds(env),
  };
};

/** Default admissions per minute of each shop's waiting room (QUEUE_ADMIT_PER_MINUTE): ten visitors a second. */
export const DEFAULT_QUEUE_ADMIT_PER_MINUTE = 600;

/**
 * QUEUE_ADMIT_PER_MINUTE (default DEFAULT_QUEUE_ADMIT_PER_MINUTE): how many visitors per minute each shop's waiting
 * room admits, a positive whole number; throws for anything else. spec §3 queueUrl.
 */
export const queueAdmitPerMinute = (env: Env): number => {
  const text = env["QUEUE_ADMIT_PER_MINUTE"]?.trim();
  if (!text) return DEFAULT_QUEUE_ADMIT_PER_MINUTE;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`QUEUE_ADMIT_PER_MINUTE must be a positive whole number of visitors per minute, not '${text}'.`);
  return value;
};

/*
 * Deployment settings of the reference server read from the environment (README "variables", docs/shop-api.md
 * "Deployment"). Pure functions of an env record, so server/main.ts and the tests read them the same way.
 */
import { isIP } from "node:net";

/** Which peers' X-Forwarded-For/-Proto/-Host count: none (false), the nearest N hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** Names of address ranges Fastify's proxy-addr knows besides addresses and CIDRs. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** True for an address, an address/prefix (CIDR) or address/netmask, or a range name: what Fastify's trustProxy list takes. */
const isProxyAddress = (entry: string): boolean => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return isIP(range) === family;
};

/**
 * TRUST_PROXY -> which peers count: off (unset, `false`, `0`), a hop count N, or a comma list of proxy addresses or
 * CIDR ranges. Throws for `true` (clients write X-Forwarded-For themselves) and for what is no address, saying what to set.
 */
export const parseTrustProxy = (text: string | undefined): TrustProxy => {
  // A hop count trusts the nearest N peers whoever they are: right only when nothing but the proxies reaches the server.
  const value = (text ?? "").trim();
  if (value === "" || value.toLowerCase() === "false" || value === "0") return false;
  if (value.toLowerCase() === "true") {
    throw new Error(
      "TRUST_PROXY=true is refused: it believes the left-most X-Forwarded-For entry, which any client writes itself, so every per-client limit could be dodged. Set the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer that nothing else can bypass) or their addresses or CIDR ranges (TRUST_PROXY=10.0.0.0/8).",
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new Error(`TRUST_PROXY: '${wrong.join("', '")}' is no address or CIDR range; give a hop count (e.g. 1) or the proxies' addresses or ranges (e.g. 127.0.0.1,10.0.0.0/8).`);
  }
  return entries;
};

/**
 * Fastify's `trustProxy` for `trust`: a hop count as a function trusting the nearest N peers (Fastify's number form
 * trusts none), so the client is the address the proxies appended, never one a client wrote further left.
 */
export const fastifyTrustProxy = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === "number" ? (_address, hop) => hop < trust : trust;

/**
 * True when the built-in `test` payment provider (pay without paying) may run: outside production, and with
 * NODE_ENV=production only when TEST_PAYMENTS=enabled (a demo deployment that says so). spec §9, docs/payments.md.
 */
export const testPaymentsAllowed = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env["NODE_ENV"] !== "production" || env["TEST_PAYMENTS"] === "enabled";

/**
 * True when the development identity provider under /oidc (demo accounts, README "Single sign-on") may run: outside
 * production unless IDENTITY_PROVIDER=off; in production only with IDENTITY_PROVIDER=enabled.
 */
export const identityProviderAllowed = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env["IDENTITY_PROVIDER"] !== "off" && (env["NODE_ENV"] !== "production" || env["IDENTITY_PROVIDER"] === "enabled");

/** Server timeouts against slow clients, in milliseconds (Node http server: requestTimeout, headersTimeout, socket idle timeout). */
export interface ServerTimeouts {
  /** Whole request (headers and body) must arrive within this; else the request times out and the connection closes. */
  readonly requestMs: number;
  /** Headers must arrive within this (at most requestMs). */
  readonly headersMs: number;
  /** A socket with no traffic at all for this long is closed. */
  readonly idleMs: number;
}

/** Defaults: 30 s for a request, 10 s for its headers, 120 s of silence on a connection (above the 72 s keep-alive, so a proxy's pooled connection is closed by keep-alive, not mid-reuse). */
export const DEFAULT_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, headersMs: 10_000, idleMs: 120_000 };

const positiveNumber = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not '${text}'.`);
  return value;
};

/** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS (capped at the request timeout) and IDLE_TIMEOUT_MS over DEFAULT_TIMEOUTS; throws for a value that is no positive number. */
export const timeoutsFromEnv = (env: Readonly<Record<string, string | undefined>>): ServerTimeouts => {
  const requestMs = positiveNumber(env["REQUEST_TIMEOUT_MS"], DEFAULT_TIMEOUTS.requestMs, "REQUEST_TIMEOUT_MS");
  const headersMs = Math.min(requestMs, positiveNumber(env["HEADERS_TIMEOUT_MS"], DEFAULT_TIMEOUTS.headersMs, "HEADERS_TIMEOUT_MS"));
  return { requestMs, headersMs, idleMs: positiveNumber(env["IDLE_TIMEOUT_MS"], DEFAULT_TIMEOUTS.idleMs, "IDLE_TIMEOUT_MS") };
};

/** Default retention of the checkout details of an expired, unpaid cart: 30 days after its expiry. */
export const DEFAULT_PERSONAL_DATA_RETENTION_DAYS = 30;

/** PERSONAL_DATA_RETENTION_DAYS (default 30, fractions allowed) in seconds; throws for a value that is no positive number. */
export const personalDataRetentionSecondsFromEnv = (env: Readonly<Record<string, string | undefined>>): number =>
  Math.round(positiveNumber(env["PERSONAL_DATA_RETENTION_DAYS"], DEFAULT_PERSONAL_DATA_RETENTION_DAYS, "PERSONAL_DATA_RETENTION_DAYS") * 86_400);

/**
 * PUBLIC_ORIGIN as an origin (path dropped), or undefined when unset outside production. Throws when it is no http(s)
 * URL, or unset in production: payment pages and returns are never built from a request's Host header.
 */
export const publicOriginFromEnv = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
  const value = (env["PUBLIC_ORIGIN"] ?? "").trim();
  if (value === "") {
    if (env["NODE_ENV"] === "production") {
      throw new Error("NODE_ENV=production needs PUBLIC_ORIGIN, the address visitors reach the shop under (e.g. https://tickets.example.org).");
    }
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an absolute http(s) address, not '${value}'.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`PUBLIC_ORIGIN must be an absolute http(s) address, not '${value}'.`);
  return url.origin;
};

/**
 * True when the server may seed the demo catalogue (published shop tokens, vouchers, demo orders) into an empty
 * database: outside production, and in production only with DEMO_CATALOGUE=enabled. README "Settings".
 */
export const demoCatalogueAllowed = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env["NODE_ENV"] !== "production" || env["DEMO_CATALOGUE"] === "enabled";

/**
 * Throws when NODE_ENV=production and PACT_PROVIDER_STATES=enabled: the provider-state endpoint hands out cart tokens
 * and pays orders without payment, so it never runs in production.
 */
export const assertNoProviderStatesInProduction = (env: Readonly<Record<string, string | undefined>>): void => {
  if (env["NODE_ENV"] === "production" && env["PACT_PROVIDER_STATES"] === "enabled") {
    throw new Error("PACT_PROVIDER_STATES=enabled is refused with NODE_ENV=production: verify the contracts against a server started without NODE_ENV=production.");
  }
};

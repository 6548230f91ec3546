import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import { userTokenInvalid } from "./identity.errors.ts";

/** The identity an `x-user-token` proves (spec §6): the issuer of the account (DEVELOPMENT_ISSUER for the development provider), the subject (account id) and the e-mail claim when it has one. */
export interface UserIdentity {
  readonly issuer: string;
  readonly sub: string;
  readonly email?: string;
}

/**
 * Verifies an x-user-token as an OpenID Connect id token (signature, `iss`, `aud`, `exp` at `now`) for the browser
 * origin `requestOrigin`; resolves the identity, rejects with UserTokenInvalid. spec §6.
 */
export type UserTokenVerifier = (token: string, requestOrigin: string, now: Date) => Promise<UserIdentity>;

/** Where the trusted issuer's keys come from: an external issuer (OIDC discovery) or the development provider of this server. */
export type TrustedIssuer =
  /** OIDC_ISSUER: `{issuer}/.well-known/openid-configuration` names the jwks_uri; keys are fetched, cached and refetched on an unknown key id (rotation). */
  | { readonly kind: "discovered"; readonly issuer: string; readonly fetch?: typeof fetch }
  /** The development provider under /oidc: tokens of issuer `{publicOrigin or the request's origin}/oidc`, keys read in-process; identities carry DEVELOPMENT_ISSUER. */
  | { readonly kind: "development"; readonly publicOrigin?: string; readonly publicKeys: () => Promise<JSONWebKeySet> }
  /** Fixed issuer and keys (tests, or an issuer whose keys are configured). */
  | { readonly kind: "static"; readonly issuer: string; readonly keys: JSONWebKeySet };

/**
 * The issuer an identity of the development provider carries, whichever origin (Host) issued its token: the provider
 * under /oidc is one provider with one set of accounts on every origin, so `localhost` and `127.0.0.1` are one account.
 */
export const DEVELOPMENT_ISSUER = "urn:festival-shop:development-identity-provider";

/** Algorithms accepted for id tokens: asymmetric signatures only (an `alg: none` or HMAC token is refused). */
const ID_TOKEN_ALGORITHMS = ["RS256", "PS256", "ES256", "EdDSA"];

/** How long a discovery document is trusted before it is read again, in milliseconds. */
const DISCOVERY_MAX_AGE_MS = 10 * 60_000;

/** The JWKS getter of a discovered issuer: the discovery document is read once (again after DISCOVERY_MAX_AGE_MS or a failure), the keys by jose's remote set. */
const discoveredKeys = (issuer: string, fetchImpl: typeof fetch): JWTVerifyGetKey => {
  let current: { readonly at: number; readonly keys: Promise<JWTVerifyGetKey> } | undefined;
  const load = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
    const response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== issuer || typeof document.jwks_uri !== "string") throw new Error(`OIDC discovery at ${url} names another issuer or no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), { cacheMaxAge: DISCOVERY_MAX_AGE_MS, cooldownDuration: 30_000 });
  };
  return async (header, token) => {
    const now = Date.now();
    if (!current || now - current.at > DISCOVERY_MAX_AGE_MS) {
      const keys = load();
      current = { at: now, keys };
      // A failed discovery is tried again on the next token instead of being cached.
      keys.catch(() => {
        if (current?.keys === keys) current = undefined;
      });
    }
    return (await current.keys)(header, token);
  };
};

/**
 * The verifier of `trusted` for the audience `clientId` (the web app's OIDC client). Any failure to verify, an
 * unreachable issuer too, is UserTokenInvalid (the visitor logs in again or retries). spec §6.
 */
export const userTokenVerifier = (trusted: TrustedIssuer, clientId: string): UserTokenVerifier => {
  const keysOf = (() => {
    switch (trusted.kind) {
      case "discovered": {
        const keys = discoveredKeys(trusted.issuer, trusted.fetch ?? fetch);
        return () => ({ issuer: trusted.issuer, keys, account: trusted.issuer });
      }
      case "static": {
        const keys = createLocalJWKSet(trusted.keys);
        return () => ({ issuer: trusted.issuer, keys, account: trusted.issuer });
      }
      case "development": {
        const keys: JWTVerifyGetKey = async (header, token) => createLocalJWKSet(await trusted.publicKeys())(header, token);
        return (requestOrigin: string) => ({ issuer: `${trusted.publicOrigin ?? requestOrigin}/oidc`, keys, account: DEVELOPMENT_ISSUER });
      }
    }
  })();
  return async (token, requestOrigin, now) => {
    const { issuer, keys, account } = keysOf(requestOrigin);
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: clientId, algorithms: ID_TOKEN_ALGORITHMS, currentDate: now, requiredClaims: ["sub", "exp"] });
      const email = typeof payload["email"] === "string" ? payload["email"] : undefined;
      return { issuer: account, sub: payload.sub!, ...(email === undefined ? {} : { email }) };
    } catch {
      // jose's errors (signature, claims, expiry, unknown key, malformed) and an unreachable issuer alike.
      throw userTokenInvalid();
    }
  };
};

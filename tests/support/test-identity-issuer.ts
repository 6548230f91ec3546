import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { userTokenVerifier, type UserTokenVerifier } from "../../server/identity/user-token.ts";

/** Issuer URL of the test identity issuer. */
export const TEST_ISSUER = "https://id.example.test";
/** Client id (id token audience) the test issuer signs for: the web app's default OIDC client. */
export const TEST_CLIENT_ID = "festival-shop";

/** A test identity issuer: its verifier for buildServer's `userTokens`, and `mint` to sign id tokens with its key (or, with `foreignKey`, with a key it does not publish). */
export interface TestIdentityIssuer {
  readonly verifier: UserTokenVerifier;
  /** Signs an id token for `sub` (claims added); `expiresAt` defaults to an hour after `issuedAt` (default 2027-06-01T12:00:00Z). */
  mint(sub: string, options?: { claims?: JWTPayload; issuedAt?: Date; expiresAt?: Date; issuer?: string; audience?: string; foreignKey?: boolean }): Promise<string>;
}

/**
 * Creates a test issuer with a fresh RS256 key pair (and a second, unpublished one for forged tokens). `makeVerifier`
 * builds its verifier (default server/identity/user-token.ts's; a copy of the server passes its own, so the errors it
 * throws are the copy's classes).
 */
export const testIdentityIssuer = async (makeVerifier: typeof userTokenVerifier = userTokenVerifier): Promise<TestIdentityIssuer> => {
  const own = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(own.publicKey)), kid: "test-1", alg: "RS256", use: "sig" };
  return {
    verifier: makeVerifier({ kind: "static", issuer: TEST_ISSUER, keys: { keys: [publicJwk] } }, TEST_CLIENT_ID),
    mint: async (sub, options = {}) => {
      const issuedAt = options.issuedAt ?? new Date("2027-06-01T12:00:00Z");
      const expiresAt = options.expiresAt ?? new Date(issuedAt.getTime() + 3600_000);
      return new SignJWT({ ...options.claims })
        .setProtectedHeader({ alg: "RS256", kid: "test-1" })
        .setSubject(sub)
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? TEST_CLIENT_ID)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(options.foreignKey ? foreign.privateKey : own.privateKey);
    },
  };
};

import { importJWK, SignJWT } from "jose";
import { accountClaims, findDemoAccount } from "./demo-accounts.ts";
import { ID_TOKEN_TTL_SECONDS, IDENTITY_MOUNT, SHOP_CLIENT_ID } from "./identity-provider.ts";
import type { ProviderKeys } from "./provider-keys.ts";

/**
 * Signs an id token of the development identity provider at `origin` (issuer `{origin}/oidc`) for `accountId` at `now`
 * with its signing key, so it verifies through its JWKS as a login's does; a demo account's claims included. spec §6.
 */
export const mintDevelopmentIdToken = async (keys: ProviderKeys, origin: string, accountId: string, now: Date): Promise<string> => {
  const [signing] = keys.signing;
  if (!signing?.alg || !signing.kid) throw new Error("the development identity provider has no signing key");
  const account = findDemoAccount(accountId);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(account ? accountClaims(account) : {})
    .setProtectedHeader({ alg: signing.alg, kid: signing.kid })
    .setIssuer(`${origin}${IDENTITY_MOUNT}`)
    .setAudience(SHOP_CLIENT_ID)
    .setSubject(accountId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ID_TOKEN_TTL_SECONDS)
    .sign(await importJWK(signing, signing.alg));
};

import type { OidcSettings } from "./oidc-single-sign-on.ts";

/** Build-time variables of single sign-on (Vite `VITE_OIDC_*`); docs/web-app-ports.md. */
export interface OidcEnv {
  readonly VITE_OIDC_AUTHORITY?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  readonly VITE_OIDC_ACCOUNT_URL?: string;
  readonly VITE_OIDC_ACCOUNT_API_URL?: string;
  readonly VITE_OIDC_SCOPE?: string;
}

/**
 * OidcSettings from the build's environment and the page origin: null unless VITE_OIDC_AUTHORITY and
 * VITE_OIDC_CLIENT_ID are set (then single sign-on is unavailable). Callback pages: {origin}/login (redirect and
 * silent check) and {origin}/ after logout; account page default {authority}/account, account API default {authority}/api/account.
 */
export const oidcSettingsFromEnv = (env: OidcEnv, origin: string): OidcSettings | null => {
  const authority = env.VITE_OIDC_AUTHORITY?.replace(/\/+$/, "");
  const clientId = env.VITE_OIDC_CLIENT_ID;
  if (!authority || !clientId) return null;
  return {
    authority,
    clientId,
    redirectUri: `${origin}/login`,
    postLogoutRedirectUri: `${origin}/`,
    silentRedirectUri: `${origin}/login`,
    ...(env.VITE_OIDC_SCOPE ? { scope: env.VITE_OIDC_SCOPE } : {}),
    accountUrl: env.VITE_OIDC_ACCOUNT_URL ?? `${authority}/account`,
    accountApiUrl: env.VITE_OIDC_ACCOUNT_API_URL ?? `${authority}/api/account`,
  };
};

/**
 * Single sign-on settings (spec §4 Login state, §6): the provider, client, callbacks, scope, account page and account
 * API base.
 */
export interface OidcSettings {
  readonly authority: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;
  /** Page answering the hidden session-check iframe; without it checkSession reads the stored user only. */
  readonly silentRedirectUri?: string;
  readonly scope?: string;
  readonly accountUrl: string;
  readonly accountApiUrl: string;
}

/** Build-time variables of single sign-on (Vite `VITE_OIDC_*`); docs/web-app-ports.md. */
export interface OidcEnv {
  readonly VITE_OIDC_AUTHORITY?: string;
  readonly VITE_OIDC_CLIENT_ID?: string;
  readonly VITE_OIDC_ACCOUNT_URL?: string;
  readonly VITE_OIDC_ACCOUNT_API_URL?: string;
  readonly VITE_OIDC_SCOPE?: string;
  readonly VITE_OIDC_SILENT_CHECK?: string;
}

/** The reference server's development identity provider: issuer `{origin}/oidc`, public client `festival-shop` (README "Single sign-on"). */
export const DEFAULT_OIDC_AUTHORITY_PATH = "/oidc";
/** Client id of the web app at the development identity provider. */
export const DEFAULT_OIDC_CLIENT_ID = "festival-shop";

/**
 * OidcSettings from the build's environment and the page origin: the development provider at `{origin}/oidc` by
 * default, VITE_OIDC_AUTHORITY `off` for none (null).
 */
export const oidcSettingsFromEnv = (env: OidcEnv, origin: string): OidcSettings | null => {
  const configured = env.VITE_OIDC_AUTHORITY?.trim();
  if (configured === "off") return null;
  const raw = (configured || DEFAULT_OIDC_AUTHORITY_PATH).replace(/\/+$/, "");
  const authority = raw.startsWith("/") ? `${origin}${raw}` : raw;
  const clientId = env.VITE_OIDC_CLIENT_ID?.trim() || DEFAULT_OIDC_CLIENT_ID;
  if (!/^https?:\/\//.test(authority)) return null;
  return {
    authority,
    clientId,
    redirectUri: `${origin}/login`,
    postLogoutRedirectUri: `${origin}/`,
    ...(env.VITE_OIDC_SILENT_CHECK === "on" ? { silentRedirectUri: `${origin}/login` } : {}),
    ...(env.VITE_OIDC_SCOPE ? { scope: env.VITE_OIDC_SCOPE } : {}),
    accountUrl: env.VITE_OIDC_ACCOUNT_URL ?? `${authority}/account`,
    accountApiUrl: env.VITE_OIDC_ACCOUNT_API_URL ?? `${authority}/api/account`,
  };
};

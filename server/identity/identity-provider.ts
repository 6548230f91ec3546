import Provider, { type AdapterFactory, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { JSONWebKeySet } from "jose";
import { paymentPageLocale } from "../payments/test-payment-page.ts";
import { accountClaims, findDemoAccount } from "./demo-accounts.ts";
import { logoutPage } from "./identity-pages.ts";
import { publicSigningKeys, type ProviderKeys } from "./provider-keys.ts";

/** Path the development identity provider is mounted under on the shop's own origin (issuer `{origin}/oidc`). */
export const IDENTITY_MOUNT = "/oidc";

/** Client id of the web app (public client: no secret, PKCE required). The web app's VITE_OIDC_CLIENT_ID default. */
export const SHOP_CLIENT_ID = "festival-shop";

/** How long an id token of the development provider is valid, in seconds (its `exp` is `iat` plus this). spec §6. */
export const ID_TOKEN_TTL_SECONDS = 3600;

/**
 * Settings of one identity provider instance: the origin the browser uses (issuer `{origin}/oidc`, the app's /login
 * callback and / after logout), its keys (provider-keys.ts: the same in every process) and where its state lives
 * (provider-state-store.ts: the database, shared by every process).
 */
export interface IdentityProviderSettings {
  readonly origin: string;
  readonly keys: ProviderKeys;
  readonly adapter: AdapterFactory;
}

/** The public part (kty, n, e, kid, alg, use) of the development provider's signing keys `keys`: what its /oidc/jwks publishes and what the Shop API verifies x-user-token against. spec §6. */
export const developmentPublicKeys = async (keys: ProviderKeys): Promise<JSONWebKeySet> => publicSigningKeys(keys);

/** The locale of a provider page from the request: the shop's locale cookie, then Accept-Language (spec §1). */
const pageLocale = (ctx: KoaContextWithOIDC) =>
  paymentPageLocale({ cookieHeader: ctx.get("cookie") || undefined, acceptLanguage: ctx.get("accept-language") || undefined });

/**
 * The development identity provider's oidc-provider configuration: the web app as a public PKCE client, the demo
 * accounts, profile claims in the id token (spec §3 prefill) and our own login and logout pages.
 */
export const identityConfiguration = (settings: IdentityProviderSettings): Configuration => ({
  clients: [
    {
      client_id: SHOP_CLIENT_ID,
      client_name: "Festival shop",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
      redirect_uris: [`${settings.origin}/login`],
      post_logout_redirect_uris: [`${settings.origin}/`],
    },
  ],
  adapter: settings.adapter,
  jwks: { keys: [...settings.keys.signing] } as Configuration["jwks"],
  cookies: { keys: [...settings.keys.cookieKeys] },
  findAccount: (_ctx, sub) => {
    const account = findDemoAccount(sub);
    return account ? { accountId: account.accountId, claims: () => accountClaims(account) as { sub: string } } : undefined;
  },
  claims: {
    openid: ["sub"],
    email: ["email", "email_verified"],
    profile: ["name", "given_name", "family_name", "gender", "birthdate"],
    phone: ["phone_number", "phone_number_verified"],
    address: ["address"],
  },
  scopes: ["openid", "email", "profile", "phone", "address"],
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  // Seconds: a login form is good for 10 minutes, tokens for an hour, the provider session and grant for 14 days.
  ttl: { Interaction: 600, AccessToken: 3600, IdToken: ID_TOKEN_TTL_SECONDS, AuthorizationCode: 60, Session: 14 * 86_400, Grant: 14 * 86_400 },
  interactions: { url: (_ctx, interaction) => `${IDENTITY_MOUNT}/interaction/${interaction.uid}` },
  // The shop is this provider's own first-party client: its consent is implied, no consent screen.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
    grant.addOIDCScope("openid email profile phone address");
    await grant.save();
    return grant;
  },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: {
      enabled: true,
      logoutSource: async (ctx, form) => {
        ctx.type = "html";
        ctx.body = logoutPage({ form, locale: pageLocale(ctx) });
      },
    },
  },
  renderError: async (ctx, out) => {
    ctx.type = "html";
    const locale = pageLocale(ctx);
    const text = Object.values(out).map((v) => String(v).replace(/[&<>"']/g, "")).join(": ");
    ctx.body = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>Error</h1><p>${text}</p><p><a href="/">Festival shop</a></p></main></body></html>`;
  },
});

/** Builds the identity provider of `settings.origin` (issuer `{origin}/oidc`). */
export const createIdentityProvider = (settings: IdentityProviderSettings): Provider => new Provider(`${settings.origin}${IDENTITY_MOUNT}`, identityConfiguration(settings));

/** What every identity provider of one server shares: keys, state store, whether forwarded headers count (TRUST_PROXY), and where its errors are logged. */
export interface IdentityProvidersOptions {
  readonly publicOrigin?: string;
  readonly keys: ProviderKeys;
  readonly adapter: AdapterFactory;
  /**
   * True when the server trusts a proxy (TRUST_PROXY set): the provider then reads the scheme and host from
   * X-Forwarded-Proto/-Host (Koa's `proxy`), which the identity routes set from Fastify's verdict on the peer, so its
   * cookies are `Secure` and its redirects https behind an https proxy.
   */
  readonly proxy: boolean;
  /** Logs an error of the provider (its `server_error` event): the error alone, never the request. */
  readonly logError: (error: Error) => void;
}

/** Identity providers per browser origin (the issuer must be the origin the browser sees: localhost or 127.0.0.1, any port). */
export const identityProviders = (options: IdentityProvidersOptions) => {
  const byOrigin = new Map<string, Provider>();
  return {
    /** The provider of the request's origin (or the configured public origin). */
    forOrigin(requestOrigin: string): Provider {
      const origin = options.publicOrigin ?? requestOrigin;
      let provider = byOrigin.get(origin);
      if (!provider) {
        provider = createIdentityProvider({ origin, keys: options.keys, adapter: options.adapter });
        provider.proxy = options.proxy;
        provider.on("server_error", (_ctx, error) => options.logError(error));
        byOrigin.set(origin, provider);
      }
      return provider;
    },
  };
};

/** The per-origin identity providers of one server. */
export type IdentityProviders = ReturnType<typeof identityProviders>;

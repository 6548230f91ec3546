import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { ACCOUNT_API_BODY_LIMIT_BYTES, ACCOUNT_API_SCOPES, NewsletterBody, WishlistBody } from "../../domain/account-api.schema.ts";
import { paymentPageLocale } from "../payments/test-payment-page.ts";
import { findWishlist, recordNewsletterSignup, saveWishlist } from "../identity/account-store.ts";
import { authenticateDemoAccount, findDemoAccount } from "../identity/demo-accounts.ts";
import { accountPage, loginPage } from "../identity/identity-pages.ts";
import { IDENTITY_MOUNT, type IdentityProviders } from "../identity/identity-provider.ts";
import type { LoginThrottle } from "../identity/login-throttle.ts";
import { errorBody } from "./api-error.ts";
import { AccessTokenMissing, ScopeInsufficient } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

/** The browser origin of a request: the configured public origin, else scheme and Host of the request. */
const requestOrigin = (deps: RouteDeps, request: FastifyRequest): string => deps.publicOrigin ?? `${request.protocol}://${request.host}`;

const unauthorized = () => new AccessTokenMissing({ code: "login.required", message: "Log in first: this call needs a valid access token." });
const insufficientScope = (scope: string) => new ScopeInsufficient({ code: "scope.insufficient", message: `This call needs an access token with the scope '${scope}'; log in again.` });

const LoginForm = Schema.Struct({ email: Schema.String, password: Schema.String });
const WishlistParams = Schema.Struct({ eventId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)), year: Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 2000, maximum: 2100 })) });

/**
 * The development identity provider under /oidc (README "Single sign-on"): oidc-provider's endpoints, our login page
 * and the account API (docs/web-app-ports.md), with a throttled login form. spec §6, §7.
 */
/** oidc-provider's endpoints under the mount (its default route paths: discovery, authorization and resume, token and its introspection and revocation, jwks, userinfo, end session, PAR, registration, device, CIBA). */
const PROVIDER_PATHS = /^\/(\.well-known\/openid-configuration|auth|token|jwks|me|session\/end|request|reg|device|backchannel)(\/|$)/;

export const identityRoutes = (deps: RouteDeps, providers: IdentityProviders, throttle: LoginThrottle) => async (app: FastifyInstance) => {
  const providerOf = (request: FastifyRequest) => providers.forOrigin(requestOrigin(deps, request));

  // The provider reads the scheme, host and client of a request from the forwarded headers when a proxy is trusted
  // (TRUST_PROXY, its `proxy`). It cannot tell a trusted peer from another, so they are set to Fastify's verdict,
  // which honours TRUST_PROXY's addresses: an https proxy gives Secure cookies and https redirects, a forged header
  // from an untrusted peer gives nothing.
  app.addHook("onRequest", async (request) => {
    request.raw.headers["x-forwarded-proto"] = request.protocol;
    request.raw.headers["x-forwarded-host"] = request.host;
    request.raw.headers["x-forwarded-for"] = request.ip;
  });

  /** The account of the request's bearer access token (oidc-provider's AccessToken store), else 401; 403 when the token was not granted `scope`. */
  const accountOf = async (request: FastifyRequest, scope: string) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (!match) throw unauthorized();
    const token = await providerOf(request).AccessToken.find(match[1]!);
    const account = token?.accountId ? findDemoAccount(token.accountId) : undefined;
    if (!token || !account) throw unauthorized();
    if (!(token.scope ?? "").split(" ").includes(scope)) throw insufficientScope(scope);
    return account;
  };

  // The provider's own endpoints: handed the raw request before Fastify parses a body (the token endpoint reads its
  // form body itself); req.url loses the mount path and originalUrl keeps it, as the library expects when mounted.
  const callbacks = new WeakMap<object, ReturnType<ReturnType<IdentityProviders["forOrigin"]>["callback"]>>();
  const toProvider = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Only the provider's own endpoints reach it. Anything else under the mount (our account API or login pages with a
    // path none of their routes matched: an unknown path, a parameter over the router's length limit, `..`) gets the
    // API's 404 envelope, not the provider's text page.
    const pathname = (request.raw.url ?? "").split("?")[0]!;
    if (!PROVIDER_PATHS.test(pathname.slice(IDENTITY_MOUNT.length))) {
      void reply.code(404).send(errorBody("not.found", `No route for ${request.method} ${pathname.slice(0, 200)}.`));
      return;
    }
    const provider = providerOf(request);
    let callback = callbacks.get(provider);
    if (!callback) {
      callback = provider.callback();
      callbacks.set(provider, callback);
    }
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(IDENTITY_MOUNT.length) || "/";
    void callback(raw, reply.raw);
    void done;
  };
  app.route({
    method: ["GET", "POST", "OPTIONS", "DELETE", "PUT"],
    url: `${IDENTITY_MOUNT}/*`,
    onRequest: toProvider,
    handler: async () => undefined,
  });

  await app.register(async (forms) => {
    // The login form's post is the one form body of the provider (encapsulated here, as the test payment page does).
    await forms.register(formbody);
    const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    const localeOf = (request: FastifyRequest) =>
      paymentPageLocale({ cookieHeader: request.headers.cookie, acceptLanguage: request.headers["accept-language"] });

    forms.get<{ Params: { uid: string } }>(`${IDENTITY_MOUNT}/interaction/:uid`, async (request, reply) => {
      const details = await providerOf(request).interactionDetails(request.raw, reply.raw);
      return noStore(reply).send(loginPage({ action: `${IDENTITY_MOUNT}/interaction/${encodeURIComponent(details.uid)}/login`, locale: localeOf(request) }));
    });

    // The account page the shop's profile menu opens (spec §6 account editing): the account of the provider's session.
    forms.get(`${IDENTITY_MOUNT}/account`, async (request, reply) => {
      const provider = providerOf(request);
      const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
      const account = session.accountId ? (findDemoAccount(session.accountId) ?? null) : null;
      // Back to the shop page the visitor came from (same origin only), else the event chooser.
      const origin = requestOrigin(deps, request);
      const referer = request.headers.referer;
      const back = referer?.startsWith(`${origin}/`) && !referer.startsWith(`${origin}${IDENTITY_MOUNT}/`) ? referer.slice(origin.length) : "/";
      return noStore(reply).send(accountPage({ account, locale: localeOf(request), back }));
    });

    forms.post<{ Params: { uid: string } }>(`${IDENTITY_MOUNT}/interaction/:uid/login`, async (request, reply) => {
      const provider = providerOf(request);
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const form = decodeOrThrow(LoginForm, request.body, "login form");
      const action = `${IDENTITY_MOUNT}/interaction/${encodeURIComponent(details.uid)}/login`;
      // Too many wrong passwords for this account or from this client: not even the right one is tried until it waits.
      const waitSeconds = await throttle.waitSeconds(form.email, request.ip);
      if (waitSeconds > 0) {
        const page = loginPage({ action, locale: localeOf(request), throttledMinutes: Math.ceil(waitSeconds / 60), email: form.email });
        return noStore(reply).code(429).header("retry-after", String(waitSeconds)).send(page);
      }
      const account = authenticateDemoAccount(form.email, form.password);
      if (!account) {
        await throttle.failed(form.email, request.ip);
        return noStore(reply).code(401).send(loginPage({ action, locale: localeOf(request), failed: true, email: form.email }));
      }
      await throttle.succeeded(form.email, request.ip);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: account.accountId } }, { mergeWithLastSubmission: false });
      return reply.code(303).header("location", returnTo).send();
    });
  });

  app.get<{ Params: { eventId: string; year: string } }>(`${IDENTITY_MOUNT}/api/account/wishlists/:eventId/:year`, async (request, reply) => {
    const account = await accountOf(request, ACCOUNT_API_SCOPES.wishlists);
    const { eventId, year } = decodeOrThrow(WishlistParams, request.params, "wishlist");
    const preferences = await findWishlist(deps.db, account.accountId, eventId, year);
    if (!preferences) return reply.code(404).send({ error: { code: "wishlist.not.found", message: "No wishlist is saved for this event and year." } });
    return reply.header("cache-control", "no-store").send({ data: { eventId, year, preferences } });
  });

  app.put<{ Params: { eventId: string; year: string } }>(`${IDENTITY_MOUNT}/api/account/wishlists/:eventId/:year`, { bodyLimit: ACCOUNT_API_BODY_LIMIT_BYTES }, async (request, reply) => {
    const account = await accountOf(request, ACCOUNT_API_SCOPES.wishlists);
    const { eventId, year } = decodeOrThrow(WishlistParams, request.params, "wishlist");
    const body = decodeOrThrow(WishlistBody, request.body, "wishlist");
    // Stored as sent on the wire (totalAmount in euros): encode back what was decoded (cents inside).
    const { preferences } = Schema.encodeSync(WishlistBody)(body);
    await saveWishlist(deps.db, account.accountId, eventId, year, preferences, deps.clock());
    return reply.code(204).send();
  });

  app.get(`${IDENTITY_MOUNT}/api/account/membership`, async (request, reply) => {
    const account = await accountOf(request, ACCOUNT_API_SCOPES.membership);
    return reply.header("cache-control", "no-store").send({ data: account.membership });
  });

  app.post<{ Querystring: Record<string, string> }>(`${IDENTITY_MOUNT}/api/account/newsletter`, { bodyLimit: ACCOUNT_API_BODY_LIMIT_BYTES }, async (request, reply) => {
    const account = await accountOf(request, ACCOUNT_API_SCOPES.newsletter);
    const body = decodeOrThrow(NewsletterBody, request.body ?? {}, "newsletter signup");
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : undefined;
    await recordNewsletterSignup(deps.db, account.accountId, { email: body.email ?? account.email, ...(query ? { query } : {}) }, deps.clock());
    return reply.code(204).send();
  });
};

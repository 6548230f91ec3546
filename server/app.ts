import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import helmet from "helmet";
import compress from "@fastify/compress";
import { sweepExpiredCarts } from "./cart/cart-store.ts";
import { makeCartGuard } from "./cart/cart-guard.ts";
import { makeCartService } from "./cart/cart-service.ts";
import type { Db } from "./db/database.ts";
import { errorBody } from "./http/api-error.ts";
import { failureAnswer, isServerFailure } from "./http/failure-status.ts";
import { crossSiteRefused } from "./http/http.errors.ts";
import { clientRateLimitHook } from "./http/client-rate-limit.ts";
import { sharedLimit, type CounterStore } from "./cluster/shared-limits.ts";
import { orderLookupLimit, orderLookupLimitsFromEnv, type OrderLookupLimits } from "./orders/order-lookup-limit.ts";
import { adyenNotificationRoutes, adyenReturnRoutes } from "./http/adyen-routes.ts";
import { apiRoutes, requestOrigin } from "./http/api-routes.ts";
import { hotelCartRoutes } from "./http/hotel-cart-routes.ts";
import { orderLookupRoutes } from "./http/order-lookup-routes.ts";
import { addOnWaitingListRoutes } from "./http/add-on-waiting-list-routes.ts";
import { sweepAddOnWaitingLines } from "./travel/add-on-waiting-list.ts";
import { accountRoutes } from "./http/account-routes.ts";
import type { RouteDeps } from "./http/route-deps.ts";
import { inProcessRequests } from "./http/in-process-fetch.ts";
import { firstScreenValidators, personalAnswersPrivate } from "./http/http-caching.ts";
import { type PageRenderer, SSR_TIME_LIMIT_MS } from "./http/page-rendering.ts";
import { siteRoutes, siteSettingsFromEnv } from "./http/site-routes.ts";
import { COMPRESS_OPTIONS, registerStaticSite } from "./http/static-site.ts";
import { connectSharedState } from "./cluster/shared-state.ts";
import { appPageIn } from "./http/spa-routes.ts";
import { transportRequestRoutes } from "./http/transport-request-routes.ts";
import { travelApiRoutes } from "./http/travel-api-routes.ts";
import { voucherRoutes } from "./http/voucher-routes.ts";
import { shippingRoutes } from "./http/shipping-routes.ts";
import { testPaymentRoutes } from "./http/test-payment-routes.ts";
import { providerStateRoutes, providerStatesEnabled } from "./http/provider-state-routes.ts";
import { developmentUserTokens, type ProviderStateUserTokens } from "./contract-states/contract-states.ts";
import { waitingRoomRoutes, type WaitingRoomOptions } from "./http/waiting-room-routes.ts";
import { queueTokenSettingsFromEnv } from "./queue/queue-settings.ts";
import { sweepUsedQueueTokens, type QueueTokenSettings } from "./queue/queue-tokens.ts";
import { paymentProviderRegistry, type PaymentProvider } from "./payments/payment-provider.port.ts";
import { testPaymentProvider } from "./payments/test-payment-provider.ts";
import { DEFAULT_PERSONAL_DATA_RETENTION_DAYS, DEFAULT_TIMEOUTS, fastifyTrustProxy, identityProviderAllowed, type ServerTimeouts, type TrustProxy } from "./server-settings.ts";
import { clientErrorAnswer } from "./http/client-errors.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { forgetExpiredPersonalData, forgetOldTransportRequests } from "./cart/personal-data.ts";
import { identityRoutes } from "./http/identity-routes.ts";
import { developmentPublicKeys, identityProviders, SHOP_CLIENT_ID } from "./identity/identity-provider.ts";
import { createLoginThrottle, sweepLoginThrottle, type LoginThrottleSettings } from "./identity/login-throttle.ts";
import { loadProviderKeys, type ProviderKeys } from "./identity/provider-keys.ts";
import { drizzleProviderAdapter, sweepExpiredProviderState } from "./identity/provider-state-store.ts";
import { redactingLogger } from "./http/log-redaction.ts";
import { OneLinePerRequest } from "./http/request-log.ts";
import underPressure from "@fastify/under-pressure";
import { loadSheddingOptions, loadSheddingSettingsFromEnv, type LoadSheddingSettings } from "./http/load-shedding.ts";
import { poolWaitOf } from "./db/pool-load.ts";
import { userTokenVerifier, type UserTokenVerifier } from "./identity/user-token.ts";
import { userIdentityHook } from "./http/user-identity.ts";
import { forgetOldMail } from "./mail/mail-outbox.ts";
import type { MailTransport } from "./mail/mail.port.ts";
import { startOutboxWorker } from "./mail/outbox-worker.ts";

/**
 * The server entry's render function (ui/entry-server.tsx, built by `vite build --ssr` into `{staticDir}/.ssr/`), or
 * undefined when the build has none (a plain `vite build`) or it does not load (logged): pages are then the plain app page.
 */
const loadPageRenderer = async (staticDir: string, log: FastifyBaseLogger): Promise<PageRenderer | undefined> => {
  const entry = path.join(staticDir, ".ssr", "entry-server.js");
  if (!existsSync(entry)) return undefined;
  try {
    const module = (await import(pathToFileURL(entry).href)) as { render?: PageRenderer };
    return module.render;
  } catch (error) {
    log.error({ err: error }, "the server entry of the build does not load; app pages are not server-rendered");
    return undefined;
  }
};

/** Options of buildServer. Times: cartTimeoutSeconds in seconds (default 900), sweepIntervalMs in ms (default 30 000). */
export interface BuildServerOptions {
  readonly db: Db;
  /** The Vite build (dist/); served with a history-mode index.html fallback when it exists. */
  readonly staticDir?: string;
  readonly clock?: () => Date;
  readonly cartTimeoutSeconds?: number;
  /** Request and error logging (pino, redacted: log-redaction.ts): true to stdout, `{ stream }` to that stream, false (default) none. */
  readonly logger?: boolean | { readonly stream: NodeJS.WritableStream };
  /** Server rendering of app pages: default the build's server entry (dist/.ssr) when it has one; false: none; a function: that renderer (tests). */
  readonly serverRendering?: false | PageRenderer;
  /** Time limit of one page's server rendering in ms (env SSR_TIME_LIMIT_MS; default SSR_TIME_LIMIT_MS, 2000): past it the plain app page is sent. */
  readonly serverRenderingTimeLimitMs?: number;
  /** Origin the browser reaches this server under (for provider pages); default: the request's own origin. */
  readonly publicOrigin?: string;
  /** Extra origins allowed as order redirectUri; default: env ALLOWED_REDIRECT_ORIGINS (comma list). */
  readonly allowedRedirectOrigins?: ReadonlyArray<string>;
  /** Payment providers; default: the built-in `test` provider. */
  readonly paymentProviders?: ReadonlyArray<PaymentProvider>;
  /** Period of the expired-cart sweep in ms; 0 disables it. */
  readonly sweepIntervalMs?: number;
  /**
   * Which peers' X-Forwarded-For/-Proto/-Host count (env TRUST_PROXY, server-settings.ts parseTrustProxy): a hop count
   * or proxy addresses. Default false: the client is the socket address, so no limit can be dodged with a forged header.
   */
  readonly trustProxy?: TrustProxy;
  /** Timeouts against slow clients (server-settings.ts ServerTimeouts); default DEFAULT_TIMEOUTS. */
  readonly timeouts?: Partial<ServerTimeouts>;
  /**
   * Seconds after its expiry that an expired, unpaid cart keeps its checkout details; the sweep then deletes them
   * (env PERSONAL_DATA_RETENTION_DAYS). Default 30 days.
   */
  readonly personalDataRetentionSeconds?: number;
  /**
   * Per-client rate limit of the API (requests per window, default a minute, per client address; shared-limits.ts, in
   * Redis when it is configured); false turns it off (tests, benchmarks). Default: env RATE_LIMIT_PER_MINUTE or 1200.
   */
  readonly rateLimit?: false | { readonly max: number; readonly timeWindowMs?: number };
  /** Order lookups that miss, allowed per hour per client address and per order number; default env ORDER_LOOKUPS_PER_IP_PER_HOUR, ORDER_LOOKUPS_PER_ORDER_PER_HOUR. */
  readonly orderLookups?: OrderLookupLimits;
  /** Worker processes on this machine (WORKERS): while Redis is away, each allows its share of the order lookup limits. Default 1. */
  readonly workers?: number;
  /**
   * The development identity provider under /oidc with its account API (README "Single sign-on"); default
   * identityProviderAllowed(process.env): on outside production unless IDENTITY_PROVIDER=off, in production only with
   * IDENTITY_PROVIDER=enabled.
   */
  readonly identityProvider?: boolean;
  /**
   * How x-user-token is verified (spec §6): default OIDC_ISSUER's keys (discovery) for the client OIDC_CLIENT_ID
   * (default `festival-shop`), else the development identity provider's own keys when it runs; false: no trusted
   * issuer (every x-user-token answers 401).
   */
  readonly userTokens?: UserTokenVerifier | false;
  /** How payment queue tokens are signed and verified; default queueTokenSettingsFromEnv (QUEUE_TOKEN_SECRET, QUEUE_TOKEN_TTL_SECONDS). spec §7 POST /carts. */
  readonly queueTokens?: QueueTokenSettings;
  /** The waiting room GET /queue/{slug} (admissions per minute, Redis or the database); default env QUEUE_ADMIT_PER_MINUTE, REDIS_URL, REDIS_KEY_PREFIX. */
  readonly waitingRoom?: WaitingRoomOptions;
  /** POST /_pact/provider-states (contract verification only); default providerStatesEnabled(process.env): PACT_PROVIDER_STATES=enabled outside production. */
  readonly providerStates?: boolean;
  /**
   * The development identity provider's login throttle limits (login-throttle.ts: per account and address pair, per
   * address); default the built-in limits. Counted in the shared Redis when there is one, else in the database.
   */
  readonly loginThrottle?: Pick<LoginThrottleSettings, "perAccountAndIp" | "perIp">;
  /**
   * Redis shared by the workers (docs/deployment.md "What Redis holds"); default env REDIS_URL, keys under
   * REDIS_KEY_PREFIX; false or unset: this process's memory. Start fails when Redis does not answer.
   */
  readonly redisUrl?: string | false;
  /**
   * Whether an anonymous client's holds count per client address toward the per-client cap (domain clientHoldCap);
   * default env HOLD_CAP_PER_ADDRESS, on unless `off` or provider states are on. A logged-in client's count per account.
   */
  readonly holdCapPerAddress?: boolean;
  /**
   * How the Pact provider states mint an x-user-token for an account; default the development identity provider's
   * minter when it is the trusted issuer (no OIDC_ISSUER, no userTokens), else none: states with an account fail.
   */
  readonly providerStateUserTokens?: ProviderStateUserTokens;
  /**
   * The mail outbox worker of this process (docs/mail.md): the transport, the sender (MAIL_FROM), the origin of the
   * mails' links, and optionally its poll interval and lease in ms. Absent: this process sends no mail (the outbox
   * still records it).
   */
  readonly mail?: { readonly transport: MailTransport; readonly from: string; readonly origin: string; readonly pollIntervalMs?: number; readonly leaseMs?: number };
  /** Load shedding of API calls (http/load-shedding.ts): default the env settings over the database pool's estimated wait (ms); false: none. */
  readonly loadShedding?: false | { readonly settings?: LoadSheddingSettings; readonly poolWait?: () => number };
}

/**
 * The default x-user-token verifier: OIDC_ISSUER (discovered) when set, else the development identity provider's keys
 * when it runs here (issuer `{publicOrigin or request origin}/oidc`), else none. Audience OIDC_CLIENT_ID or `festival-shop`.
 */
const defaultUserTokens = (env: Readonly<Record<string, string | undefined>>, identityKeys: ProviderKeys | undefined, publicOrigin: string | undefined): UserTokenVerifier | undefined => {
  const clientId = env["OIDC_CLIENT_ID"] || SHOP_CLIENT_ID;
  const issuer = env["OIDC_ISSUER"]?.trim();
  if (issuer) return userTokenVerifier({ kind: "discovered", issuer }, clientId);
  if (identityKeys) return userTokenVerifier({ kind: "development", publicKeys: () => developmentPublicKeys(identityKeys), ...(publicOrigin ? { publicOrigin } : {}) }, clientId);
  return undefined;
};

/** Strict-Transport-Security value: 180 days, subdomains included. */
const HSTS = "max-age=15552000; includeSubDomains";

/** Methods a cross-site page may not use on this server (everything but reads). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for a write (POST, PUT, PATCH, DELETE) a browser sent from another site (Sec-Fetch-Site: cross-site). */
export const crossSiteWrite = (method: string, secFetchSite: string | string[] | undefined): boolean =>
  !SAFE_METHODS.has(method) && secFetchSite === "cross-site";

/** Demo images (hero, logos) shipped with the server, served under /assets/. */
export const PUBLIC_DIR = fileURLToPath(new URL("./public", import.meta.url));

/** CSP for a Vite-built React SPA plus the test payment page. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** Origins (scheme://host[:port]) of a comma list such as ALLOWED_REDIRECT_ORIGINS; entries that are no URL are kept as written. */
export const parseOrigins = (text: string | undefined): string[] =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        return new URL(s).origin;
      } catch {
        return s;
      }
    });

/**
 * Builds the reference Shop API v2 server (docs/shop-api.md): /api/v2 calls, the test payment provider, security
 * headers, demo assets and the SPA. Expected failures answer `{error:{code,message}}` 4xx; only bugs answer 500 '1000'.
 */
export const buildServer = async (options: BuildServerOptions): Promise<FastifyInstance> => {
  const clock = options.clock ?? (() => new Date());
  const cartTimeoutSeconds = options.cartTimeoutSeconds ?? 900;
  const timeouts: ServerTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const publicOrigin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  const app = Fastify({
    logger: options.logger === true ? redactingLogger() : options.logger ? redactingLogger(options.logger.stream) : false,
    // One log line per answered request (request-log.ts), not Fastify's two.
    logController: new OneLinePerRequest(),
    // Router-level refusals (malformed %-escape 400, over-long path parameter 414) skip setErrorHandler; keep the envelope.
    frameworkErrors: (error, _request, reply) => void (reply as FastifyReply).code(error.statusCode ?? 400).send(errorBody("request.invalid", error.message)),
    // What Node's parser refuses (malformed 400, headers 431, too slow 408) answers in the envelope too.
    clientErrorHandler: clientErrorAnswer,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks the request and headers timeouts every connectionsCheckingInterval (its default is slower than our timeouts): check often enough.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 2))) },
  });
  // A close ends each keep-alive connection once its last answer is sent: Node closes the idle ones when the close
  // starts, and one still answering then would otherwise stay open, and the close wait, until its keep-alive timeout.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
  const identityProvider = options.identityProvider ?? identityProviderAllowed(process.env);
  // The development provider's keys: from the settings or the database, the same in every process (provider-keys.ts).
  const identityKeys = identityProvider ? await loadProviderKeys(options.db, process.env) : undefined;
  const userTokens = options.userTokens === false ? undefined : (options.userTokens ?? defaultUserTokens(process.env, identityKeys, publicOrigin));
  const providers = paymentProviderRegistry(options.paymentProviders ?? [testPaymentProvider(publicOrigin)]);
  // The one cart guard (lock, shop, token, owner, expiry, changeable, gates, lost races) of every cart call. spec §4, §6.
  const cartGuard = makeCartGuard({ db: options.db, clock });
  const carts = makeCartService({ db: options.db, clock, cartTimeoutSeconds, providers, guard: cartGuard });
  const queueTokens = options.queueTokens ?? queueTokenSettingsFromEnv(process.env);
  const sharedRedisUrl = options.redisUrl === false ? undefined : options.redisUrl || process.env["REDIS_URL"]?.trim() || undefined;
  const sharedKeyPrefix = process.env["REDIS_KEY_PREFIX"]?.trim() || "festival-shop:";
  const siteSettings = siteSettingsFromEnv();
  const shared = sharedRedisUrl
    ? await connectSharedState({ redisUrl: sharedRedisUrl, keyPrefix: sharedKeyPrefix, db: options.db, ...(siteSettings.notice ? { initialNotice: siteSettings.notice } : {}), warn: (message) => app.log.warn(message) })
    : undefined;
  if (shared) app.addHook("onClose", () => shared.close());
  // The counters of every per-client limit: Redis, shared by the workers, when there is one; else this process's own.
  const counters: CounterStore = shared ? { kind: "redis", redis: shared.commands, keyPrefix: sharedKeyPrefix } : { kind: "memory" };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isServerFailure(error)) {
      const answer = failureAnswer(error);
      return reply.code(answer.status).send(answer.body);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL away (restart, stop, terminated backends): a retryable 503; the pool reconnects once it is back.
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send(errorBody("service.unavailable", "The shop is briefly unavailable; try again in a moment."));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody("request.invalid", error.message));
    request.log.error(error);
    return reply.code(500).send(errorBody("1000", "Something went wrong, try again."));
  });

  // Security headers on every answer. The helmet middleware is built once here (@fastify/helmet rebuilt it, parsing the
  // CSP again, on every request) and applied to the raw response before any route runs.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    // HSTS when the shop's public origin is https, or this request came over https (directly, or X-Forwarded-Proto
    // from a trusted proxy); browsers ignore it over plain http, and localhost development stays on http.
    if (publicOrigin?.startsWith("https:") || request.protocol === "https") reply.header("strict-transport-security", HSTS);
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // A browser write from another site (a cross-site form post; no API call allows CORS) is refused before any route.
  app.addHook("onRequest", (request, _reply, done) => done(crossSiteWrite(request.method, request.headers["sec-fetch-site"]) ? crossSiteRefused() : undefined));
  // Compression (brotli, gzip) and the validators of the first screen's API reads; both before any route (http-caching.ts).
  app.addHook("onSend", firstScreenValidators);
  // An API answer to a request carrying a cart, upgrade, user or policy header is that visitor's: never in a shared cache.
  app.addHook("onSend", personalAnswersPrivate);
  await app.register(compress, COMPRESS_OPTIONS);
  // Form bodies (application/x-www-form-urlencoded) are parsed on the test payment page's own post only (test-payment-routes.ts).
  const rateLimitOption = options.rateLimit ?? { max: Number(process.env["RATE_LIMIT_PER_MINUTE"] ?? 1200) };
  // Server rendering reads the first screen's data from this server in-process: those reads are made for a
  // visitor's page request, not by a client, so they do not count against the client limit.
  const inProcess = inProcessRequests(app);
  // While Redis is slow or away each worker counts the whole limit itself (the shop keeps selling, still limited).
  const apiLimit =
    rateLimitOption === false
      ? undefined
      : sharedLimit("rate_limit", { points: rateLimitOption.max, durationSeconds: Math.max(1, Math.round((rateLimitOption.timeWindowMs ?? 60_000) / 1000)) }, counters);
  const lookupLimit = orderLookupLimit(options.orderLookups ?? orderLookupLimitsFromEnv(process.env), counters, options.workers ?? 1);
  // Overload: an API call is answered 503 with Retry-After at once, before it waits for the database (load-shedding.ts).
  if (options.loadShedding !== false) {
    const shedding = options.loadShedding ?? {};
    await app.register(underPressure, loadSheddingOptions(shedding.settings ?? loadSheddingSettingsFromEnv(process.env), shedding.poolWait ?? poolWaitOf(options.db), inProcess.isInProcess));
  }
  const providerStates = options.providerStates ?? providerStatesEnabled(process.env);
  // A contract verification's calls all come from one address (provider states and verifier): per-address counting is off there.
  const holdCapPerAddress = options.holdCapPerAddress ?? (process.env["HOLD_CAP_PER_ADDRESS"]?.trim() !== "off" && !providerStates);
  const deps: RouteDeps = {
    db: options.db,
    clock,
    cartTimeoutSeconds,
    carts,
    cartGuard,
    // The server's own in-process calls are no client: their holds count nowhere.
    holdAddressOf: holdCapPerAddress ? (request) => (inProcess.isInProcess(request) ? undefined : request.ip) : () => undefined,
    providers,
    queueTokens,
    allowedRedirectOrigins: options.allowedRedirectOrigins ?? parseOrigins(process.env["ALLOWED_REDIRECT_ORIGINS"]),
    ...(publicOrigin ? { publicOrigin } : {}),
  };
  await app.register(async (api) => {
    // Rate limiting applies to the API calls only, never to the SPA's static files.
    if (apiLimit) api.addHook("onRequest", clientRateLimitHook(apiLimit, (request) => inProcess.isInProcess(request)));
    await api.register(
      async (v2) => {
        // Every Shop API call with x-user-token has it verified first: 401 user.token.invalid, never ignored (spec §6).
        v2.addHook("onRequest", userIdentityHook(userTokens, clock, (request) => publicOrigin ?? requestOrigin(request)));
        await v2.register(apiRoutes(deps));
        await v2.register(hotelCartRoutes(deps));
        await v2.register(voucherRoutes(deps));
        await v2.register(shippingRoutes(deps));
        await v2.register(orderLookupRoutes(deps, lookupLimit));
        await v2.register(addOnWaitingListRoutes(deps));
        await v2.register(accountRoutes(deps));
      },
      { prefix: "/api/v2" },
    );
    await api.register(travelApiRoutes(deps), { prefix: "/travel-api" });
    await api.register(siteRoutes(deps, shared ? { ...siteSettings, noticeStore: shared.notice } : siteSettings));
    await api.register(transportRequestRoutes(deps));
    await api.register(adyenReturnRoutes(deps));
    if (identityKeys) {
      const providers = identityProviders({
        ...(publicOrigin ? { publicOrigin } : {}),
        keys: identityKeys,
        adapter: drizzleProviderAdapter(options.db),
        proxy: (options.trustProxy ?? false) !== false,
        logError: (error) => app.log.error({ err: error }, "identity provider error"),
      });
      const loginThrottle = createLoginThrottle(options.db, { ...options.loginThrottle, ...(shared ? { redis: shared.commands, redisKeyPrefix: sharedKeyPrefix } : {}) });
      await api.register(identityRoutes(deps, providers, loginThrottle));
    }
  });
  // The waiting room is what the crowd polls (one read each): outside the per-client API rate limit.
  // A sale that needs login gives one place per account: the waiting room reads the id token cookie the web app keeps.
  const waitingRoomIdentity = userTokens ? { userIdentity: (idToken: string, request: FastifyRequest) => userTokens(idToken, publicOrigin ?? requestOrigin(request), clock()) } : {};
  await app.register(waitingRoomRoutes({ ...deps, ...waitingRoomIdentity }, options.waitingRoom));
  // Adyen's webhook is not a visitor: its HMAC decides, and it keeps working when the visitors' budget is spent.
  await app.register(adyenNotificationRoutes(deps));
  // The test provider's page exists only where the test provider is registered (never in production by default).
  if (providers.get("test")) await app.register(testPaymentRoutes({ db: options.db, clock, cartTimeoutSeconds, providers }));
  if (providerStates) {
    // The states mint x-user-tokens as the trusted issuer: the given minter, else the development provider when it is that issuer.
    const ownIssuer = identityKeys && options.userTokens === undefined && !process.env["OIDC_ISSUER"]?.trim();
    const stateTokens = options.providerStateUserTokens ?? (ownIssuer ? developmentUserTokens(identityKeys, publicOrigin, clock) : undefined);
    const noticeAdminToken = () => process.env["NOTICE_ADMIN_TOKEN"];
    await app.register(providerStateRoutes({ ...deps, ...(stateTokens ? { userTokens: stateTokens } : {}), noticeAdminToken }, inProcess.fetch));
  }

  const staticDir = options.staticDir && existsSync(path.join(options.staticDir, "index.html")) ? path.resolve(options.staticDir) : undefined;
  // The Vite build first, then server/public (whose files live under assets/); the history-mode fallback (static-site.ts)
  // answers an unknown shop or page with the app and a real 404 status (spa-routes.ts).
  // With the server entry of the build (dist/.ssr, `npm run build`), app pages come server-rendered.
  const renderPage =
    options.serverRendering === false || !staticDir ? undefined : (options.serverRendering ?? (await loadPageRenderer(staticDir, app.log)));
  const timeLimitMs = options.serverRenderingTimeLimitMs ?? (Number(process.env["SSR_TIME_LIMIT_MS"]) || SSR_TIME_LIMIT_MS);
  await registerStaticSite(app, staticDir, PUBLIC_DIR, (pathname) => appPageIn(options.db, pathname), renderPage ? { render: renderPage, timeLimitMs, fetch: inProcess.fetch } : undefined);

  const interval = options.sweepIntervalMs ?? 30_000;
  if (interval > 0) {
    const retentionSeconds = options.personalDataRetentionSeconds ?? DEFAULT_PERSONAL_DATA_RETENTION_DAYS * 86_400;
    const timer = setInterval(() => {
      sweepExpiredCarts(options.db, clock())
        .then(() => forgetExpiredPersonalData(options.db, clock(), retentionSeconds))
        .then(() => forgetOldTransportRequests(options.db, clock(), retentionSeconds))
        .then(() => sweepUsedQueueTokens(options.db, clock()))
        .then(() => sweepAddOnWaitingLines(options.db, clock()))
        .then(() => forgetOldMail(options.db, clock(), retentionSeconds))
        // The identity provider's state and login counters expire in real time (oidc-provider's and the limiter's clock).
        .then(() => (identityKeys ? sweepExpiredProviderState(options.db).then(() => sweepLoginThrottle(options.db)) : undefined))
        .catch((error: unknown) => app.log.error(error));
    }, interval);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }
  if (options.mail) {
    const mailOptions = options.mail;
    const worker = startOutboxWorker({
      db: options.db,
      clock,
      ...mailOptions,
      log: (level, fields, message) => app.log[level](fields, message),
    });
    app.addHook("onClose", () => worker.stop());
  }
  return app;
};

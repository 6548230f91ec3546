import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import formbody from "@fastify/formbody";
import helmet from "helmet";
import compress from "@fastify/compress";
import { sweepExpiredCarts } from "./cart/cart-store.ts";
import { makeCartService } from "./cart/cart-service.ts";
import type { Db } from "./db/database.ts";
import { ApiError, errorBody } from "./http/api-error.ts";
import rateLimit from "@fastify/rate-limit";
import { adyenRoutes } from "./http/adyen-routes.ts";
import { apiRoutes } from "./http/api-routes.ts";
import { hotelCartRoutes } from "./http/hotel-cart-routes.ts";
import { orderLookupRoutes } from "./http/order-lookup-routes.ts";
import type { RouteDeps } from "./http/route-deps.ts";
import { COMPRESS_OPTIONS, firstScreenValidators, registerStaticSite, siteRoutes } from "./http/site-routes.ts";
import { appPageIn } from "./http/spa-routes.ts";
import { transportRequestRoutes } from "./http/transport-request-routes.ts";
import { travelApiRoutes } from "./http/travel-api-routes.ts";
import { voucherRoutes } from "./http/voucher-routes.ts";
import { shippingRoutes } from "./http/shipping-routes.ts";
import { testPaymentRoutes } from "./http/test-payment-routes.ts";
import { providerStateRoutes } from "./http/provider-state-routes.ts";
import { paymentProviderRegistry, type PaymentProvider } from "./payments/payment-provider.port.ts";
import { testPaymentProvider } from "./payments/test-payment-provider.ts";

/** Options of buildServer. Times: cartTimeoutSeconds in seconds (default 900), sweepIntervalMs in ms (default 30 000). */
export interface BuildServerOptions {
  readonly db: Db;
  /** The Vite build (dist/); served with a history-mode index.html fallback when it exists. */
  readonly staticDir?: string;
  readonly clock?: () => Date;
  readonly cartTimeoutSeconds?: number;
  readonly logger?: boolean;
  /** Origin the browser reaches this server under (for provider pages); default: the request's own origin. */
  readonly publicOrigin?: string;
  /** Extra origins allowed as order redirectUri; default: env ALLOWED_REDIRECT_ORIGINS (comma list). */
  readonly allowedRedirectOrigins?: ReadonlyArray<string>;
  /** Payment providers; default: the built-in `test` provider. */
  readonly paymentProviders?: ReadonlyArray<PaymentProvider>;
  /** Period of the expired-cart sweep in ms; 0 disables it. */
  readonly sweepIntervalMs?: number;
  /** Send Strict-Transport-Security (only behind HTTPS, never on localhost). Default false. */
  readonly hsts?: boolean;
  /**
   * Per-client rate limit of /api (requests per minute per IP, @fastify/rate-limit); false turns it off (tests,
   * benchmarks). Default: env RATE_LIMIT_PER_MINUTE or 1200.
   */
  readonly rateLimit?: false | { readonly max: number; readonly timeWindowMs?: number };
}

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
  const app = Fastify({
    logger: options.logger ?? false,
    // Router-level refusals (malformed %-escape 400, over-long path parameter 414) skip setErrorHandler; keep the envelope.
    frameworkErrors: (error, _request, reply) => void (reply as FastifyReply).code(error.statusCode ?? 400).send(errorBody("request.invalid", error.message)),
  });
  const providers = paymentProviderRegistry(options.paymentProviders ?? [testPaymentProvider(options.publicOrigin)]);
  const carts = makeCartService({ db: options.db, clock, cartTimeoutSeconds, providers });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(errorBody(error.code, error.message, error.extra));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody("request.invalid", error.message));
    request.log.error(error);
    return reply.code(500).send(errorBody("1000", "Something went wrong, try again."));
  });

  // Security headers on every answer. The helmet middleware is built once here (@fastify/helmet rebuilt it, parsing the
  // CSP again, on every request) and applied to the raw response before any route runs.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: options.hsts ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  await app.register(formbody);
  // Compression (brotli, gzip) and the validators of the first screen's API reads; both before any route (site-routes.ts).
  app.addHook("onSend", firstScreenValidators);
  await app.register(compress, COMPRESS_OPTIONS);
  const rateLimitOption = options.rateLimit ?? { max: Number(process.env["RATE_LIMIT_PER_MINUTE"] ?? 1200) };
  if (rateLimitOption !== false) {
    await app.register(rateLimit, {
      global: false,
      max: rateLimitOption.max,
      timeWindow: rateLimitOption.timeWindowMs ?? 60_000,
      // The plugin throws what this returns; an ApiError reaches the error handler as the {error:{code,message}} envelope.
      errorResponseBuilder: (_request, context) => new ApiError(context.statusCode, "rate.limited", `Too many requests; try again in ${context.after}.`),
    });
  }
  const deps: RouteDeps = {
    db: options.db,
    clock,
    cartTimeoutSeconds,
    carts,
    providers,
    allowedRedirectOrigins: options.allowedRedirectOrigins ?? parseOrigins(process.env["ALLOWED_REDIRECT_ORIGINS"]),
  };
  await app.register(async (api) => {
    // Rate limiting applies to the API calls only, never to the SPA's static files.
    if (rateLimitOption !== false) api.addHook("onRequest", api.rateLimit());
    await api.register(apiRoutes(deps), { prefix: "/api/v2" });
    await api.register(hotelCartRoutes(deps), { prefix: "/api/v2" });
    await api.register(voucherRoutes(deps), { prefix: "/api/v2" });
    await api.register(shippingRoutes(deps), { prefix: "/api/v2" });
    await api.register(orderLookupRoutes(deps), { prefix: "/api/v2" });
    await api.register(travelApiRoutes(deps), { prefix: "/travel-api" });
    await api.register(siteRoutes(deps));
    await api.register(transportRequestRoutes(deps));
    await api.register(adyenRoutes(deps));
  });
  await app.register(testPaymentRoutes({ db: options.db, clock, cartTimeoutSeconds }));
  await app.register(providerStateRoutes(deps));

  const staticDir = options.staticDir && existsSync(path.join(options.staticDir, "index.html")) ? path.resolve(options.staticDir) : undefined;
  // The Vite build first, then server/public (whose files live under assets/); the history-mode fallback (site-routes.ts)
  // answers an unknown shop or page with the app and a real 404 status (spa-routes.ts).
  await registerStaticSite(app, staticDir, PUBLIC_DIR, (pathname) => appPageIn(options.db, pathname));

  const interval = options.sweepIntervalMs ?? 30_000;
  if (interval > 0) {
    const timer = setInterval(() => {
      sweepExpiredCarts(options.db, clock()).catch((error: unknown) => app.log.error(error));
    }, interval);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }
  return app;
};

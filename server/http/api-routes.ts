import type { FastifyInstance, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { EVENT_NAMESPACE_HEADER, IDEMPOTENCY_KEY_HEADER } from "../../domain/api.schema.ts";
import { CartDetails, CreateCart, CreateOrder, PutCartProduct } from "../../domain/cart.schema.ts";
import { Product } from "../../domain/product.schema.ts";
import { summaryPreviewOf } from "../../domain/sale-mode.ts";
import { ShopAccess } from "../../domain/shop-access.schema.ts";
import { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";
import type { CartCaller } from "../cart/cart-guard.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import { findShopByNamespace, listProducts, listShops, type ShopRecord } from "../shop/shop-store.ts";
import { accountOf, assertAccessTimeslot, newCartOwner, shopAccessOf } from "../orders/account-gates.ts";
import { holderKey } from "../cart/client-holds.ts";
import { requestIdentity } from "./user-identity.ts";
import { invalidRequest, unprocessableRequest } from "../failure.ts";
import { shopNotFound, shopTokenInvalid } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import { secretMatches } from "../secret-matches.ts";
import { requestCartToken, requestUpgradeAccess } from "./request-headers.ts";
import { newCartOptions } from "../orders/new-cart.ts";
import { listedProducts } from "../../domain/upgrade-choice.ts";
import { requestUpgradableOrder } from "../orders/upgradable-orders.ts";
import type { QueueTokenSettings } from "../queue/queue-tokens.ts";

/** What the API routes need: database, clock, cart service, payment queue token settings, redirect allowlist (extra origins besides this server's own), PUBLIC_ORIGIN when set, per-address hold counting. */
export interface ApiRoutesDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly carts: CartService;
  /** The client address an anonymous caller's holds count under, or undefined (not counted); a logged-in caller's always count per account. */
  readonly holdAddressOf: (request: FastifyRequest) => string | undefined;
  readonly queueTokens: QueueTokenSettings;
  readonly allowedRedirectOrigins: ReadonlyArray<string>;
  readonly publicOrigin?: string;
}

const CartIdParams = Schema.Struct({ cartId: Schema.NonEmptyString });
/** Idempotency-Key of POST orders: optional, 1-255 visible ASCII characters (e.g. a UUID). docs/payments.md. */
const IdempotencyHeaders = Schema.Struct({ key: Schema.optional(Schema.String.check(Schema.isPattern(/^[\x21-\x7E]{1,255}$/))) });
const encodeSummary = Schema.encodeSync(ShopSummary);
const encodeConfig = Schema.encodeSync(ShopConfig);
const encodeProduct = Schema.encodeSync(Product);

/** Origin (scheme://host[:port]) the request was addressed to. */
export const requestOrigin = (request: FastifyRequest): string => {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw invalidRequest("Invalid header: host");
  }
};

/**
 * Resolves the shop of a shop-scoped call from `x-event-namespace` and checks `authorization: Bearer {shopToken}`.
 * 400 request.invalid without the namespace header, 404 shop.not.found for an unknown one, 401 shop.token.invalid. spec §7.
 */
export const authenticateShop = async (db: Db, request: FastifyRequest): Promise<ShopRecord> => {
  const namespace = request.headers[EVENT_NAMESPACE_HEADER];
  if (typeof namespace !== "string" || namespace === "") throw invalidRequest(`Missing header: ${EVENT_NAMESPACE_HEADER}`);
  const shop = await findShopByNamespace(db, namespace);
  if (!shop) throw shopNotFound(`No shop for namespace '${namespace}'.`);
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
  if (!match?.[1] || !secretMatches(match[1].trim(), shop.shopToken)) {
    throw shopTokenInvalid();
  }
  return shop;
};

/**
 * This server's origin for payment pages and returns: PUBLIC_ORIGIN when configured (a spoofed Host header changes
 * nothing then), else the origin the request was addressed to (development, tests).
 */
const ownOrigin = (request: FastifyRequest, publicOrigin: string | undefined): string => publicOrigin ?? requestOrigin(request);

/** Checks the order's redirectUri against this server's own origin (ownOrigin) and the allowlist; 422 request.invalid otherwise. */
const assertRedirectAllowed = (redirectUri: string, own: string, allowed: ReadonlyArray<string>): void => {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw unprocessableRequest("Invalid order: redirectUri: not an absolute URL");
  }
  const sameHost = (url.protocol === "http:" || url.protocol === "https:") && url.host === new URL(own).host;
  if (!sameHost && !allowed.includes(url.origin)) {
    throw unprocessableRequest(`Invalid order: redirectUri: origin ${url.origin} is not allowed`);
  }
};

/** The caller of a cart call (the cart guard's CartCaller): the authenticated shop, the path's cart id, x-cart-token and the verified x-user-token. spec §6. */
export const cartCaller = async (db: Db, request: FastifyRequest): Promise<CartCaller> => {
  const shop = await authenticateShop(db, request);
  const { cartId } = decodeOrThrow(CartIdParams, request.params, "path");
  return { shop, cartId, cartToken: requestCartToken(request), identity: requestIdentity(request) };
};

/** Registers every Shop API v2 call of docs/shop-api.md (mount under the /api/v2 prefix). */
export const apiRoutes = (deps: ApiRoutesDeps) => async (app: FastifyInstance) => {
  const { db, carts } = deps;

  app.get("/shops", async () => ({
    data: (await listShops(db)).map((s) =>
      encodeSummary({
        slug: s.slug,
        title: s.config.title,
        titleFull: s.config.titleFull,
        apiNamespace: s.apiNamespace,
        shopToken: s.shopToken,
        ...summaryPreviewOf(s.config),
        festivalData: s.config.festivalData,
        logo: s.config.shopTheme.logo,
      }),
    ),
  }));

  // In upgrade mode (x-upgradable-order-id, x-upgrade-access-id) the config carries the upgradable order; 404 4003 / 409 4002 otherwise. spec §3, §6, §8.
  app.get("/shop", async (request) => {
    const shop = await authenticateShop(db, request);
    const upgrade = await requestUpgradableOrder(db, shop, requestUpgradeAccess(request));
    return { data: encodeConfig(upgrade ? { ...shop.config, upgradableOrder: upgrade.order } : shop.config) };
  });

  // Whether the shop is closed to the caller (their access timeslots all ended): the web app says so on arrival. spec §6, §8 4000.
  app.get("/shop/access", async (request) => {
    const shop = await authenticateShop(db, request);
    return { data: Schema.encodeSync(ShopAccess)(shopAccessOf(shop, requestIdentity(request), deps.clock())) };
  });

  // Upgrade products are listed in upgrade mode only: the options of the upgradable order of the headers. spec §3.
  app.get("/products", async (request) => {
    const shop = await authenticateShop(db, request);
    const upgrade = await requestUpgradableOrder(db, shop, requestUpgradeAccess(request));
    return { data: listedProducts(await listProducts(db, shop.slug), upgrade?.order).map((p) => encodeProduct(p)) };
  });

  app.post("/carts", async (request, reply) => {
    const shop = await authenticateShop(db, request);
    // A shop that needs a login or a membership makes no cart without them (403 6004 / 6005); the cart is the account's. spec §6.
    const owner = newCartOwner(shop, requestIdentity(request));
    // Outside the visitor's shop access timeslots no cart is made (403 3003). spec §6.
    assertAccessTimeslot(shop, requestIdentity(request), deps.clock());
    const body = decodeOrThrow(CreateCart, request.body ?? {}, "body");
    const options = await newCartOptions(db, shop, body, { cartToken: requestCartToken(request), upgrade: requestUpgradeAccess(request) }, { settings: deps.queueTokens, now: deps.clock() });
    // The client holding the cart, hashed: its account, else its address (server/cart/client-holds.ts).
    const account = accountOf(requestIdentity(request));
    const address = deps.holdAddressOf(request);
    const holder = account !== null ? holderKey(account, "") : address !== undefined ? holderKey(null, address) : undefined;
    return reply.code(201).send({ data: await carts.create(shop, { ...options, ...owner, holder }) });
  });

  app.get("/carts/:cartId", async (request) => ({ data: await carts.get(await cartCaller(db, request)) }));

  app.put("/carts/:cartId/products", async (request) => {
    const caller = await cartCaller(db, request);
    const body = decodeOrThrow(PutCartProduct, request.body, "body");
    return { data: await carts.putProduct(caller, body) };
  });

  app.put("/carts/:cartId", async (request) => {
    const caller = await cartCaller(db, request);
    const details = decodeOrThrow(CartDetails, request.body, "details", 422);
    return { data: await carts.putDetails(caller, details) };
  });

  // More time for the cart's hold (WCAG 2.2.1, spec §4 Countdown): the body ({}) is not read; the cart with its new timeout.
  app.post("/carts/:cartId/extend", async (request) => ({ data: await carts.extendHold(await cartCaller(db, request)) }));
  // The logout-and-login action of the checkout e-mail: the cart's account hands the cart over (spec §3 Checkout form, §6).
  app.delete("/carts/:cartId/owner", async (request) => ({ data: await carts.releaseOwner(await cartCaller(db, request)) }));

  app.post("/carts/:cartId/orders", async (request, reply) => {
    const caller = await cartCaller(db, request);
    const body = decodeOrThrow(CreateOrder, request.body, "order", 422);
    const origin = ownOrigin(request, deps.publicOrigin);
    assertRedirectAllowed(body.redirectUri, origin, deps.allowedRedirectOrigins);
    const { key } = decodeOrThrow(IdempotencyHeaders, { key: request.headers[IDEMPOTENCY_KEY_HEADER] }, `header ${IDEMPOTENCY_KEY_HEADER}`);
    const answer = await carts.createOrder(caller, { body, origin, idempotencyKey: key });
    if (answer.replayed) reply.header("idempotency-replayed", "true");
    return reply.code(201).send({ data: { redirectUri: answer.redirectUri } });
  });
};

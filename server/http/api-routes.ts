import type { FastifyInstance, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { EVENT_NAMESPACE_HEADER, IDEMPOTENCY_KEY_HEADER } from "../../domain/api.schema.ts";
import { CartDetails, CreateCart, CreateOrder, PutCartProduct } from "../../domain/cart.schema.ts";
import { Product } from "../../domain/product.schema.ts";
import { summaryPreviewOf } from "../../domain/sale-mode.ts";
import { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import { findShopByNamespace, listProducts, listProductsByIds, listShops, type ShopRecord } from "../shop/shop-store.ts";
import { isUuid } from "../../domain/uuid.ts";
import { accountOf, assertAccessTimeslot, assertMembershipLine, assertShopTakesOrders, newCartOwner } from "../orders/account-gates.ts";
import { requestCartOwner, requestIdentity } from "./user-identity.ts";
import { invalidRequest, unprocessableRequest } from "../failure.ts";
import { shopNotFound, shopTokenInvalid } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import { secretMatches } from "../secret-matches.ts";
import { assertCartToken } from "../cart/cart-token.ts";
import { requestCartToken, requestUpgradeAccess } from "./request-headers.ts";
import { newCartOptions } from "../orders/new-cart.ts";
import { listedProducts } from "../../domain/upgrade-choice.ts";
import { requestUpgradableOrder } from "../orders/upgradable-orders.ts";
import type { QueueTokenSettings } from "../queue/queue-tokens.ts";

/** What the API routes need: database, clock, cart service, payment queue token settings, redirect allowlist (extra origins besides this server's own), PUBLIC_ORIGIN when set. */
export interface ApiRoutesDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly carts: CartService;
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

/**
 * The account part of one membership per account for PUT /carts/{id}/products (server/orders/account-gates.ts
 * assertMembershipLine; the cart part, quantity and other lines, is planLineChange's): only when the call has an
 * account or the cart an owner, so an anonymous call costs no query. 409 3005. spec §6.
 */
const assertAccountMembershipLine = async (db: Db, shop: ShopRecord, cartId: string, body: PutCartProduct, request: FastifyRequest, now: Date): Promise<void> => {
  const caller = accountOf(requestIdentity(request));
  const owner = requestCartOwner(request) ?? null;
  if ((caller === null && owner === null) || body.quantity === 0 || !isUuid(cartId)) return;
  const [product] = await listProductsByIds(db, shop.slug, [body.productId]);
  await assertMembershipLine(db, shop.slug, { id: cartId, owner }, { productId: body.productId, quantity: body.quantity, type: product?.type }, caller, now);
};

/** Registers every Shop API v2 call of docs/shop-api.md (mount under the /api/v2 prefix). */
export const apiRoutes = (deps: ApiRoutesDeps) => async (app: FastifyInstance) => {
  const { db, carts } = deps;
  const cartIdOf = (request: FastifyRequest) => decodeOrThrow(CartIdParams, request.params, "path").cartId;

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
    return reply.code(201).send({ data: await carts.create(shop, { ...options, ...owner }) });
  });

  app.get("/carts/:cartId", async (request) => {
    const shop = await authenticateShop(db, request);
    return { data: await carts.get(shop, cartIdOf(request), requestCartToken(request)) };
  });

  app.put("/carts/:cartId/products", async (request) => {
    const shop = await authenticateShop(db, request);
    const body = decodeOrThrow(PutCartProduct, request.body, "body");
    // Adding outside the visitor's shop access timeslots is refused (403 3003); taking a product out always works. spec §6.
    if (body.quantity > 0) assertAccessTimeslot(shop, requestIdentity(request), deps.clock());
    await assertAccountMembershipLine(db, shop, cartIdOf(request), body, request, deps.clock());
    return { data: await carts.putProduct(shop, cartIdOf(request), body, requestCartToken(request)) };
  });

  app.put("/carts/:cartId", async (request) => {
    const shop = await authenticateShop(db, request);
    const details = decodeOrThrow(CartDetails, request.body, "details", 422);
    return { data: await carts.putDetails(shop, cartIdOf(request), details, requestCartToken(request)) };
  });

  // More time for the cart's hold (WCAG 2.2.1, spec §4 Countdown): the body ({}) is not read; the cart with its new timeout, or 409 cart.extensions.used.up.
  app.post("/carts/:cartId/extend", async (request) => {
    const shop = await authenticateShop(db, request);
    return { data: await carts.extendHold(shop, cartIdOf(request), requestCartToken(request)) };
  });

  app.post("/carts/:cartId/orders", async (request, reply) => {
    const shop = await authenticateShop(db, request);
    // A pre-registration keeps a wishlist and a preview shows the shop before its sale: neither takes an order (spec §1).
    assertShopTakesOrders(shop);
    await assertCartToken(db, shop, cartIdOf(request), requestCartToken(request));
    const body = decodeOrThrow(CreateOrder, request.body, "order", 422);
    const origin = ownOrigin(request, deps.publicOrigin);
    assertRedirectAllowed(body.redirectUri, origin, deps.allowedRedirectOrigins);
    const { key } = decodeOrThrow(IdempotencyHeaders, { key: request.headers[IDEMPOTENCY_KEY_HEADER] }, `header ${IDEMPOTENCY_KEY_HEADER}`);
    const answer = await carts.createOrder(shop, cartIdOf(request), { body, origin, idempotencyKey: key, cartToken: requestCartToken(request) });
    if (answer.replayed) reply.header("idempotency-replayed", "true");
    return reply.code(answer.status).send(answer.body);
  });
};

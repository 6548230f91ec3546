import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import { addOnId } from "../../domain/add-on-id.ts";
import { MAX_ORDERS_PER_ACCOUNT_ERROR } from "../../domain/error-catalogue.ts";
import { CONTRACT_SHOWCASE } from "../catalogue/contract-showcase.ts";
import { replaceShop } from "../catalogue/seed.ts";
import { addOnWaitingList, carts, previousOrders, shops, travelExtras, upgradableOrders } from "../db/schema.ts";
import { restockExtra } from "../travel/add-on-waiting-list.ts";
import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../catalogue/demo-upgradable-orders.ts";
import { issueQueueToken } from "../queue/queue-tokens.ts";
import { isServerFailure } from "./failure-status.ts";
import { providerStateFailed, providerStateInvalid } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

/** Path of the provider-state setup endpoint (Pact's providerStatesSetupUrl / the verifier CLI's --state-change-url). */
export const PROVIDER_STATES_PATH = "/_pact/provider-states";

/**
 * Whether the endpoint exists: only when PACT_PROVIDER_STATES=enabled (contract verification: the provider tests and
 * contracts:mutation set it for the server they start), never with NODE_ENV=production (server/main.ts then refuses to
 * start). It builds carts, pays orders, hands out cart tokens and changes the notice, so it must never face real visitors.
 */
export const providerStatesEnabled = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env["PACT_PROVIDER_STATES"] === "enabled" && env["NODE_ENV"] !== "production";

/** Mints an x-user-token (an id token of the server's trusted issuer) for an account id, for states with `account`; the provider verification passes its test issuer's. spec §6. */
export type ProviderStateUserTokens = (account: string) => Promise<string>;

/** Body of a state change (Pact convention): the state's name, its parameters, and setup (default) or teardown. */
const StateChange = Schema.Struct({
  state: Schema.String,
  params: Schema.optional(Schema.NullOr(Schema.Record(Schema.String, Schema.Unknown))),
  action: Schema.optional(Schema.Literals(["setup", "teardown"])),
});

/** Cart parameters shared by the cart states (all optional; docs/provider-states.md). */
const CartParams = Schema.Struct({
  /** x-event-namespace of the shop (default lowlands-lights-2027). */
  namespace: Schema.optional(Schema.String),
  /** Product id -> quantity put in the cart, in order. */
  products: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
  /** A hotel booking: travel id, room option, persons, extras id -> amount. */
  hotel: Schema.optional(
    Schema.Struct({
      travelId: Schema.String,
      productId: Schema.String,
      persons: Schema.optional(Schema.Int),
      extras: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
    }),
  ),
  /** Merchandise shipping country (two-letter code) chosen with PUT /carts/{id}/shipping after the products. */
  shippingCountry: Schema.optional(Schema.String),
  /** Checkout details stored with PUT /carts/{id} (the body as the web app sends it). */
  details: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
  /** Reference of a previous order: the cart becomes its add-on cart (x-cart-token of the order). */
  addOnOf: Schema.optional(Schema.String),
  /** Add-ons added to the add-on cart: extra id -> quantity. */
  addOns: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
  /** Payment method uid of the order (cart in payment, paid cart; default ideal). */
  paymentMethod: Schema.optional(Schema.String),
  /** true: an upgrade cart of the demo upgradable order (its x-upgradable-order-id and x-upgrade-access-id at POST /carts; the order is reset to not processed). */
  upgrade: Schema.optional(Schema.Boolean),
  /** With `upgrade`: once the cart is made, another upgrade cart of the same order (same params) is ordered and paid, so the order is processed. */
  upgradePaidElsewhere: Schema.optional(Schema.Boolean),
  /** Another cart of the same shop applies this voucher first (so it is held: voucher.used). */
  voucherHeldElsewhere: Schema.optional(Schema.String),
  /** Account id (token `sub`) the cart is made and written with: its x-user-token, answered as `userToken`. spec §6. */
  account: Schema.optional(Schema.String),
});
type CartParams = typeof CartParams.Type;

/** What a state hands to the interactions (Pact's fromProviderState values). */
type StateValues = Record<string, string | number | boolean>;

const DEFAULT_NAMESPACE = "lowlands-lights-2027";
/** The demo extra that is sold out (Hotel De Duinen's beach towel): the add-on the waiting-list states use. */
const SOLD_OUT_EXTRA = "ll_merch_towel";

/**
 * POST /_pact/provider-states (docs/provider-states.md): `{state, params, action}`; setup builds the state over this
 * server's own HTTP API (app.inject) plus, for an expired cart, its database, and answers the values the interactions
 * read (`cartId`, `returnUri`, `cartToken`, `addonId`, …) as a JSON object; teardown answers `{}`. 400 for an unknown
 * state or bad params, 409 provider.state.failed when a setup call is refused.
 */
export const providerStateRoutes = (deps: RouteDeps, userTokens?: ProviderStateUserTokens) => async (app: FastifyInstance) => {
  /** A valid x-user-token of `account` (the trusted issuer's, minted by the verifying side); 409 provider.state.failed without a minter. */
  const userTokenOf = async (account: string): Promise<string> => {
    if (!userTokens) throw providerStateFailed("This server has no way to mint user tokens for provider states (buildServer providerStateUserTokens).");
    return userTokens(account);
  };

  /** One call on this server; resolves to the parsed JSON, throws 409 provider.state.failed unless 2xx/3xx. */
  const call = async (method: HTTPMethods, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (response.statusCode >= 400) throw providerStateFailed(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {};
  };
  const dataOf = (answer: Record<string, unknown>) => answer["data"] as Record<string, unknown>;

  const shopHeaders = async (namespace: string): Promise<Record<string, string>> => {
    const [shop] = await deps.db.select().from(shops).where(eq(shops.apiNamespace, namespace));
    if (!shop) throw providerStateInvalid(`No shop with namespace ${namespace}.`);
    return { "x-event-namespace": namespace, authorization: `Bearer ${shop.shopToken}` };
  };
  /** POST /carts' body in the shop `namespace`: a fresh payment queue token of this server when its queue is on (config queueUrl), else `{}`. */
  const newCartBody = async (namespace: string): Promise<{ paymentQueueToken?: string }> => {
    const [shop] = await deps.db.select().from(shops).where(eq(shops.apiNamespace, namespace));
    const queued = Boolean((shop?.config as { queueUrl?: string } | undefined)?.queueUrl);
    return queued ? { paymentQueueToken: await issueQueueToken(deps.queueTokens, namespace, deps.clock()) } : {};
  };
  const orderOf = async (reference: string) => {
    const [order] = await deps.db.select().from(previousOrders).where(eq(previousOrders.reference, reference));
    if (!order) throw providerStateInvalid(`No previous order ${reference}.`);
    return order;
  };
  /** The origin payment returns may go to: the first allowed one, else the origin the state call came in on. */
  const returnOrigin = (request: FastifyRequest): string => deps.allowedRedirectOrigins[0] ?? `${request.protocol}://${request.host}`;

  /** Builds a shopping cart as `p` says; answers its id, headers and the values for the interaction. */
  const buildCart = async (p: CartParams, request: FastifyRequest) => {
    const namespace = p.namespace ?? DEFAULT_NAMESPACE;
    const headers = await shopHeaders(namespace);
    const values: StateValues = { namespace, returnUri: `${returnOrigin(request)}/${namespace.replace(/-\d{4}$/, "")}/paymentstatus` };
    if (p.account) {
      const token = await userTokenOf(p.account);
      headers["x-user-token"] = token;
      values["userToken"] = token;
    }
    if (p.addOnOf) {
      const order = await orderOf(p.addOnOf);
      headers["x-cart-token"] = order.cartToken;
      values["cartToken"] = order.cartToken;
      values["reference"] = order.reference;
    }
    if (p.upgrade) {
      await deps.db.update(upgradableOrders).set({ processed: false }).where(eq(upgradableOrders.orderId, DEMO_UPGRADE_ORDER_ID));
      headers["x-upgradable-order-id"] = DEMO_UPGRADE_ORDER_ID;
      headers["x-upgrade-access-id"] = DEMO_UPGRADE_ACCESS_ID;
    }
    if (p.voucherHeldElsewhere) {
      const other = dataOf(await call("POST", "/api/v2/carts", await newCartBody(namespace), headers))["id"] as string;
      // 409 voucher.used: an earlier setup already holds or redeemed it, which is the state asked for.
      await call("PUT", `/api/v2/carts/${other}/vouchers`, { voucher: p.voucherHeldElsewhere }, headers).catch((error: unknown) => {
        if (!(isServerFailure(error) && error.message.includes("voucher.used"))) throw error;
      });
    }
    const cartId = dataOf(await call("POST", "/api/v2/carts", await newCartBody(namespace), headers))["id"] as string;
    values["cartId"] = cartId;
    // A fresh Idempotency-Key for the interaction's order (a key is good for one order body only).
    values["idempotencyKey"] = randomUUID();
    for (const [productId, quantity] of Object.entries(p.products ?? {})) {
      await call("PUT", `/api/v2/carts/${cartId}/products`, { productId, quantity }, headers);
    }
    if (p.hotel) {
      const hotelPath = `/api/v2/carts/${cartId}/products/hotel/${p.hotel.travelId}`;
      await call("PUT", hotelPath, { productId: p.hotel.productId, ...(p.hotel.persons ? { persons: p.hotel.persons } : {}) }, headers);
      for (const [extraId, amount] of Object.entries(p.hotel.extras ?? {})) await call("POST", `${hotelPath}/extras`, { extraId, amount }, headers);
    }
    for (const [extraId, quantity] of Object.entries(p.addOns ?? {})) {
      const addonId = addOnId(String(p.addOnOf), extraId);
      await call("PATCH", `/api/v2/carts/${cartId}/products/hotel/${await travelIdOf(namespace)}/add-ons`, { addonId, quantity }, headers);
    }
    if (p.addOnOf) {
      // The add-on ids the order offers (one per extra).
      values["addonId"] = addOnId(p.addOnOf, "ll_extra_breakfast");
      values["soldOutAddonId"] = addOnId(p.addOnOf, SOLD_OUT_EXTRA);
      // The id of the order's hotel booking the web app sends with an add-on; the reference server keeps what it is sent.
      values["hotelCartId"] = `hc_${p.addOnOf}`;
    }
    if (p.shippingCountry) await call("PUT", `/api/v2/carts/${cartId}/shipping`, { country: p.shippingCountry }, headers);
    if (p.details) await call("PUT", `/api/v2/carts/${cartId}`, p.details, headers);
    return { cartId, headers, values };
  };
  const travelIdOf = async (namespace: string): Promise<string> => {
    const [shop] = await deps.db.select().from(shops).where(eq(shops.apiNamespace, namespace));
    const travelId = (shop?.config as { apiTravelId?: string } | undefined)?.apiTravelId;
    if (!travelId) throw providerStateInvalid(`Shop ${namespace} sells no travel.`);
    return travelId;
  };
  /** Orders the cart with a fresh Idempotency-Key (answered as `idempotencyKey`); answers the payment page address. */
  const order = async (cartId: string, headers: Record<string, string>, p: CartParams, values: StateValues): Promise<string> => {
    const returnUri = String(values["returnUri"]);
    values["idempotencyKey"] = randomUUID();
    const extra = { "idempotency-key": values["idempotencyKey"] };
    // Sent as if to the return address's host, so the provider's own origin check accepts the redirectUri.
    const host = { host: new URL(returnUri).host };
    const answer = await call("POST", `/api/v2/carts/${cartId}/orders`, { paymentMethod: p.paymentMethod ?? "ideal", redirectUri: returnUri }, { ...headers, ...extra, ...host });
    return dataOf(answer)["redirectUri"] as string;
  };
  /** Pays on the reference server's test provider page (POST /test-payments/{id} outcome=pay). */
  const pay = async (paymentPage: string): Promise<void> => {
    const response = await app.inject({ method: "POST", url: new URL(paymentPage).pathname, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "outcome=pay" });
    if (response.statusCode >= 400) throw providerStateFailed(`paying ${paymentPage} answered ${response.statusCode}`);
  };
  const setNotice = async (notice: { title: string | null; error: string | null }): Promise<void> => {
    const token = process.env["NOTICE_ADMIN_TOKEN"];
    if (!token) throw providerStateFailed("NOTICE_ADMIN_TOKEN is not set, so the notice cannot be changed.");
    await call("PUT", "/api/notice", notice, { authorization: `Bearer ${token}` });
  };

  type Handler = (params: Record<string, unknown>, request: FastifyRequest) => Promise<StateValues>;
  const cartParams = (params: Record<string, unknown>): CartParams => decodeOrThrow(CartParams, params, "params");
  const STATES: Record<string, Handler> = {
    // Read-only demo data (docs/shop-api.md): nothing to build.
    "the demo catalogue is published": async () => ({}),
    "the demo travel packages are published": async () => ({}),
    // A shop of its own (server/catalogue/contract-showcase.ts) whose config and products set every optional field.
    "a shop with every optional setting": async () => {
      await replaceShop(deps.db, CONTRACT_SHOWCASE);
      return { namespace: CONTRACT_SHOWCASE.config.apiNamespace, shopToken: CONTRACT_SHOWCASE.config.shopToken };
    },
    "a previous order": async (params) => {
      const order = await orderOf(String(params["reference"] ?? ""));
      return { reference: order.reference, cartToken: order.cartToken, email: order.consumerEmail, externalReference: order.externalReference };
    },
    // The demo upgradable order (server/catalogue/demo-upgradable-orders.ts), not processed (or processed: an upgrade of it was paid).
    "an upgradable order": async (params) => {
      const processed = params["processed"] === true;
      await deps.db.update(upgradableOrders).set({ processed }).where(eq(upgradableOrders.orderId, DEMO_UPGRADE_ORDER_ID));
      return { orderId: DEMO_UPGRADE_ORDER_ID, accessId: DEMO_UPGRADE_ACCESS_ID, namespace: "lowlands-lights-2027" };
    },
    "a cart": async (params, request) => {
      const p = cartParams(params);
      const built = await buildCart(p, request);
      if (p.upgrade && p.upgradePaidElsewhere) {
        // A second upgrade cart of the same order, paid: the first one's order then answers 4002 (spec §8).
        const other = await buildCart({ ...p, upgradePaidElsewhere: false }, request);
        await pay(await order(other.cartId, other.headers, p, other.values));
      }
      return built.values;
    },
    // A payment queue token of this server for a queue shop (default northern-nights-2027), fresh or (used) already used for a cart.
    "a payment queue token": async (params) => {
      const namespace = typeof params["namespace"] === "string" ? params["namespace"] : "northern-nights-2027";
      const { paymentQueueToken } = await newCartBody(namespace);
      if (!paymentQueueToken) throw providerStateInvalid(`Shop ${namespace} has no payment queue.`);
      if (params["used"] === true) await call("POST", "/api/v2/carts", { paymentQueueToken }, await shopHeaders(namespace));
      return { paymentQueueToken, namespace };
    },
    "a cart in payment": async (params, request) => {
      const p = cartParams(params);
      const { cartId, headers, values } = await buildCart(p, request);
      values["paymentUri"] = await order(cartId, headers, p, values);
      return values;
    },
    "a paid cart": async (params, request) => {
      const p = cartParams(params);
      const { cartId, headers, values } = await buildCart(p, request);
      await pay(await order(cartId, headers, p, values));
      return values;
    },
    // A shopping cart whose hold was extended as often as its shop allows (POST /carts/{id}/extend until 409 cart.extensions.used.up).
    "a cart whose hold extensions are used up": async (params, request) => {
      const { cartId, headers, values } = await buildCart(cartParams(params), request);
      for (let extended = 0; ; extended += 1) {
        const answer = await app.inject({ method: "POST", url: `/api/v2/carts/${cartId}/extend`, headers: { ...headers, "content-type": "application/json" }, payload: "{}" });
        if (answer.statusCode === 409 && answer.json().error?.code === "cart.extensions.used.up") return values;
        if (answer.statusCode !== 200 || extended > 100) throw providerStateFailed(`POST /api/v2/carts/${cartId}/extend answered ${answer.statusCode}: ${answer.body}`);
      }
    },
    // The cart's time ran out: its expiry is moved into the past (the sweep or the next call releases it).
    "an expired cart": async (params, request) => {
      const { cartId, values } = await buildCart(cartParams(params), request);
      await deps.db.update(carts).set({ expiresAt: new Date(deps.clock().getTime() - 1000) }).where(and(eq(carts.id, cartId)));
      return values;
    },
    // A second cart for an e-mail that already has a paid order in a shop allowing one order per account. Set up
    // again for the same e-mail (another interaction), the first cart is already such a second cart: it is answered.
    "a cart whose e-mail already placed the one order per account": async (params, request) => {
      const p = cartParams(params);
      const first = await buildCart(p, request);
      const reasons = (dataOf(await call("GET", `/api/v2/carts/${first.cartId}`, undefined, first.headers))["checkoutErrors"] ?? []) as ReadonlyArray<{ code: string }>;
      if (reasons.some((r) => r.code === MAX_ORDERS_PER_ACCOUNT_ERROR)) return first.values;
      await pay(await order(first.cartId, first.headers, p, first.values));
      return (await buildCart(p, request)).values;
    },
    // A valid x-user-token of an account (acc-anna: a member; acc-sam: no membership; server/identity/demo-accounts.ts).
    "an identity token of an account": async (params) => ({ userToken: await userTokenOf(String(params["account"] ?? "")), account: String(params["account"] ?? "") }),
    // The order `reference` waits for its sold-out add-on (the demo towel, ll_merch_towel): the line is reset to this
    // order alone with no towel in stock; with `offered` one towel then comes back, so the order holds the offer; with
    // `joined: false` the line is only reset (the order is not in it).
    "an add-on on the waiting list": async (params) => {
      const found = await orderOf(String(params["reference"] ?? ""));
      const namespace = typeof params["namespace"] === "string" ? params["namespace"] : DEFAULT_NAMESPACE;
      const headers = { ...(await shopHeaders(namespace)), "x-cart-token": found.cartToken };
      const travelId = await travelIdOf(namespace);
      const addonId = addOnId(found.reference, SOLD_OUT_EXTRA);
      await deps.db.delete(addOnWaitingList).where(and(eq(addOnWaitingList.travelId, travelId), eq(addOnWaitingList.extraId, SOLD_OUT_EXTRA)));
      await deps.db.update(travelExtras).set({ stock: 0 }).where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, SOLD_OUT_EXTRA)));
      if (params["joined"] !== false) await call("POST", `/api/v2/orders/${found.reference}/add-on-waiting-list`, { addonId }, headers);
      if (params["offered"] === true) await restockExtra(deps.db, travelId, SOLD_OUT_EXTRA, 1, deps.clock());
      return { reference: found.reference, cartToken: found.cartToken, addonId, namespace };
    },
    // An operator puts `units` (default 1) of an extra (default the sold-out towel) back on sale: its waiting list is served first.
    "an add-on comes back in stock": async (params) => {
      const namespace = typeof params["namespace"] === "string" ? params["namespace"] : DEFAULT_NAMESPACE;
      const extraId = typeof params["extraId"] === "string" ? params["extraId"] : SOLD_OUT_EXTRA;
      const units = typeof params["units"] === "number" ? params["units"] : 1;
      await restockExtra(deps.db, await travelIdOf(namespace), extraId, units, deps.clock());
      return { extraId, namespace };
    },
    "a notice is published": async (params) => {
      await setNotice({ title: String(params["title"] ?? "Notice"), error: params["error"] === undefined ? null : String(params["error"]) });
      return {};
    },
    "no notice is published": async () => {
      await setNotice({ title: null, error: null });
      return {};
    },
  };

  app.post(PROVIDER_STATES_PATH, async (request, reply) => {
    const change = decodeOrThrow(StateChange, request.body ?? {}, "state change");
    // Teardown has nothing to undo (every state builds fresh carts); an interaction without a state sends an empty name.
    if (change.action === "teardown" || change.state === "") return reply.send({});
    const handler = STATES[change.state];
    if (!handler) throw providerStateInvalid(`Unknown provider state '${change.state}'; known: ${Object.keys(STATES).join(" | ")}.`, "provider.state.unknown");
    return reply.send(await handler(change.params ?? {}, request));
  });
};

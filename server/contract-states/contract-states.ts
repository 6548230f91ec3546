import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import { addOnId } from "../../domain/add-on-id.ts";
import { MAX_ORDERS_PER_ACCOUNT_ERROR } from "../../domain/error-catalogue.ts";
import { CONTRACT_SHOWCASE } from "../catalogue/contract-showcase.ts";
import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../catalogue/demo-upgradable-orders.ts";
import { replaceShop } from "../catalogue/seed.ts";
import type { Db } from "../db/database.ts";
import { mintDevelopmentIdToken } from "../identity/development-id-token.ts";
import type { ProviderKeys } from "../identity/provider-keys.ts";
import { issueQueueToken, type QueueTokenSettings } from "../queue/queue-tokens.ts";
import { restockExtra } from "../travel/add-on-waiting-list.ts";
import { expireCart, previousOrderOf, resetAddOnWaitingLine, setDemoUpgradeProcessed, setSaleOpening, stateShopOf } from "./contract-state-store.ts";
import { providerStateFailed, providerStateInvalid } from "./contract-states.errors.ts";

/** One call on this server's own Shop API, made in-process: method, path (with query), headers, and a JSON or form body. */
export interface OwnApiRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH";
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: string;
}

/** Answers an OwnApiRequest with its status and body text, as a visitor's request to the origin the state was set up on. */
export type OwnApi = (request: OwnApiRequest) => Promise<{ readonly status: number; readonly body: string }>;

/** Mints an x-user-token of the trusted issuer for an account id, as the browser at `origin` would hold it. spec §6. */
export type ProviderStateUserTokens = (account: string, origin: string) => Promise<string>;

/** What the states use: the database, the clock, payment queue signing, the redirect allowlist, the token minter and the notice's admin token. */
export interface ContractStateDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly queueTokens: QueueTokenSettings;
  readonly allowedRedirectOrigins: ReadonlyArray<string>;
  /** Without one, states with an account fail with provider.state.failed (docs/provider-states.md "User tokens"). */
  readonly userTokens?: ProviderStateUserTokens;
  /** The bearer token of PUT /api/notice (NOTICE_ADMIN_TOKEN), read when a notice state runs. */
  readonly noticeAdminToken: () => string | undefined;
}

/** Decodes a state's params with its Schema (the edge's decoder: bad params are refused as bad input). */
export type DecodeParams = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => S["Type"];

/** Where one setup runs: this server's API as reached at `origin` (scheme://host[:port] of the state call) and the params decoder. */
export interface StateContext {
  readonly api: OwnApi;
  readonly origin: string;
  readonly decode: DecodeParams;
}

/** What a state hands to the interactions (Pact's fromProviderState values). */
export type StateValues = Record<string, string | number | boolean>;

/** One provider state: sets it up from the raw params of the pact file and answers its values. */
export interface ProviderState {
  readonly setUp: (params: unknown, context: StateContext) => Promise<StateValues>;
}

/**
 * The development identity provider's minter (development-id-token.ts) for the states: tokens of issuer
 * `{publicOrigin or the state call's origin}/oidc`, signed with its keys at `clock()`, so they verify like its own logins.
 */
export const developmentUserTokens =
  (keys: ProviderKeys, publicOrigin: string | undefined, clock: () => Date): ProviderStateUserTokens =>
  (account, origin) =>
    mintDevelopmentIdToken(keys, publicOrigin ?? origin, account, clock());

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
  /** true: an upgrade cart of the demo upgradable order (its ids sent at POST /carts; the order is reset to not processed). */
  upgrade: Schema.optional(Schema.Boolean),
  /** With `upgrade`: once the cart is made, another upgrade cart of the same order is ordered and paid, so the order is processed. */
  upgradePaidElsewhere: Schema.optional(Schema.Boolean),
  /** Another cart of the same shop applies this voucher first (so it is held: voucher.used). */
  voucherHeldElsewhere: Schema.optional(Schema.String),
  /** Account id (token `sub`) the cart is made and written with: its x-user-token, answered as `userToken`. spec §6. */
  account: Schema.optional(Schema.String),
});
type CartParams = typeof CartParams.Type;

const NoParams = Schema.Struct({});
const DEFAULT_NAMESPACE = "lowlands-lights-2027";
/** The shop with a payment queue the queue-token state uses by default. */
const QUEUE_NAMESPACE = "northern-nights-2027";
/** The demo sale behind a waiting room: the shop the sale-opening state gives an opening time by default. */
const SALE_NAMESPACE = "northern-nights-sale-2027";
/** The demo extra that is sold out (Hotel De Duinen's beach towel): the add-on the waiting-list states use. */
const SOLD_OUT_EXTRA = "ll_merch_towel";
/** The demo extra every previous order may add (breakfast): the add-on id the add-on cart answers. */
const OFFERED_EXTRA = "ll_extra_breakfast";
/** How often the hold-extension state extends at most before it gives up (more than any shop's maxHoldExtensions). */
const MAX_EXTENSIONS_TRIED = 100;

/** A state whose raw params are decoded with `params` before `setUp` runs. */
const defineState = <S extends Schema.Top & { readonly DecodingServices: never }>(
  params: S,
  setUp: (params: S["Type"], context: StateContext) => Promise<StateValues>,
): ProviderState => ({ setUp: (input, context) => setUp(context.decode(params, input ?? {}), context) });

/**
 * The provider states of docs/provider-states.md by name, built over this server's own API (contract-state-store.ts
 * for what no call does). Refusals: provider.state.invalid (nothing by that name), provider.state.failed.
 */
export const providerStates = (deps: ContractStateDeps): Readonly<Record<string, ProviderState>> => {
  /** The answer of one call; provider.state.failed unless it succeeded. */
  const call = async (context: StateContext, request: OwnApiRequest): Promise<Record<string, unknown>> => {
    const answer = await context.api(request);
    if (answer.status >= 400) throw providerStateFailed(`${request.method} ${request.url} answered ${answer.status}: ${answer.body}`);
    return answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
  };
  const dataOf = (answer: Record<string, unknown>) => answer["data"] as Record<string, unknown>;
  const errorCodeOf = (body: string): unknown => (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;

  const userTokenOf = async (account: string, context: StateContext): Promise<string> => {
    if (!deps.userTokens) {
      throw providerStateFailed(
        "This server cannot mint an x-user-token of the issuer it trusts (OIDC_ISSUER or a userTokens verifier without providerStateUserTokens, or IDENTITY_PROVIDER=off): docs/provider-states.md \"User tokens\".",
      );
    }
    return deps.userTokens(account, context.origin);
  };
  const shopHeaders = async (namespace: string): Promise<Record<string, string>> => {
    const shop = await stateShopOf(deps.db, namespace);
    return { "x-event-namespace": namespace, authorization: `Bearer ${shop.shopToken}` };
  };
  /** POST /carts' body in the shop `namespace`: a fresh payment queue token of this server when its queue is on, else `{}`. */
  const newCartBody = async (namespace: string): Promise<{ paymentQueueToken?: string }> =>
    (await stateShopOf(deps.db, namespace)).queued ? { paymentQueueToken: await issueQueueToken(deps.queueTokens, namespace, deps.clock()) } : {};
  const travelIdOf = async (namespace: string): Promise<string> => {
    const { travelId } = await stateShopOf(deps.db, namespace);
    if (!travelId) throw providerStateInvalid(`Shop ${namespace} sells no travel.`);
    return travelId;
  };
  const newCart = async (context: StateContext, namespace: string, headers: Record<string, string>): Promise<string> =>
    dataOf(await call(context, { method: "POST", url: "/api/v2/carts", json: await newCartBody(namespace), headers }))["id"] as string;

  /** Builds a shopping cart as `p` says; answers its id, headers and the values for the interaction. */
  const buildCart = async (p: CartParams, context: StateContext) => {
    const namespace = p.namespace ?? DEFAULT_NAMESPACE;
    const headers = await shopHeaders(namespace);
    // A return address the provider accepts: the first allowed origin, else the origin the state call came in on.
    const returnOrigin = deps.allowedRedirectOrigins[0] ?? context.origin;
    const values: StateValues = { namespace, returnUri: `${returnOrigin}/${namespace.replace(/-\d{4}$/, "")}/paymentstatus` };
    if (p.account) {
      const token = await userTokenOf(p.account, context);
      headers["x-user-token"] = token;
      values["userToken"] = token;
    }
    if (p.addOnOf) {
      const order = await previousOrderOf(deps.db, p.addOnOf);
      headers["x-cart-token"] = order.cartToken;
      values["cartToken"] = order.cartToken;
      values["reference"] = order.reference;
    }
    if (p.upgrade) {
      await setDemoUpgradeProcessed(deps.db, false);
      headers["x-upgradable-order-id"] = DEMO_UPGRADE_ORDER_ID;
      headers["x-upgrade-access-id"] = DEMO_UPGRADE_ACCESS_ID;
    }
    if (p.voucherHeldElsewhere) {
      const other = await newCart(context, namespace, headers);
      const held = await context.api({ method: "PUT", url: `/api/v2/carts/${other}/vouchers`, json: { voucher: p.voucherHeldElsewhere }, headers });
      // Refused as voucher.used: an earlier setup already holds or redeemed it, which is the state asked for.
      if (held.status >= 400 && errorCodeOf(held.body) !== "voucher.used") throw providerStateFailed(`PUT /api/v2/carts/${other}/vouchers answered ${held.status}: ${held.body}`);
    }
    const cartId = await newCart(context, namespace, headers);
    values["cartId"] = cartId;
    // A fresh Idempotency-Key for the interaction's order (a key is good for one order body only).
    values["idempotencyKey"] = randomUUID();
    const cartPath = `/api/v2/carts/${cartId}`;
    for (const [productId, quantity] of Object.entries(p.products ?? {})) {
      await call(context, { method: "PUT", url: `${cartPath}/products`, json: { productId, quantity }, headers });
    }
    if (p.hotel) {
      const hotelPath = `${cartPath}/products/hotel/${p.hotel.travelId}`;
      await call(context, { method: "PUT", url: hotelPath, json: { productId: p.hotel.productId, ...(p.hotel.persons ? { persons: p.hotel.persons } : {}) }, headers });
      for (const [extraId, amount] of Object.entries(p.hotel.extras ?? {})) await call(context, { method: "POST", url: `${hotelPath}/extras`, json: { extraId, amount }, headers });
    }
    for (const [extraId, quantity] of Object.entries(p.addOns ?? {})) {
      const addonId = addOnId(String(p.addOnOf), extraId);
      await call(context, { method: "PATCH", url: `${cartPath}/products/hotel/${await travelIdOf(namespace)}/add-ons`, json: { addonId, quantity }, headers });
    }
    if (p.addOnOf) {
      // The add-on ids the order offers (one per extra), and the id of its hotel booking the web app sends with an add-on.
      values["addonId"] = addOnId(p.addOnOf, OFFERED_EXTRA);
      values["soldOutAddonId"] = addOnId(p.addOnOf, SOLD_OUT_EXTRA);
      values["hotelCartId"] = `hc_${p.addOnOf}`;
    }
    if (p.shippingCountry) await call(context, { method: "PUT", url: `${cartPath}/shipping`, json: { country: p.shippingCountry }, headers });
    if (p.details) await call(context, { method: "PUT", url: cartPath, json: p.details, headers });
    return { cartId, headers, values };
  };
  /** Orders the cart with a fresh Idempotency-Key (answered as `idempotencyKey`); answers the payment page address. */
  const order = async (context: StateContext, cart: Awaited<ReturnType<typeof buildCart>>, p: CartParams): Promise<string> => {
    const idempotencyKey = randomUUID();
    cart.values["idempotencyKey"] = idempotencyKey;
    const body = { paymentMethod: p.paymentMethod ?? "ideal", redirectUri: String(cart.values["returnUri"]) };
    const answer = await call(context, { method: "POST", url: `/api/v2/carts/${cart.cartId}/orders`, json: body, headers: { ...cart.headers, "idempotency-key": idempotencyKey } });
    return dataOf(answer)["redirectUri"] as string;
  };
  /** Pays on the reference server's test provider page (POST /test-payments/{id} outcome=pay). */
  const pay = async (context: StateContext, paymentPage: string): Promise<void> => {
    const answer = await context.api({ method: "POST", url: new URL(paymentPage).pathname, form: "outcome=pay" });
    if (answer.status >= 400) throw providerStateFailed(`paying ${paymentPage} answered ${answer.status}`);
  };
  const setNotice = async (context: StateContext, notice: { title: string | null; error: string | null }): Promise<void> => {
    const token = deps.noticeAdminToken();
    if (!token) throw providerStateFailed("NOTICE_ADMIN_TOKEN is not set, so the notice cannot be changed.");
    await call(context, { method: "PUT", url: "/api/notice", json: notice, headers: { authorization: `Bearer ${token}` } });
  };

  return {
    // Read-only demo data (docs/shop-api.md): nothing to build.
    "the demo catalogue is published": defineState(NoParams, async () => ({})),
    "the demo travel packages are published": defineState(NoParams, async () => ({})),
    // A shop of its own (server/catalogue/contract-showcase.ts) whose config and products set every optional field.
    "a shop with every optional setting": defineState(NoParams, async () => {
      await replaceShop(deps.db, CONTRACT_SHOWCASE);
      return { namespace: CONTRACT_SHOWCASE.config.apiNamespace, shopToken: CONTRACT_SHOWCASE.config.shopToken };
    }),
    // A sale whose opening is `opensInSeconds` from now (its waiting room keeps a pre-queue until then); null: no opening time.
    "a sale opens later": defineState(
      Schema.Struct({ namespace: Schema.optional(Schema.String), opensInSeconds: Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 86_400 }))) }),
      async ({ namespace = SALE_NAMESPACE, opensInSeconds }) => {
        const opensAt = opensInSeconds === null ? undefined : new Date(deps.clock().getTime() + opensInSeconds * 1000);
        await setSaleOpening(deps.db, namespace, opensAt);
        return { namespace, ...(opensAt ? { opensAt: opensAt.toISOString() } : {}) };
      },
    ),
    "a previous order": defineState(Schema.Struct({ reference: Schema.String }), async ({ reference }) => ({ ...(await previousOrderOf(deps.db, reference)) })),
    // The demo upgradable order (server/catalogue/demo-upgradable-orders.ts), not processed (or processed: an upgrade of it was paid).
    "an upgradable order": defineState(Schema.Struct({ processed: Schema.optional(Schema.Boolean) }), async ({ processed }) => {
      await setDemoUpgradeProcessed(deps.db, processed === true);
      return { orderId: DEMO_UPGRADE_ORDER_ID, accessId: DEMO_UPGRADE_ACCESS_ID, namespace: DEFAULT_NAMESPACE };
    }),
    "a cart": defineState(CartParams, async (p, context) => {
      const built = await buildCart(p, context);
      if (p.upgrade && p.upgradePaidElsewhere) {
        // A second upgrade cart of the same order, paid: the first one's order is then refused as processed (spec §8).
        const other = await buildCart({ ...p, upgradePaidElsewhere: false }, context);
        await pay(context, await order(context, other, p));
      }
      return built.values;
    }),
    // A payment queue token of this server for a queue shop, fresh or (used) already used for a cart.
    "a payment queue token": defineState(
      Schema.Struct({ namespace: Schema.optional(Schema.String), used: Schema.optional(Schema.Boolean) }),
      async ({ namespace = QUEUE_NAMESPACE, used }, context) => {
        const { paymentQueueToken } = await newCartBody(namespace);
        if (!paymentQueueToken) throw providerStateInvalid(`Shop ${namespace} has no payment queue.`);
        if (used === true) await call(context, { method: "POST", url: "/api/v2/carts", json: { paymentQueueToken }, headers: await shopHeaders(namespace) });
        return { paymentQueueToken, namespace };
      },
    ),
    "a cart in payment": defineState(CartParams, async (p, context) => {
      const cart = await buildCart(p, context);
      cart.values["paymentUri"] = await order(context, cart, p);
      return cart.values;
    }),
    "a paid cart": defineState(CartParams, async (p, context) => {
      const cart = await buildCart(p, context);
      await pay(context, await order(context, cart, p));
      return cart.values;
    }),
    // A shopping cart whose hold was extended as often as its shop allows (POST /carts/{id}/extend until cart.extensions.used.up).
    "a cart whose hold extensions are used up": defineState(CartParams, async (p, context) => {
      const { cartId, headers, values } = await buildCart(p, context);
      for (let extended = 0; extended <= MAX_EXTENSIONS_TRIED; extended += 1) {
        const answer = await context.api({ method: "POST", url: `/api/v2/carts/${cartId}/extend`, json: {}, headers });
        if (answer.status >= 400 && errorCodeOf(answer.body) === "cart.extensions.used.up") return values;
        if (answer.status >= 400) throw providerStateFailed(`POST /api/v2/carts/${cartId}/extend answered ${answer.status}: ${answer.body}`);
      }
      throw providerStateFailed(`POST /api/v2/carts/${cartId}/extend was never used up`);
    }),
    // The cart's time ran out: its expiry is moved into the past (the sweep or the next call releases it).
    "an expired cart": defineState(CartParams, async (p, context) => {
      const { cartId, values } = await buildCart(p, context);
      await expireCart(deps.db, cartId, new Date(deps.clock().getTime() - 1000));
      return values;
    }),
    // A second cart for an e-mail (or account) that already has a paid order in a shop allowing one order per account.
    // Set up again for the same e-mail (another interaction), the first cart is already such a second cart: it is answered.
    "a cart whose e-mail already placed the one order per account": defineState(CartParams, async (p, context) => {
      const first = await buildCart(p, context);
      const view = dataOf(await call(context, { method: "GET", url: `/api/v2/carts/${first.cartId}`, headers: first.headers }));
      const reasons = (view["checkoutErrors"] ?? []) as ReadonlyArray<{ code: string }>;
      if (reasons.some((r) => r.code === MAX_ORDERS_PER_ACCOUNT_ERROR)) return first.values;
      await pay(context, await order(context, first, p));
      return (await buildCart(p, context)).values;
    }),
    // A valid x-user-token of an account (acc-anna: a member; acc-sam: no membership; server/identity/demo-accounts.ts).
    "an identity token of an account": defineState(Schema.Struct({ account: Schema.String }), async ({ account }, context) => ({
      userToken: await userTokenOf(account, context),
      account,
    })),
    // The order `reference` waits for its sold-out add-on (the demo towel): the line is reset to this order alone with no
    // towel in stock; with `offered` one towel then comes back, so the order holds the offer; `joined: false`: not in it.
    "an add-on on the waiting list": defineState(
      Schema.Struct({ reference: Schema.String, offered: Schema.optional(Schema.Boolean), joined: Schema.optional(Schema.Boolean), namespace: Schema.optional(Schema.String) }),
      async ({ reference, offered, joined, namespace = DEFAULT_NAMESPACE }, context) => {
        const found = await previousOrderOf(deps.db, reference);
        const headers = { ...(await shopHeaders(namespace)), "x-cart-token": found.cartToken };
        const travelId = await travelIdOf(namespace);
        const addonId = addOnId(found.reference, SOLD_OUT_EXTRA);
        await resetAddOnWaitingLine(deps.db, travelId, SOLD_OUT_EXTRA);
        if (joined !== false) await call(context, { method: "POST", url: `/api/v2/orders/${found.reference}/add-on-waiting-list`, json: { addonId }, headers });
        if (offered === true) await restockExtra(deps.db, travelId, SOLD_OUT_EXTRA, 1, deps.clock());
        return { reference: found.reference, cartToken: found.cartToken, addonId, namespace };
      },
    ),
    // An operator puts `units` of an extra back on sale: its waiting list is served first.
    "an add-on comes back in stock": defineState(
      Schema.Struct({ extraId: Schema.optional(Schema.String), units: Schema.optional(Schema.Int), namespace: Schema.optional(Schema.String) }),
      async ({ extraId = SOLD_OUT_EXTRA, units = 1, namespace = DEFAULT_NAMESPACE }) => {
        await restockExtra(deps.db, await travelIdOf(namespace), extraId, units, deps.clock());
        return { extraId, namespace };
      },
    ),
    "a notice is published": defineState(
      Schema.Struct({ title: Schema.optional(Schema.String), error: Schema.optional(Schema.String) }),
      async ({ title = "Notice", error }, context) => {
        await setNotice(context, { title, error: error ?? null });
        return {};
      },
    ),
    "no notice is published": defineState(NoParams, async (_params, context) => {
      await setNotice(context, { title: null, error: null });
      return {};
    }),
  };
};

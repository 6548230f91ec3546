import { DEMO_UPGRADE_ACCESS_ID, DEMO_UPGRADE_ORDER_ID } from "../../server/catalogue/demo-upgradable-orders.ts";
import { DEMO_CATALOGUE, type DemoShop, LOWLANDS_TOKEN, NORTHERN_SALE_TOKEN, NORTHERN_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { VALID_DETAILS } from "./checkout-details.ts";

/*
 * Builders of the server tests' data over the Shop API itself (carts, orders, payments of the demo shops), so a test
 * states what it needs ("a paid weekend cart of this e-mail") instead of rebuilding the calls. They work over any
 * ShopApiCall: a suite's in-process `call` or real HTTP to a started server (httpShopApi).
 */

/** An answer of the Shop API as Fastify's inject gives it: status, headers, body text and its JSON. */
export interface ApiAnswer {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | number | string[] | undefined>>;
  readonly body: string;
  json(): any;
}

/** One call on a server: method, path, a JSON body (none when undefined) or a form text, and the headers (the shop's when none). */
export type ShopApiCall = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers?: Record<string, string>) => Promise<ApiAnswer>;

/** A demo shop as a Shop API client addresses it: its slug, `x-event-namespace` and bearer token. spec §7 Headers. */
export interface DemoShopIdentity {
  readonly slug: string;
  readonly namespace: string;
  readonly token: string;
}

/** Lowlands Lights, the demo shop most tests use (tickets, travel, merchandise, vouchers, upgrades). */
export const LOWLANDS: DemoShopIdentity = { slug: "lowlands-lights", namespace: "lowlands-lights-2027", token: LOWLANDS_TOKEN };
/** Northern Nights, the demo shop with a payment queue (POST /carts needs a paymentQueueToken). */
export const NORTHERN: DemoShopIdentity = { slug: "northern-nights", namespace: "northern-nights-2027", token: NORTHERN_TOKEN };
/** Northern Nights' member sale shop. */
export const NORTHERN_SALE: DemoShopIdentity = { slug: "northern-nights-sale", namespace: "northern-nights-sale-2027", token: NORTHERN_SALE_TOKEN };

/** The demo catalogue with `shop`'s config changed by `config` (e.g. `maxOrdersPerAccount`), to seed with resetDemoCatalogue. spec §3 Shop config. */
export const demoCatalogueWith = (shop: DemoShop, config: Partial<DemoShop["config"]>): DemoShop[] =>
  DEMO_CATALOGUE.map((s) => (s === shop ? { ...s, config: { ...s.config, ...config } } : s));

/** The headers of a shop-scoped call of `shop` (default Lowlands Lights), plus `extra` (cart, user or upgrade headers). */
export const shopHeaders = (shop: DemoShopIdentity = LOWLANDS, extra: Record<string, string> = {}): Record<string, string> => ({
  "x-event-namespace": shop.namespace,
  authorization: `Bearer ${shop.token}`,
  ...extra,
});

/** The headers of an upgrade of the demo upgradable order (x-upgradable-order-id, x-upgrade-access-id) in Lowlands Lights. spec §3 upgradableOrder. */
export const upgradeHeaders = (orderId = DEMO_UPGRADE_ORDER_ID, accessId = DEMO_UPGRADE_ACCESS_ID): Record<string, string> =>
  shopHeaders(LOWLANDS, { "x-upgradable-order-id": orderId, "x-upgrade-access-id": accessId });

/** The payment return page of `shop` that a test server accepts (its own origin, http://localhost). */
export const returnUriOf = (shop: DemoShopIdentity = LOWLANDS, origin = "http://localhost"): string => `${origin}/${shop.slug}/paymentstatus`;

/** Checkout details (the body of PUT /carts/{cartId}) that pass validation, with `overrides` (another e-mail, name or country). */
export const checkoutDetails = (overrides: Partial<Record<keyof typeof VALID_DETAILS, unknown>> = {}): Record<string, unknown> => ({ ...VALID_DETAILS, ...overrides });

/** Throws with the call and its answer unless `answer` has `status`: a builder's setup call that went wrong fails the test readably. */
const expectStatus = (answer: ApiAnswer, status: number, what: string): ApiAnswer => {
  if (answer.statusCode !== status) throw new Error(`${what} answered ${answer.statusCode} instead of ${status}: ${answer.body}`);
  return answer;
};

/** A cart being described; `create()` makes it over the Shop API and resolves to its id. spec §3 Cart. */
export class CartBuilder {
  private headers: Record<string, string> = shopHeaders();
  private body: Record<string, unknown> = {};
  private readonly lines: Array<readonly [string, number]> = [];
  private details: Record<string, unknown> | undefined;

  constructor(private readonly call: ShopApiCall) {}

  /** Made in `shop` with its headers, plus `extra` (x-cart-token, x-user-token, upgrade headers). */
  in(shop: DemoShopIdentity, extra: Record<string, string> = {}): this {
    this.headers = shopHeaders(shop, extra);
    return this;
  }

  /** Made and written with exactly these headers. */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...headers };
    return this;
  }

  /** POST /carts with this body (e.g. `{ paymentQueueToken }`). */
  withBody(body: Record<string, unknown>): this {
    this.body = body;
    return this;
  }

  /** Holding `quantity` of `productId` (PUT /carts/{id}/products, in the order given). */
  with(productId: string, quantity = 1): this {
    this.lines.push([productId, quantity]);
    return this;
  }

  /** Holding two weekend tickets of Lowlands Lights (€ 459,00 with service costs). */
  withWeekendTickets(quantity = 2): this {
    return this.with("ll_ticket_weekend", quantity);
  }

  /** With checkout details (PUT /carts/{id}): valid ones, with `overrides`. */
  withDetails(overrides: Partial<Record<keyof typeof VALID_DETAILS, unknown>> = {}): this {
    this.details = checkoutDetails(overrides);
    return this;
  }

  /** The headers the cart is made and written with (a test's later calls on it use them too). */
  get callHeaders(): Record<string, string> {
    return { ...this.headers };
  }

  /** Makes the cart (201), puts its lines (200 each) and its details (200); resolves to its id. */
  async create(): Promise<string> {
    const made = expectStatus(await this.call("POST", "/api/v2/carts", this.body, this.headers), 201, "POST /api/v2/carts");
    const id = made.json().data.id as string;
    for (const [productId, quantity] of this.lines) {
      expectStatus(await this.call("PUT", `/api/v2/carts/${id}/products`, { productId, quantity }, this.headers), 200, `PUT /api/v2/carts/${id}/products ${productId}`);
    }
    if (this.details) expectStatus(await this.call("PUT", `/api/v2/carts/${id}`, this.details, this.headers), 200, `PUT /api/v2/carts/${id}`);
    return id;
  }
}

/** A cart builder over `call`: Lowlands Lights, empty, no details until told otherwise. */
export const aCartOver = (call: ShopApiCall): CartBuilder => new CartBuilder(call);

/** Writes valid checkout details (with `overrides`) on an existing cart (PUT /carts/{cartId}, 200); answers the cart as the call answered it. */
export const giveDetails = async (call: ShopApiCall, cartId: string, overrides: Partial<Record<keyof typeof VALID_DETAILS, unknown>> = {}, headers = shopHeaders()): Promise<any> =>
  expectStatus(await call("PUT", `/api/v2/carts/${cartId}`, checkoutDetails(overrides), headers), 200, `PUT /api/v2/carts/${cartId}`).json().data;

/** What an order takes: payment method (default ideal), return page (default the shop's on http://localhost), Idempotency-Key, headers. */
export interface OrderOptions {
  readonly headers?: Record<string, string>;
  readonly paymentMethod?: string;
  readonly redirectUri?: string;
  readonly idempotencyKey?: string;
}

/** POST /carts/{cartId}/orders as the web app sends it; answers the answer as it is (a test of a refusal reads it). spec §7. */
export const orderCart = (call: ShopApiCall, cartId: string, options: OrderOptions = {}): Promise<ApiAnswer> =>
  call(
    "POST",
    `/api/v2/carts/${cartId}/orders`,
    { paymentMethod: options.paymentMethod ?? "ideal", redirectUri: options.redirectUri ?? returnUriOf() },
    { ...(options.headers ?? shopHeaders()), ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}) },
  );

/** Orders the cart (201) and answers the test provider's payment page it redirects to. */
export const placeOrder = async (call: ShopApiCall, cartId: string, options: OrderOptions = {}): Promise<string> =>
  expectStatus(await orderCart(call, cartId, options), 201, `POST /api/v2/carts/${cartId}/orders`).json().data.redirectUri as string;

/** Settles a payment on the test provider's page (POST its path, outcome pay or fail); answers the page's answer (a 303 to the return page). */
export const settlePayment = (call: ShopApiCall, paymentUri: string, outcome: "pay" | "fail" = "pay"): Promise<ApiAnswer> =>
  call("POST", new URL(paymentUri).pathname, `outcome=${outcome}`, { "content-type": "application/x-www-form-urlencoded" });

/** Orders the cart and pays it on the test provider; throws unless the return page says completed. Resolves to the return address. */
export const payCart = async (call: ShopApiCall, cartId: string, options: OrderOptions = {}): Promise<string> => {
  const settled = await settlePayment(call, await placeOrder(call, cartId, options));
  const location = String(settled.headers["location"] ?? "");
  if (!location.includes("status=completed")) throw new Error(`paying cart ${cartId} ended at '${location}' (${settled.statusCode}): ${settled.body}`);
  return location;
};

/** A ShopApiCall over real HTTP to a started server at `baseUrl` (redirects not followed), answering as inject does. */
export const httpShopApi =
  (baseUrl: string): ShopApiCall =>
  async (method, url, payload, headers = shopHeaders()) => {
    const form = typeof payload === "string";
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      redirect: "manual",
      headers: { ...(payload === undefined || form ? {} : { "content-type": "application/json" }), ...headers },
      ...(payload === undefined ? {} : { body: form ? payload : JSON.stringify(payload) }),
    });
    const body = await response.text();
    return { statusCode: response.status, headers: Object.fromEntries(response.headers.entries()), body, json: () => JSON.parse(body) };
  };

// Provider regressions a backend team could plausibly make, applied by `npm run contracts:mutation` to a COPY of
// server/ and domain/ (never to the repository). Each one is anchored on what a refactor keeps: a behaviour change
// wraps
// a named rule (a top-level function of server/ or domain/, found by its name wherever it lives); a change of what
// goes
// over the wire rewrites the provider's answers by the contract's own paths, fields and codes (see
// scripts/contracts-mutation-support.ts). A wrap whose name is gone or not unique is stale: the run refuses to start
// and
// tests/server/contract-regressions.test.ts fails. Every regression here must make contract verification fail
// ("killed").
import { errorCodeOf, mapObjects, type Regression, type WireRequest, type WireResponse } from "./contracts-mutation-support.ts";

/** The request path without its query string. */
const pathOf = (request: WireRequest): string => request.path.split("?")[0] ?? request.path;

/** Applies `change` to every cart object (the objects carrying `checkoutAllowed`) of an answer. */
const eachCart = (change: (cart: Record<string, unknown>) => Record<string, unknown>) => (_request: WireRequest, response: WireResponse): WireResponse => ({
  ...response,
  body: mapObjects(response.body, (o) => ("checkoutAllowed" in o ? change(o) : o)),
});

/** Applies `change` to `data` of the answers of `GET path` (path without query). */
const dataOf = (path: string, change: (data: unknown) => unknown) => (request: WireRequest, response: WireResponse): WireResponse =>
  request.method === "GET" && pathOf(request) === path && response.status === 200
    ? { ...response, body: { ...(response.body as object), data: change((response.body as { data: unknown }).data) } }
    : response;

/** Answers every failure with `code` by `status` and `newCode` instead. */
const errorAnsweredAs = (code: string, status: number, newCode: string) => (_request: WireRequest, response: WireResponse): WireResponse =>
  errorCodeOf(response.body) === code
    ? { status, body: { error: { ...(response.body as { error: object }).error, code: newCode } } }
    : response;

/** Each product of a product list changed by `change`. */
const eachProduct = (change: (product: Record<string, unknown>) => Record<string, unknown>) => (data: unknown): unknown =>
  (data as Array<Record<string, unknown>>).map(change);

/** The regressions a contract verification must catch; `contracts:mutation` prints `killed K of N` over them. */
export const REGRESSIONS: ReadonlyArray<Regression> = [
  {
    name: "checkoutAllowed renamed to canCheckout on the wire",
    response: eachCart(({ checkoutAllowed, ...rest }) => ({ ...rest, canCheckout: checkoutAllowed })),
  },
  {
    name: "ticket limit (5004) answered as sold out (5000)",
    response: errorAnsweredAs("5004", 422, "5000"),
  },
  {
    name: "cart token never checked (GET, writes and orders of add-on carts)",
    wraps: [{ symbol: "checkCartToken", wrap: "() => () => undefined" }],
  },
  {
    name: "get-orders ignores x-cart-token (the order and its e-mail come back without it)",
    wraps: [{ symbol: "ordersOfCartToken", wrap: "() => (rows) => [...rows]" }],
  },
  {
    name: "cart totals in cents (45900 for € 459,00)",
    response: eachCart((cart) => ({
      ...cart,
      totalAmount: (cart["totalAmount"] as number) * 100,
      totalAmountExcludingServiceCosts: (cart["totalAmountExcludingServiceCosts"] as number) * 100,
    })),
  },
  {
    name: "product prices in cents",
    response: dataOf("/api/v2/products", eachProduct((p) => ({ ...p, price: Math.round((p["price"] as number) * 100) }))),
  },
  {
    name: "cart status in_payment renamed payment_pending",
    response: eachCart((cart) => ({ ...cart, status: cart["status"] === "in_payment" ? "payment_pending" : cart["status"] })),
  },
  {
    name: "product type ticket answered as TICKET",
    response: dataOf("/api/v2/products", eachProduct((p) => ({ ...p, type: p["type"] === "ticket" ? "TICKET" : p["type"] }))),
  },
  {
    name: "Idempotency-Key ignored (a repeated order answers 409 instead of the replay)",
    request: ({ headers: { "idempotency-key": _ignored, ...headers }, ...request }) => ({ ...request, headers }),
  },
  {
    name: "cart.expired answered as 410 cart.gone",
    response: errorAnsweredAs("cart.expired", 410, "cart.gone"),
  },
  {
    name: "unknown cart answered 410 instead of 404 cart.not.found",
    response: errorAnsweredAs("cart.not.found", 410, "cart.not.found"),
  },
  {
    name: "a voucher that never discounts",
    wraps: [{ symbol: "discountOn", wrap: "() => () => 0" }],
  },
  {
    name: "quantity 0 keeps the line instead of removing it",
    wraps: [{ symbol: "withLineQuantity", wrap: "() => (lines, productId, quantity) => ({ ...lines, [productId]: quantity })" }],
  },
  {
    name: "cart in payment answers no paymentUri",
    response: (_request, response) => ({ ...response, body: mapObjects(response.body, (o) => ("paymentUri" in o && "availablePaymentMethods" in o ? { ...o, paymentUri: null } : o)) }),
  },
  {
    name: "shop config stepflow answered in lower case (yes/no)",
    response: dataOf("/api/v2/shop", (config) => ({ ...(config as object), stepflow: String((config as { stepflow: unknown }).stepflow).toLowerCase() })),
  },
  {
    name: "published notice answered under `notice` instead of `message`",
    response: (request, response) =>
      request.method === "GET" && pathOf(request) === "/api/notice" ? { ...response, body: { notice: (response.body as { message: unknown }).message } } : response,
  },
  {
    name: "transport request mail path renamed (singular)",
    request: (request) => (pathOf(request) === "/api/mail/transport-requests" ? { ...request, path: request.path.replace("/transport-requests", "/transport-request") } : request),
  },
  {
    name: "a refused order answers 409 checkout.not.allowed without its checkoutErrors",
    response: (_request, response) => {
      if (errorCodeOf(response.body) !== "checkout.not.allowed") return response;
      const { checkoutErrors: _dropped, ...error } = (response.body as { error: Record<string, unknown> }).error;
      return { ...response, body: { error } };
    },
  },
  {
    name: "orders skip the cart's checkoutErrors (occupants, one order per account)",
    wraps: [{ symbol: "orderRefusals", wrap: "(original) => (facts) => original({ ...facts, checkoutErrors: [] })" }],
  },
  {
    name: "shop config drops the optional tagManagerId and policyId",
    response: dataOf("/api/v2/shop", (config) => {
      const { tagManagerId: _tag, shopSettings, ...rest } = config as { tagManagerId?: unknown; shopSettings: Record<string, unknown> };
      const { policyId: _policy, ...settings } = shopSettings;
      return { ...rest, shopSettings: settings };
    }),
  },
  {
    name: "products drop the optional minQuantity and meta.minimumQuantity",
    response: dataOf(
      "/api/v2/products",
      eachProduct(({ minQuantity: _min, meta, ...rest }) => {
        if (meta === undefined || meta === null) return rest;
        const { minimumQuantity: _minimum, ...metaRest } = meta as Record<string, unknown>;
        return { ...rest, meta: metaRest };
      }),
    ),
  },
];

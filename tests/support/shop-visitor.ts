import { LOWLANDS_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { VALID_DETAILS } from "./checkout-details.ts";

/** One answered call of a visitor: its kind, status, how long it took (ms) and when it was answered (Date.now()). */
export interface TimedCall {
  readonly kind: string;
  readonly status: number;
  readonly ms: number;
  readonly answeredAt: number;
  readonly body: { readonly data?: Record<string, unknown>; readonly error?: { readonly code: string } };
}

/** Options of shopVisitor: the client address (sent as X-Forwarded-For, for a server that trusts 127.0.0.1), the shop headers, extra headers. */
export interface VisitorOptions {
  readonly address?: string;
  readonly shopHeaders?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** Client timeout of each call in ms (default 30 000). */
  readonly timeoutMs?: number;
}

/** Lowlands Lights' shop headers (the demo shop that sells without login or queue). */
export const LOWLANDS_HEADERS = { "x-event-namespace": "lowlands-lights-2027", authorization: `Bearer ${LOWLANDS_TOKEN}` } as const;

/**
 * A visitor of the Shop API at `origin` over real HTTP (fetch): each call is timed and kept in `calls`. `buyTicket`
 * makes the usual path: a cart, a held ticket (PUT products), checkout details and an order (spec §4, §7).
 */
export const shopVisitor = (origin: string, options: VisitorOptions = {}) => {
  const calls: TimedCall[] = [];
  const headers = {
    "content-type": "application/json",
    ...(options.shopHeaders ?? LOWLANDS_HEADERS),
    ...(options.address ? { "x-forwarded-for": options.address } : {}),
    ...options.headers,
  };
  const call = async (kind: string, method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<TimedCall> => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v2${path}`, {
      method,
      headers: { ...headers, ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    const answered: TimedCall = { kind, status: response.status, ms: performance.now() - started, answeredAt: Date.now(), body: text ? (JSON.parse(text) as TimedCall["body"]) : {} };
    calls.push(answered);
    return answered;
  };
  return {
    calls,
    call,
    /** Cart, one `productId` held, details with `email`, order with the test provider's iDEAL; resolves the cart id. Throws when a step is refused. */
    async buyTicket(email: string, productId = "ll_ticket_weekend"): Promise<string> {
      const cart = await call("cart", "POST", "/carts", {});
      if (cart.status !== 201) throw new Error(`POST /carts answered ${cart.status}: ${JSON.stringify(cart.body)}`);
      const id = String(cart.body.data!["id"]);
      const token = { "x-cart-token": String(cart.body.data!["cartToken"] ?? "") };
      const steps: Array<[string, string, string, unknown]> = [
        ["hold", "PUT", `/carts/${id}/products`, { productId, quantity: 1 }],
        ["details", "PUT", `/carts/${id}`, { ...VALID_DETAILS, email }],
        ["order", "POST", `/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "https://shop.example.com/lowlands-lights/paymentstatus" }],
      ];
      for (const [kind, method, path, body] of steps) {
        const answer = await call(kind, method, path, body, token["x-cart-token"] ? token : {});
        if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      return id;
    },
  };
};

/** The `q` quantile (0..1) of `values` in ms (nearest rank), 0 for none. */
export const quantile = (values: ReadonlyArray<number>, q: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};

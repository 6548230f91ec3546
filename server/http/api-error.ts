/** An expected API failure: HTTP status and the `{error:{code,message}}` body it answers with. spec §8, docs/shop-api.md Envelopes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** More fields of the `error` object (e.g. checkoutErrors of a refused order). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The failure envelope `{error:{code,message}}` of docs/shop-api.md (`extra` adds fields to `error`). */
export const errorBody = (code: string, message: string, extra: Readonly<Record<string, unknown>> = {}) => ({ error: { code, message, ...extra } });

/**
 * 409 `checkout.not.allowed`: the cart may not place an order (domain/checkout-rules.ts orderRefusals); the envelope
 * carries them as `checkoutErrors` [{code, message}] and the message joins their messages. spec §7 orders.
 */
export const checkoutRefused = (refusals: ReadonlyArray<{ readonly code: string; readonly message: string }>): ApiError =>
  new ApiError(409, "checkout.not.allowed", refusals.map((r) => r.message).join(" "), { checkoutErrors: refusals });

/** 400/422 `request.invalid` whose message names the offending field(s). */
export const invalidRequest = (message: string, status = 400): ApiError => new ApiError(status, "request.invalid", message);
/** 403 `request.cross.site`: a browser write sent from another site (Sec-Fetch-Site: cross-site), e.g. a hostile page's form post. */
export const crossSiteRefused = (): ApiError => new ApiError(403, "request.cross.site", "Requests from another site may not change anything here.");
/** 404 `cart.not.found`. */
export const cartNotFound = (): ApiError => new ApiError(404, "cart.not.found", "This cart does not exist.");
/** 409 `cart.expired`: the cart's time is up and its holds were released. spec §4 Countdown. */
export const cartExpired = (): ApiError => new ApiError(409, "cart.expired", "This cart has expired.");
/** 409 `cart.changed`: the cart changed at the same moment by another request, again and again; nothing of this request happened, try again. */
export const cartChanged = (): ApiError => new ApiError(409, "cart.changed", "This cart was changed at the same time; try again.");
/** 409 `cart.not.shopping`: the cart is in payment or confirmed. spec §4 Cart status. */
export const cartNotShopping = (): ApiError => new ApiError(409, "cart.not.shopping", "This cart can no longer be changed.");
/** 409 `5000`: sold out or not enough stock. spec §8. */
export const soldOut = (): ApiError => new ApiError(409, "5000", "This product is sold out.");
/** 404 `5001`: unknown product. spec §8. */
export const productNotFound = (): ApiError => new ApiError(404, "5001", "This product was not found.");
/** 422 `5004`: tickets over min(maxTicketAmount, maxQuantity). spec §5 Quantities, §8. */
export const quantityOverLimit = (max: number): ApiError =>
  new ApiError(422, "5004", `You can order at most ${max} tickets.`);

import { Data } from "effect";
import type { CheckoutError } from "../domain/cart.schema.ts";

/**
 * The Shop API answered with an error: HTTP status, the `error.code` (a spec §8 catalogue number such as "5000"
 * or a dotted validation code), `error.message` (spec §7 "data.error.message is read") and, on a refused order,
 * `error.checkoutErrors`.
 */
export class ShopApiError extends Data.TaggedError("ShopApiError")<{
  readonly status: number;
  readonly code: string;
  readonly message: string;
  /** Why the cart may not order, when the server refused an order (409 checkout.not.allowed). spec §3 Cart, §7 orders. */
  readonly checkoutErrors?: ReadonlyArray<CheckoutError>;
}> {}

/** The Shop API could not be reached (network failure, CORS, aborted). Shown as catalogue code 1000. spec §8. */
export class NetworkError extends Data.TaggedError("NetworkError")<{ readonly message: string }> {}

/** The Shop API answered a body that does not match the contract's schema. Shown as code 1000. spec §8. */
export class UnexpectedAnswerError extends Data.TaggedError("UnexpectedAnswerError")<{ readonly message: string }> {}

/** No shop is published under the slug of the route (shown as the 404 page). spec §2 error page. */
export class ShopNotFoundError extends Data.TaggedError("ShopNotFoundError")<{ readonly slug: string }> {}

/** The visitor has no cart yet, so there is nothing to check out or pay. */
export class NoCartError extends Data.TaggedError("NoCartError")<{ readonly slug: string }> {}

/** Any failure of a Shop API port call. */
export type ApiFailure = ShopApiError | NetworkError | UnexpectedAnswerError;

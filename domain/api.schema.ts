import { Schema } from "effect";
import { CheckoutError } from "./cart.schema.ts";

/** Envelope of every successful Shop API v2 answer: `{ data: T }`. spec §7 (the shop reads data.data.*). */
export const DataEnvelope = <S extends Schema.Top>(data: S) => Schema.Struct({ data });

/**
 * Body of every failed Shop API answer: `{ error: { code, message } }` (the shop reads data.error.message), plus the
 * cart's reasons `checkoutErrors` [{code, message}] on a refused order (409 checkout.not.allowed). spec §7, §8.
 */
export const ApiErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String, checkoutErrors: Schema.optional(Schema.Array(CheckoutError)) }),
});
/** A decoded API error body. */
export type ApiErrorBody = typeof ApiErrorBody.Type;

/** Shop API v2 header carrying the event namespace (spec §7 "Headers: event namespace"). */
export const EVENT_NAMESPACE_HEADER = "x-event-namespace";
/** Shop API v2 header carrying the cart token for add-on shops and deep-link carts (spec §6). */
export const CART_TOKEN_HEADER = "x-cart-token";
/** Shop API v2 header carrying the order id being upgraded (spec §6 "Upgrades send an upgradable-order id header"). */
export const UPGRADABLE_ORDER_HEADER = "x-upgradable-order-id";
/**
 * Header with the access id of the upgrade e-mail link (spec §2 redirect links); the spec names none, so this is the
 * reference API's choice (docs/shop-api.md Upgrades).
 */
export const UPGRADE_ACCESS_HEADER = "x-upgrade-access-id";
/** Shop API v2 header carrying the shop settings' policy id (spec §7 Headers "policy id"). */
export const POLICY_ID_HEADER = "x-policy-id";
/** Header carrying the visitor's identity token on every call (spec §6: from single sign-on or the previous-id-token cookie). */
export const USER_TOKEN_HEADER = "x-user-token";
/** Header making POST /carts/{id}/orders safe to retry: the server replays the first answer for a repeated key. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

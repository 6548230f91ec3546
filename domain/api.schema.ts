import { Schema } from "effect";

/** Envelope of every successful Shop API v2 answer: `{ data: T }`. spec §7 (the shop reads data.data.*). */
export const DataEnvelope = <S extends Schema.Top>(data: S) => Schema.Struct({ data });

/** Body of every failed Shop API answer: `{ error: { code, message } }` (the shop reads data.error.message). spec §7, §8. */
export const ApiErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String }),
});
/** A decoded API error body. */
export type ApiErrorBody = typeof ApiErrorBody.Type;

/** Shop API v2 header carrying the event namespace (spec §7 "Headers: event namespace"). */
export const EVENT_NAMESPACE_HEADER = "x-event-namespace";
/** Shop API v2 header carrying the cart token for add-on shops and deep-link carts (spec §6). */
export const CART_TOKEN_HEADER = "x-cart-token";

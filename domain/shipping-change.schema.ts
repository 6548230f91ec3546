import { Schema } from "effect";
import { Cart } from "./cart.schema.ts";

/** Body of PUT /carts/{cartId}/shipping: the two-letter shipping country code (or OTHER for the festival brands' 'Other countries'). spec §4 Shipping country change. */
export const PutShippingCountry = Schema.Struct({ country: Schema.String.check(Schema.isMinLength(2), Schema.isMaxLength(8)) });
/** A PUT /carts/{cartId}/shipping body. */
export type PutShippingCountry = typeof PutShippingCountry.Type;

/**
 * Answer of PUT /carts/{cartId}/shipping (inside `data`): the cart after the change, and the merchandise product ids
 * the change removed (non-empty when the country has price 0, spec §4 Shipping country change, §8 5003).
 */
export const ShippingCountryChanged = Schema.Struct({ cart: Cart, removedProductIds: Schema.Array(Schema.String) });
/** A decoded shipping change answer (cart money in cents). */
export type ShippingCountryChanged = typeof ShippingCountryChanged.Type;
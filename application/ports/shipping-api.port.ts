import type { Effect } from "effect";
import type { ShippingCountryChanged } from "../../domain/shipping-change.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/** Port to PUT /carts/{cartId}/shipping of the Shop API v2 (spec §4 Shipping country change, §9 Shipping). */
export interface ShippingApi {
  /** Sets the cart's shipping country; answers the cart (shipping in its total) and the merchandise ids a price-0 country removed. */
  putShippingCountry(context: ShopContext, cartId: string, country: string): Effect.Effect<ShippingCountryChanged, ApiFailure>;
}

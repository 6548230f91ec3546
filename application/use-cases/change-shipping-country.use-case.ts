import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Product } from "../../domain/product.schema.ts";
import { changeShippingCountry, isFestivalBrand } from "../../domain/shipping.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShippingApi } from "../ports/shipping-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { SHIPPING_API } from "../ports/tokens.ts";

/** Input of ChangeShippingCountry: the shop, its cart and products, the chosen code, and whether the 6007 question was confirmed. */
export interface ChangeShippingCountryInput {
  readonly context: ShopContext;
  readonly config: ShopConfig;
  readonly cart: Cart;
  readonly products: ReadonlyArray<Product>;
  readonly country: string;
  /** The visitor confirmed removing the merchandise (6007, festival brands). */
  readonly confirmed: boolean;
}

/** Outcome: the 6007 question first (festival brands, nothing sent yet), or the stored change with what it removed and the code to show (5003) when it removed merchandise unasked. */
export type ShippingCountryOutcome =
  | { readonly _tag: "ConfirmRemoval"; readonly code: 6007; readonly removeProductIds: ReadonlyArray<string> }
  | { readonly _tag: "Changed"; readonly cart: Cart; readonly removedProductIds: ReadonlyArray<string>; readonly notice: 5003 | null };

/**
 * Changes the cart's shipping country (spec §4, §8 5003/6007, §9): a festival brand's price-0 country with merchandise
 * asks to confirm first; the answer names the merchandise removed. Fails with an ApiFailure.
 */
@injectable()
export class ChangeShippingCountry {
  constructor(@inject(SHIPPING_API) private readonly shipping: ShippingApi) {}

  /** Decides and, unless a confirm is needed first, stores the change. */
  execute(input: ChangeShippingCountryInput): Effect.Effect<ShippingCountryOutcome, ApiFailure> {
    const merchandise = Object.keys(input.cart.products).filter((id) => input.products.some((p) => p.id === id && p.type === "merchandise"));
    const festivalBrand = isFestivalBrand(input.config.brand);
    const decision = changeShippingCountry(input.config.shippingCountries, input.country, { festivalBrand, merchandiseInCart: merchandise });
    if (decision._tag === "Unshippable" && decision.needsConfirm && !input.confirmed) {
      return Effect.succeed({ _tag: "ConfirmRemoval", code: 6007, removeProductIds: decision.removeProductIds });
    }
    return this.shipping.putShippingCountry(input.context, input.cart.id, input.country).pipe(
      Effect.map(({ cart, removedProductIds }): ShippingCountryOutcome => ({
        _tag: "Changed",
        cart,
        removedProductIds,
        notice: removedProductIds.length > 0 && !input.confirmed ? 5003 : null,
      })),
    );
  }
}

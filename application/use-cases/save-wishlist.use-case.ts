import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import type { SingleSignOn, SingleSignOnError, Wishlist } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * Saves the pre-registration wishlist (spec §4 Wishlist save, §7 put wishlists): drops products with quantity 0,
 * puts it, and answers the 4001 "Thank you, wishlist saved" message to show. Fails with SingleSignOnError.
 */
@injectable()
export class SaveWishlist {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** Saves `wishlist`; answers CatalogueError 4001 as the confirmation to show. */
  execute({ wishlist }: { readonly wishlist: Wishlist }): Effect.Effect<CatalogueError, SingleSignOnError> {
    const products = Object.fromEntries(Object.entries(wishlist.preferences.products).filter(([, quantity]) => quantity > 0));
    return this.sso
      .putWishlist({ ...wishlist, preferences: { ...wishlist.preferences, products } })
      .pipe(Effect.as(new CatalogueError({ code: 4001, messages: [] })));
  }
}

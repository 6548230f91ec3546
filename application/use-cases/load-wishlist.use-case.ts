import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { SingleSignOn, SingleSignOnError, Wishlist, WishlistKey } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/** Loads the logged-in user's saved wishlist of an event and year, or null when none is saved (spec §2 Wishlist button, §6). Fails with SingleSignOnError (login-required when anonymous). */
@injectable()
export class LoadWishlist {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** The wishlist or null. */
  execute({ key }: { readonly key: WishlistKey }): Effect.Effect<Wishlist | null, SingleSignOnError> {
    return this.sso.getWishlist(key);
  }
}

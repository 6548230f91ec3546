import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { CART_ID_STORE, ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * The logout-and-login action of the prefilled, read-only checkout e-mail (spec §3 Checkout form "a logout-and-login
 * action allows changing it"): forgets this browser's login (the previous-id-token cookie and the stored single sign-on
 * user) and the shop's cart, which belongs to the account logging out (spec §6: carts are their account's), then starts
 * a login redirect on which the provider asks for an account again (not its live session), coming back to `returnTo`.
 * Fails with SingleSignOnError when the login cannot start.
 */
@injectable()
export class SwitchAccount {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** Logs this browser out, forgets its cart of the shop `slug`, and starts a fresh login, coming back to `returnTo`. */
  execute({ slug, returnTo }: { readonly slug: string; readonly returnTo?: string | undefined }): Effect.Effect<void, SingleSignOnError> {
    return Effect.sync(() => {
      this.idTokens.clear();
      this.cartIds.clear(slug);
    }).pipe(
      Effect.flatMap(() => this.sso.forgetUser()),
      Effect.flatMap(() => this.sso.login(returnTo, { askAgain: true })),
    );
  }
}

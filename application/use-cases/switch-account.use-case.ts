import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { CART_API, CART_ID_STORE, ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * The logout-and-login action of the prefilled, read-only checkout e-mail (spec §3 Checkout form "a logout-and-login
 * action allows changing it"): the account logging out gives the shop's cart back first (CartApi releaseOwner, with
 * its x-user-token), so the cart stays the visitor's and the account logging in takes it (spec §6); then it forgets
 * this browser's login (the previous-id-token cookie and the stored single sign-on user) and starts a login redirect
 * on which the provider asks for an account again (not its live session), coming back to `returnTo`. The cart id is
 * kept. A failed hand-over does not stop the switch. Fails with SingleSignOnError when the login cannot start.
 */
@injectable()
export class SwitchAccount {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
    @inject(CART_API) private readonly carts: CartApi,
  ) {}

  /** Hands the cart of the shop `slug` over (with `context`'s user token), logs this browser out, and starts a fresh login, coming back to `returnTo`. */
  execute({ slug, context, returnTo }: { readonly slug: string; readonly context: ShopContext; readonly returnTo?: string | undefined }): Effect.Effect<void, SingleSignOnError> {
    const handOver = Effect.suspend(() => {
      const cartId = this.cartIds.get(slug);
      return cartId !== null && context.userToken !== undefined ? this.carts.releaseOwner(context, cartId).pipe(Effect.ignore) : Effect.void;
    });
    return handOver.pipe(
      Effect.flatMap(() => Effect.sync(() => this.idTokens.clear())),
      Effect.flatMap(() => this.sso.forgetUser()),
      Effect.flatMap(() => this.sso.login(returnTo, { askAgain: true })),
    );
  }
}

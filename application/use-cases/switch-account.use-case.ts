import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { CART_API, CART_ID_STORE, ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * The logout-and-login action of the read-only checkout e-mail (spec §3 Checkout form, §6): the account logging out
 * gives the cart back (CartApi releaseOwner), then the login is forgotten and a new one asked for. Fails with SingleSignOnError.
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

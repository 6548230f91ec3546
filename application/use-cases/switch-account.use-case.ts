import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { CART_ID_STORE, ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * Switches the account of the prefilled checkout e-mail (spec §3 Checkout form, §6): forgets the login and the shop's
 * cart, then logs in asking for an account again. Fails with SingleSignOnError.
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

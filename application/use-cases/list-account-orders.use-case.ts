import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { AccountOrders } from "../../domain/account-orders.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { AccountApi } from "../ports/account-api.port.ts";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn } from "../ports/single-sign-on.port.ts";
import { ACCOUNT_API, ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * The logged-in visitor's orders in the brand's shops (spec §6), asked with the identity token; null without one. Fails
 * with an ApiFailure.
 */
@injectable()
export class ListAccountOrders {
  constructor(
    @inject(ACCOUNT_API) private readonly accounts: AccountApi,
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
  ) {}

  /** The account's orders (money in cents), newest first, or null when nobody is logged in. */
  execute(): Effect.Effect<AccountOrders | null, ApiFailure> {
    return this.sso.checkSession().pipe(
      Effect.catch(() => Effect.succeed(null)),
      Effect.map((user) => user?.idToken ?? this.idTokens.get() ?? undefined),
      Effect.flatMap((token) => (token === undefined ? Effect.succeed(null) : this.accounts.getOrders(token))),
    );
  }
}

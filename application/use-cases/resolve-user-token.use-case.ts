import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import type { SingleSignOn } from "../ports/single-sign-on.port.ts";
import { ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";

/**
 * The identity token sent as x-user-token on every Shop API call (spec §6): the single sign-on user's id_token,
 * else the previous-id-token cookie, else undefined. A single sign-on failure is logged (unavailable quietly) and falls back to the cookie.
 */
@injectable()
export class ResolveUserToken {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
  ) {}

  /** `context` with userToken set to the resolved token (unchanged when there is none). */
  execute(input: { readonly context: ShopContext }): Effect.Effect<ShopContext> {
    return this.sso.checkSession().pipe(
      // Without single sign-on (reason unavailable) there is simply no session; other failures are logged.
      Effect.catch((error) => (error.reason === "unavailable" ? Effect.succeed(null) : Effect.logWarning("single sign-on session check failed", error).pipe(Effect.as(null)))),
      Effect.map((user) => user?.idToken ?? this.idTokens.get() ?? undefined),
      Effect.map((userToken) => (userToken ? { ...input.context, userToken } : input.context)),
    );
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";
import type { LoginState } from "./check-login.use-case.ts";

/**
 * Completes the login on the callback URL (authorization code exchange), keeps the id_token in the
 * previous-id-token cookie (the user token of later visits, spec §6) and loads the membership (spec §4 Login state).
 * Fails with SingleSignOnError; nothing is stored then.
 */
@injectable()
export class CompleteLogin {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
  ) {}

  /** The login state after the callback. */
  execute({ callbackUrl }: { readonly callbackUrl: string }): Effect.Effect<LoginState, SingleSignOnError> {
    return this.sso.completeLogin(callbackUrl).pipe(
      Effect.tap((user) => Effect.sync(() => this.idTokens.set(user.idToken))),
      Effect.flatMap((user) => this.sso.loadMembership().pipe(Effect.map((membership) => ({ user, membership })))),
    );
  }
}

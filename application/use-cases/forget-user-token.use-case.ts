import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn } from "../ports/single-sign-on.port.ts";
import { ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";
import { type LoginState, NO_MEMBERSHIP } from "./check-login.use-case.ts";

/**
 * Forgets the visitor's identity token after the Shop API refused it (401 user.token.invalid, spec §6): the
 * previous-id-token cookie and the stored single sign-on user, without a redirect, so later calls go without
 * x-user-token. Answers the anonymous login state; the visitor continues anonymously or meets the login prompt of a
 * shop that needs one. Never fails.
 */
@injectable()
export class ForgetUserToken {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
  ) {}

  /** The anonymous login state, once both stores are cleared. */
  execute(): Effect.Effect<LoginState> {
    return Effect.sync(() => this.idTokens.clear()).pipe(
      Effect.flatMap(() => this.sso.forgetUser()),
      Effect.as({ user: null, membership: NO_MEMBERSHIP }),
    );
  }
}

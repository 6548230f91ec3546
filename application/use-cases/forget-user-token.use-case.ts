import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn } from "../ports/single-sign-on.port.ts";
import { ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";
import { type LoginState, NO_MEMBERSHIP } from "./check-login.use-case.ts";

/**
 * Forgets the identity token the Shop API refused (spec §6): its cookie and the stored user, without a redirect.
 * Answers the anonymous login state; never fails.
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

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { IdTokenStore } from "../ports/id-token-store.port.ts";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { ID_TOKEN_STORE, SINGLE_SIGN_ON } from "../ports/tokens.ts";
import { type LoginState, NO_MEMBERSHIP } from "./check-login.use-case.ts";

/** Logs out (spec §4 Login state): forgets the previous-id-token cookie first, then starts the logout redirect; the state becomes anonymous with membership status 0. Fails with SingleSignOnError (the cookie is gone anyway). */
@injectable()
export class Logout {
  constructor(
    @inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn,
    @inject(ID_TOKEN_STORE) private readonly idTokens: IdTokenStore,
  ) {}

  /** The anonymous login state. */
  execute(): Effect.Effect<LoginState, SingleSignOnError> {
    return Effect.sync(() => this.idTokens.clear()).pipe(
      Effect.flatMap(() => this.sso.logout()),
      Effect.as({ user: null, membership: NO_MEMBERSHIP }),
    );
  }
}

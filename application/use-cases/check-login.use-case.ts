import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Membership, SingleSignOn, SingleSignOnError, SsoUser } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/** No membership: status 0, no level (also the state after logout). spec §4 Login state. */
export const NO_MEMBERSHIP: Membership = { status: 0, level: null };

/** The login state: the logged-in user (null when anonymous) and the account's membership (NO_MEMBERSHIP when anonymous). spec §4 Login state. */
export interface LoginState {
  readonly user: SsoUser | null;
  readonly membership: Membership;
}

/** Checks the active single sign-on session and, for a logged-in user, loads the membership status (spec §4 "Logging in ... loads the membership status"). Fails with SingleSignOnError. */
@injectable()
export class CheckLogin {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** The login state of the current session. */
  execute(): Effect.Effect<LoginState, SingleSignOnError> {
    return this.sso.checkSession().pipe(
      Effect.flatMap((user): Effect.Effect<LoginState, SingleSignOnError> =>
        user === null
          ? Effect.succeed({ user, membership: NO_MEMBERSHIP })
          : this.sso.loadMembership().pipe(Effect.map((membership) => ({ user, membership }))),
      ),
    );
  }
}

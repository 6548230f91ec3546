import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/** Starts a single sign-on redirect from the profile icon or the 6004 login prompt (spec §2 Header, §6): login, register (create account) or edit account. Fails with SingleSignOnError. */
@injectable()
export class StartLogin {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** Login redirect, coming back to `returnTo`. */
  execute(returnTo?: string): Effect.Effect<void, SingleSignOnError> {
    return this.sso.login(returnTo);
  }

  /** Registration redirect, coming back to `returnTo`. */
  register(returnTo?: string): Effect.Effect<void, SingleSignOnError> {
    return this.sso.register(returnTo);
  }

  /** The account editing page (menu entry Account). */
  editAccount(): Effect.Effect<void, SingleSignOnError> {
    return this.sso.editAccount();
  }
}

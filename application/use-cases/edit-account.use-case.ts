import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/** Opens the single sign-on account editing page (the profile menu's entry Account, spec §2 Header, §6). Fails with SingleSignOnError. */
@injectable()
export class EditAccount {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** Redirects to the account editing page. */
  execute(): Effect.Effect<void, SingleSignOnError> {
    return this.sso.editAccount();
  }
}

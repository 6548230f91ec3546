import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { SingleSignOn, SingleSignOnError } from "../ports/single-sign-on.port.ts";
import { SINGLE_SIGN_ON } from "../ports/tokens.ts";

/** Starts the single sign-on login redirect from the profile icon or the 6004 login prompt (spec §2 Header, §6). Fails with SingleSignOnError. */
@injectable()
export class StartLogin {
  constructor(@inject(SINGLE_SIGN_ON) private readonly sso: SingleSignOn) {}

  /** Login redirect, coming back to `returnTo` (a path of the shop). */
  execute(input: { readonly returnTo?: string | undefined }): Effect.Effect<void, SingleSignOnError> {
    return this.sso.login(input.returnTo);
  }
}

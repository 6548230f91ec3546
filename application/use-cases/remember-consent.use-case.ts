import { inject, injectable } from "tsyringe";
import type { ConsentStore, CookieConsent } from "../ports/consent-store.port.ts";
import { CONSENT_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: the cookie question is part of the first load, which leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Remembers the visitor's answer to the cookie question of spec §2 Other layers; the tag manager loads only after "all" (spec §7 Analytics). */
@injectable()
export class RememberConsent {
  constructor(@inject(CONSENT_STORE) private readonly store: ConsentStore) {}

  /** Stores `consent` in the consent cookie. */
  execute(input: { readonly consent: CookieConsent }): void {
    this.store.set(input.consent);
  }
}

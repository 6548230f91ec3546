import { inject, injectable } from "tsyringe";
import type { ConsentStore, CookieConsent } from "../ports/consent-store.port.ts";
import { CONSENT_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: the first render asks it, and the first load leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Recalls the visitor's answer to the cookie question of spec §2 Other layers (remembered by RememberConsent). */
@injectable()
export class RecallConsent {
  constructor(@inject(CONSENT_STORE) private readonly store: ConsentStore) {}

  /** The remembered choice, or null when the question must be asked. */
  execute(): CookieConsent | null {
    return this.store.get();
  }
}

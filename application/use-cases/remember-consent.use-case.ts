import { inject, injectable } from "tsyringe";
import type { ConsentStore, CookieConsent } from "../ports/consent-store.port.ts";
import { CONSENT_STORE } from "../ports/tokens.ts";

/** The cookie consent of spec §2 Other layers: recalls and remembers the visitor's choice; the tag manager loads only after "all" (spec §7 Analytics). */
@injectable()
export class RememberConsent {
  constructor(@inject(CONSENT_STORE) private readonly store: ConsentStore) {}

  /** The remembered choice, or null when the dialog must ask. */
  recall(): CookieConsent | null {
    return this.store.get();
  }

  /** Remembers the choice. */
  execute(consent: CookieConsent): void {
    this.store.set(consent);
  }

  /** True when analytics (the tag manager) may load: the visitor chose "all". */
  allowsAnalytics(): boolean {
    return this.store.get() === "all";
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Analytics } from "../ports/analytics.port.ts";
import type { ConsentStore } from "../ports/consent-store.port.ts";
import { ANALYTICS, CONSENT_STORE } from "../ports/tokens.ts";

/** Loads the tag manager script when the shop config names a container and the visitor consented to analytics cookies ("all"; spec §2 Other layers "Cookie consent dialog", §7 Analytics). Never fails. */
@injectable()
export class LoadTagManager {
  constructor(
    @inject(ANALYTICS) private readonly analytics: Analytics,
    @inject(CONSENT_STORE) private readonly consent: ConsentStore,
  ) {}

  /** Loads the container `tagManagerId`; nothing without one or without consent (asked each time, so a later choice counts at once). */
  execute(input: { readonly tagManagerId: string | undefined }): Effect.Effect<void> {
    return this.consent.get() === "all" ? this.analytics.loadTagManager(input.tagManagerId) : Effect.void;
  }
}

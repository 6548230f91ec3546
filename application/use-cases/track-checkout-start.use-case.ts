import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsCustomer, type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import type { ConsentStore } from "../ports/consent-store.port.ts";
import { ANALYTICS, CONSENT_STORE } from "../ports/tokens.ts";

/**
 * begin_checkout after a successful details update and the legacy checkout (step 1) (spec §7 Analytics). Consent
 * decides what may leave the page (spec §2 Other layers "Cookie consent dialog"): only with consent to analytics
 * ("all") does begin_checkout carry the customer and is the hashed e-mail kept. Never fails.
 */
@injectable()
export class TrackCheckoutStart {
  constructor(
    @inject(ANALYTICS) private readonly analytics: Analytics,
    @inject(CONSENT_STORE) private readonly consent: ConsentStore,
  ) {}

  /** begin_checkout and checkout (step 1) with `lines`; with consent also `customer` and its hashed e-mail (consent asked each time). */
  execute(input: { readonly shop: AnalyticsShop; readonly lines: ReadonlyArray<AnalyticsLine>; readonly customer: AnalyticsCustomer }): Effect.Effect<void> {
    const items = input.lines.map((l) => analyticsItem(l, input.shop.brand));
    const personal = this.consent.get() === "all";
    return Effect.all([
      personal ? this.analytics.rememberEmail(input.customer.email) : Effect.void,
      this.analytics.track(personal ? { type: "begin_checkout", items, customer: input.customer } : { type: "begin_checkout", items }),
      this.analytics.track({ type: "checkout", items, step: 1 }),
    ]).pipe(Effect.asVoid);
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsCustomer, type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import type { ConsentStore } from "../ports/consent-store.port.ts";
import { ANALYTICS, CONSENT_STORE } from "../ports/tokens.ts";

/**
 * begin_checkout and the legacy checkout step after the details were sent (spec §7 Analytics); the customer and e-mail
 * hash only with analytics consent (spec §2 Other layers). Never fails.
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

import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** add_payment_info on pay, with the chosen payment method (spec §7 Analytics). Never fails. */
@injectable()
export class TrackPaymentInfo {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** add_payment_info with `lines` and `paymentType` (the payment method's uid). */
  execute(input: { readonly shop: AnalyticsShop; readonly lines: ReadonlyArray<AnalyticsLine>; readonly paymentType: string }): Effect.Effect<void> {
    return this.analytics.track({ type: "add_payment_info", items: input.lines.map((l) => analyticsItem(l, input.shop.brand)), paymentType: input.paymentType });
  }
}

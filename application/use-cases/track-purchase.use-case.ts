import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** purchase for a confirmed order (spec §7 Analytics). Never fails. */
@injectable()
export class TrackPurchase {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** purchase with `lines` and the order's `transactionId`. */
  execute(input: { readonly shop: AnalyticsShop; readonly lines: ReadonlyArray<AnalyticsLine>; readonly transactionId: string }): Effect.Effect<void> {
    return this.analytics.track({ type: "purchase", items: input.lines.map((l) => analyticsItem(l, input.shop.brand)), transactionId: input.transactionId });
  }
}

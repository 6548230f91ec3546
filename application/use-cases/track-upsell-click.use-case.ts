import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** upsellClick for a product chosen in an upsell tile (spec §7 Analytics). Never fails. */
@injectable()
export class TrackUpsellClick {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** upsellClick with `line` as its one item. */
  execute(input: { readonly shop: AnalyticsShop; readonly line: AnalyticsLine }): Effect.Effect<void> {
    return this.analytics.track({ type: "upsellClick", items: [analyticsItem(input.line, input.shop.brand)] });
  }
}

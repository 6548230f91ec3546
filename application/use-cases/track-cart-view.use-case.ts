import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsLine, type AnalyticsShop, analyticsItem } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** view_cart on basket load, with every basket line as an item (spec §7 Analytics). Never fails. */
@injectable()
export class TrackCartView {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** view_cart with `lines`, branded with the shop's brand. */
  execute(input: { readonly shop: AnalyticsShop; readonly lines: ReadonlyArray<AnalyticsLine> }): Effect.Effect<void> {
    return this.analytics.track({ type: "view_cart", items: input.lines.map((l) => analyticsItem(l, input.shop.brand)) });
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { type AnalyticsLine, type AnalyticsShop, quantityChangeEvent } from "../../domain/analytics.ts";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** add_to_cart / remove_from_cart, each followed by the legacy addToCart / removeFromCart, on a quantity change (spec §7 Analytics). Never fails. */
@injectable()
export class TrackQuantityChange {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** The events for `line` going from `from` to `to` (the difference as quantity); nothing when equal. */
  execute(input: { readonly shop: AnalyticsShop; readonly line: AnalyticsLine; readonly from: number; readonly to: number }): Effect.Effect<void> {
    const event = quantityChangeEvent(input.line, input.from, input.to, input.shop.brand);
    if (event === null) return Effect.void;
    const legacy = event.type === "add_to_cart" ? "addToCart" : "removeFromCart";
    return this.analytics.track(event).pipe(Effect.andThen(this.analytics.track({ type: legacy, items: event.items })));
  }
}

import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Analytics } from "../ports/analytics.port.ts";
import { ANALYTICS } from "../ports/tokens.ts";

/** The page view of spec §2 Routes (the UI calls it 250 ms after a route change), spec §7 Analytics. Never fails. */
@injectable()
export class TrackPageView {
  constructor(@inject(ANALYTICS) private readonly analytics: Analytics) {}

  /** A page view of `path` (the route's pathname). */
  execute(input: { readonly path: string }): Effect.Effect<void> {
    return this.analytics.pageView(input.path);
  }
}

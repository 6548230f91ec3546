import type { Effect } from "effect";
import type { AnalyticsEvent } from "../../domain/analytics.ts";

/** Port to the tag manager's data layer (spec §7 Analytics): events, the hashed e-mail and the tag manager script. Never fails: analytics must not break the shop. */
export interface Analytics {
  /** Pushes the event's data-layer entries (domain dataLayerEntries). */
  track(event: AnalyticsEvent): Effect.Effect<void>;
  /** Hashes the normalised e-mail (SHA-256, hex) and keeps it in local storage. */
  rememberEmail(email: string): Effect.Effect<void>;
  /** Loads the tag manager script for `containerId` once; does nothing without a container id. */
  loadTagManager(containerId: string | undefined): Effect.Effect<void>;
  /** Pushes a page view for `path` (the caller waits 250 ms after a route change). spec §2 Routes. */
  pageView(path: string): Effect.Effect<void>;
}

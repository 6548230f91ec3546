import type { Effect } from "effect";
import type { ApiFailure } from "../errors.ts";

/** Port to GET {origin}/api/init on the page's own origin (answer 204, body ignored). spec §7 Other calls. */
export interface AppInit {
  /** Calls {origin}/api/init once; fails with an ApiFailure (the caller forgets it: fire and forget). */
  init(origin: string): Effect.Effect<void, ApiFailure>;
}

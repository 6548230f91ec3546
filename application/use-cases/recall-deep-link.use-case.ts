import { inject, injectable } from "tsyringe";
import type { DeepLinkCookieValue } from "../../domain/deep-links.ts";
import type { DeepLinkStore } from "../ports/deep-link-store.port.ts";
import { DEEP_LINK_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: every route's first render calls it, and the first load leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Recalls the deep link kept in the deep-link cookie by RememberDeepLink. spec §2 Route guards and deep links. */
@injectable()
export class RecallDeepLink {
  constructor(@inject(DEEP_LINK_STORE) private readonly store: DeepLinkStore) {}

  /** The remembered deep link, or null. */
  execute(): DeepLinkCookieValue | null {
    return this.store.get();
  }
}

import { inject, injectable } from "tsyringe";
import { type DeepLinkCookieValue, deepLinkCookieValue, readDeepLinkParams } from "../../domain/deep-links.ts";
import type { DeepLinkStore } from "../ports/deep-link-store.port.ts";
import { DEEP_LINK_STORE } from "../ports/tokens.ts";

// Synchronous, not an Effect: every route's first render calls it, and the first load leaves effect's runtime out
// (docs/performance.md "What the first load leaves out"); its shape is every use case's, `execute(input)`.

/** Keeps the deep link of the entry URL in the deep-link cookie (route, slug, category, raw query; 15552000 s, path /). spec §2 Route guards and deep links. */
@injectable()
export class RememberDeepLink {
  constructor(@inject(DEEP_LINK_STORE) private readonly store: DeepLinkStore) {}

  /** Stores the deep link of `query` when it names a route, slug or category; answers the stored value, or null when the query has none (the cookie is left as it was). */
  execute(input: { readonly query: URLSearchParams | string }): DeepLinkCookieValue | null {
    const params = readDeepLinkParams(input.query);
    if (params.route === undefined && params.slug === undefined && params.category === undefined) return null;
    const value = deepLinkCookieValue(input.query);
    this.store.set(value);
    return value;
  }
}

import { inject, injectable } from "tsyringe";
import { type DeepLinkCookieValue, deepLinkCookieValue, readDeepLinkParams } from "../../domain/deep-links.ts";
import type { DeepLinkStore } from "../ports/deep-link-store.port.ts";
import { DEEP_LINK_STORE } from "../ports/tokens.ts";

/** Keeps the deep link of the entry URL in the deep-link cookie (route, slug, category, raw query; 15552000 s, path /) and recalls it. spec §2 Route guards and deep links. */
@injectable()
export class RememberDeepLink {
  constructor(@inject(DEEP_LINK_STORE) private readonly store: DeepLinkStore) {}

  /** Stores the query's deep link when it names a route, slug or category; answers the stored value, or null when the query has none (the cookie is left as it was). */
  execute(query: URLSearchParams | string): DeepLinkCookieValue | null {
    const params = readDeepLinkParams(query);
    if (params.route === undefined && params.slug === undefined && params.category === undefined) return null;
    const value = deepLinkCookieValue(query);
    this.store.set(value);
    return value;
  }

  /** Removes the deep-link cookie (the countdown at zero, spec §4 Countdown). */
  forget(): void {
    this.store.clear();
  }

  /** The remembered deep link, or null. */
  recall(): DeepLinkCookieValue | null {
    return this.store.get();
  }
}

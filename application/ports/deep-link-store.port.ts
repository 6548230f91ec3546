import type { DeepLinkCookieValue } from "../../domain/deep-links.ts";

/** Port to the deep-link cookie: route, slug, category and the raw query, kept 15552000 s on path /. spec §2 Route guards and deep links. */
export interface DeepLinkStore {
  /** The stored deep link, or null when there is none or it is malformed. */
  get(): DeepLinkCookieValue | null;
  /** Stores the deep link (overwrites). */
  set(value: DeepLinkCookieValue): void;
  /** Removes the deep-link cookie. */
  clear(): void;
}

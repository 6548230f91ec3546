import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { PAYMENT_QUEUE_TOKEN_PARAM } from "../../domain/payment-queue.ts";
import { weakEtag } from "./http-caching.ts";

/** How long a first visit's rendered page is reused for the same page and languages: one second, in milliseconds. */
export const FIRST_VISIT_PAGE_TTL_MS = 1000;

/** Most pages kept at once (distinct paths, queries and languages); the least recently used go first. */
const FIRST_VISIT_PAGES_MAX = 500;

/** What a payment queue token looks like (three base64url parts, as server/queue/queue-tokens.ts signs them). */
const TOKEN_SHAPE = /^[\w-]{1,2000}\.[\w-]{1,2000}\.[\w-]{1,2000}$/;

/** Stands for the visitor's payment queue token while a shared page is rendered: word characters only, so it reads the same in a URL, an attribute and JSON. */
const TOKEN_STAND_IN = "queue0token0stand0in";

/** A first visit as the page cache sees it: the URL asked for, its languages (Accept-Language, best first) and whether it came over https. */
export interface FirstVisit {
  readonly url: string;
  readonly languages: ReadonlyArray<string>;
  readonly https: boolean;
}

/** A whole rendered page (HTML) and the Set-Cookie values its reads wrote; a page that sets cookies is never shared. */
export interface FirstVisitPage {
  readonly body: string;
  readonly setCookies: ReadonlyArray<string>;
}

/**
 * A first visit's page as sent: its HTML, cookies and weak ETag, and `shareable`: true when it is the same for every
 * visit without cookies of its URL and languages (no payment queue token in it, no cookie set), so a shared cache may keep it.
 */
export interface FirstVisitAnswer extends FirstVisitPage {
  readonly etag: string;
  readonly shareable: boolean;
}

/** A kept rendering: the page, its ETag, and its HTML cut at the token's stand-in (one part when it has none). */
interface Kept {
  readonly page: FirstVisitPage;
  readonly etag: string;
  readonly parts: ReadonlyArray<string>;
}

/** The weak ETag of a shared page given back with `token`: the shared page's tag and a digest of the token, so each visitor's copy has its own tag without hashing the page again. */
const etagWithToken = (etag: string, token: string): string => `${etag.slice(0, -1)}.${createHash("sha256").update(token).digest("base64url").slice(0, 16)}"`;

/**
 * Server-rendered pages of first visits (no cookies), one rendering per page per moment shared by every such visitor,
 * with each visitor's own payment queue token put back into the HTML.
 */
export const firstVisitPages = () => {
  const pages = new LRUCache<string, { readonly kept: Kept | null }>({ max: FIRST_VISIT_PAGES_MAX, ttl: FIRST_VISIT_PAGE_TTL_MS });
  const inFlight = new Map<string, Promise<{ readonly kept: Kept | null }>>();
  return {
    /**
     * The page of `visit` from the shared rendering with the visitor's token; null when rendering failed (send the
     * plain app page); undefined when the visit cannot share one.
     */
    async page(visit: FirstVisit, render: (visit: FirstVisit) => Promise<FirstVisitPage | null>): Promise<FirstVisitAnswer | null | undefined> {
      const parsed = new URL(visit.url, "http://first.visit");
      const token = parsed.searchParams.get(PAYMENT_QUEUE_TOKEN_PARAM);
      if (token !== null && !TOKEN_SHAPE.test(token)) return undefined;
      if (token !== null) parsed.searchParams.set(PAYMENT_QUEUE_TOKEN_PARAM, TOKEN_STAND_IN);
      const url = `${parsed.pathname}${parsed.search}`;
      const key = `${visit.https ? "https" : "http"} ${visit.languages.join(",")} ${url}`;
      let entry = pages.get(key);
      let rendered = false;
      if (!entry) {
        let rendering = inFlight.get(key);
        if (!rendering) {
          rendered = true;
          rendering = render({ ...visit, url })
            .then((page) => ({ kept: page ? { page, etag: weakEtag(page.body), parts: page.body.split(TOKEN_STAND_IN) } : null }), () => ({ kept: null }))
            .then((done) => {
              if (!done.kept || done.kept.page.setCookies.length === 0) pages.set(key, done);
              return done;
            })
            .finally(() => inFlight.delete(key));
          inFlight.set(key, rendering);
        }
        entry = await rendering;
      }
      const { kept } = entry;
      if (!kept) return null;
      // A page that sets cookies belongs to the visit that rendered it, and only when its URL was rendered as asked.
      if (kept.page.setCookies.length > 0) return rendered && token === null ? { ...kept.page, etag: kept.etag, shareable: false } : undefined;
      if (token === null) return { ...kept.page, etag: kept.etag, shareable: true };
      return { body: kept.parts.join(token), setCookies: [], etag: etagWithToken(kept.etag, token), shareable: false };
    },
  };
};

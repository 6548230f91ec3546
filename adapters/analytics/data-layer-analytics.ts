import { Effect } from "effect";
import type { Analytics } from "../../application/ports/analytics.port.ts";
import { type AnalyticsEvent, dataLayerEntries, normaliseEmail } from "../../domain/analytics.ts";

/** localStorage key of the hashed e-mail (SHA-256 hex of the trimmed, lower-cased address). spec §7 "A hashed email is kept in local storage". */
export const HASHED_EMAIL_KEY = "hashedEmail";
/** Address of the tag manager script; `?id={container}` is appended. */
export const TAG_MANAGER_SCRIPT_URL = "https://www.googletagmanager.com/gtm.js";
/** Shape of a tag manager container id (GTM-XXXX); any other id is refused so nothing odd lands in a script URL. */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** The browser parts the adapter uses: the window (holding dataLayer), document, localStorage, Web Crypto's subtle and the clock for gtm.start (ms). */
export interface DataLayerHost {
  readonly window: { dataLayer?: unknown[] };
  readonly document: Document;
  readonly storage: Storage;
  readonly subtle: SubtleCrypto;
  readonly now: () => number;
}

const hex = (buffer: ArrayBuffer): string => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Analytics on the tag manager's dataLayer (spec §7 Analytics): pushes domain dataLayerEntries and keeps the hashed
 * e-mail; failures are swallowed, analytics never breaks the shop.
 */
export class DataLayerAnalytics implements Analytics {
  private readonly host: DataLayerHost;

  constructor(host?: Partial<DataLayerHost>) {
    this.host = {
      window: host?.window ?? (globalThis as unknown as { window: { dataLayer?: unknown[] } }).window,
      document: host?.document ?? document,
      storage: host?.storage ?? localStorage,
      subtle: host?.subtle ?? crypto.subtle,
      now: host?.now ?? (() => Date.now()),
    };
  }

  private push(entry: unknown): void {
    const layer = (this.host.window.dataLayer ??= []);
    layer.push(entry);
  }

  /** Pushes `{ecommerce: null}` and the event's entry. */
  track(event: AnalyticsEvent): Effect.Effect<void> {
    return Effect.sync(() => dataLayerEntries(event).forEach((entry) => this.push(entry)));
  }

  /** Stores the SHA-256 hex of the normalised e-mail under HASHED_EMAIL_KEY. */
  rememberEmail(email: string): Effect.Effect<void> {
    return Effect.tryPromise(async () => {
      const digest = await this.host.subtle.digest("SHA-256", new TextEncoder().encode(normaliseEmail(email)));
      this.host.storage.setItem(HASHED_EMAIL_KEY, hex(digest));
    }).pipe(Effect.ignore);
  }

  /** Pushes gtm.start and injects the async gtm.js script once, only for a well-formed container id. */
  loadTagManager(containerId: string | undefined): Effect.Effect<void> {
    return Effect.sync(() => {
      if (containerId === undefined || !TAG_MANAGER_ID.test(containerId)) return;
      const doc = this.host.document;
      if (doc.querySelector("script[data-tag-manager]")) return;
      this.push({ "gtm.start": this.host.now(), event: "gtm.js" });
      const script = doc.createElement("script");
      script.async = true;
      script.src = `${TAG_MANAGER_SCRIPT_URL}?id=${encodeURIComponent(containerId)}`;
      script.dataset["tagManager"] = containerId;
      doc.head.appendChild(script);
    });
  }

  /** Pushes `{event: "page_view", page_path}`. */
  pageView(path: string): Effect.Effect<void> {
    return Effect.sync(() => this.push({ event: "page_view", page_path: path }));
  }
}

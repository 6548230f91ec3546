import type { Locale } from "../../domain/locale.ts";
import type { MessageTable } from "./messages.ts";

/** A message load that React's `use` can read at once when it has settled (React reads a thenable's `status` and `value`). */
type TrackedLoad = Promise<MessageTable> & { status?: "pending" | "fulfilled" | "rejected"; value?: MessageTable; reason?: unknown };

/** One dynamic import per language of a message table module (its default export is the table). */
export type MessageLoaders = Readonly<Record<Locale, () => Promise<{ readonly default: MessageTable }>>>;

/**
 * A loader of per-language message tables: `load(locale)` fetches one once and shares it (React's `use()` reads it
 * without suspending once loaded); a failed load is retried. `loaded(locale)` once loaded.
 */
export const messageLoader = (loaders: MessageLoaders) => {
  const loads = new Map<Locale, TrackedLoad>();
  const load = (locale: Locale): Promise<MessageTable> => {
    const known = loads.get(locale);
    if (known) return known;
    const tracked: TrackedLoad = loaders[locale]().then((module) => module.default);
    tracked.status = "pending";
    tracked.then(
      (value) => Object.assign(tracked, { status: "fulfilled", value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: "rejected", reason });
        loads.delete(locale);
      },
    );
    loads.set(locale, tracked);
    return tracked;
  };
  const loaded = (locale: Locale): MessageTable | undefined => {
    const tracked = loads.get(locale);
    return tracked?.status === "fulfilled" ? tracked.value : undefined;
  };
  return { load, loaded };
};

// One chunk per language: a page carries the visitor's language only; another loads when the visitor switches.
const builtIn = messageLoader({
  en: () => import("./locales/en.ts"),
  nl: () => import("./locales/nl.ts"),
  es: () => import("./locales/es.ts"),
});

/**
 * The built-in messages of `locale` (spec §1) (messageLoader): a client entry awaits them before its first render (no
 * flash of untranslated text); LocaleProvider suspends on them otherwise.
 */
export const loadMessages = (locale: Locale): Promise<MessageTable> => builtIn.load(locale);

/** The messages of `locale` when they have loaded (loadMessages), else undefined. */
export const loadedMessages = (locale: Locale): MessageTable | undefined => builtIn.loaded(locale);

import type { Locale } from "../../domain/locale.ts";
import type { MessageTable } from "./messages.ts";

/** A message load that React's `use` can read at once when it has settled (React reads a thenable's `status` and `value`). */
type TrackedLoad = Promise<MessageTable> & { status?: "pending" | "fulfilled" | "rejected"; value?: MessageTable; reason?: unknown };

// One chunk per language (issue 12): a page carries the visitor's language only; another loads when the visitor switches.
const LOADERS: Readonly<Record<Locale, () => Promise<{ readonly default: MessageTable }>>> = {
  en: () => import("./locales/en.ts"),
  nl: () => import("./locales/nl.ts"),
  es: () => import("./locales/es.ts"),
};

const loads = new Map<Locale, TrackedLoad>();

/**
 * The built-in messages of `locale` (spec §1), fetched once per page and then shared: the same promise for every
 * caller, marked fulfilled so `use()` reads it without suspending. A client entry awaits it before its first render
 * (no flash of untranslated text); LocaleProvider suspends on it otherwise. A failed load is forgotten, so a retry
 * fetches again; it rejects with the chunk loader's error.
 */
export const loadMessages = (locale: Locale): Promise<MessageTable> => {
  const known = loads.get(locale);
  if (known) return known;
  const load: TrackedLoad = LOADERS[locale]().then((module) => module.default);
  load.status = "pending";
  load.then(
    (value) => Object.assign(load, { status: "fulfilled", value }),
    (reason: unknown) => {
      Object.assign(load, { status: "rejected", reason });
      loads.delete(locale);
    },
  );
  loads.set(locale, load);
  return load;
};

/** The messages of `locale` when they have loaded (loadMessages), else undefined. */
export const loadedMessages = (locale: Locale): MessageTable | undefined => {
  const load = loads.get(locale);
  return load?.status === "fulfilled" ? load.value : undefined;
};

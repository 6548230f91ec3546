import type { Locale } from "../../domain/locale.ts";
import en from "../i18n/messages/myfestival.en.json";
import es from "../i18n/messages/myfestival.es.json";
import nl from "../i18n/messages/myfestival.nl.json";

/**
 * "My festival"'s texts in en, nl and es (spec §1, §6), loaded with the page's code rather than with every page;
 * compiled to ICU ASTs by the build (vite.config.ts).
 */
export const MY_FESTIVAL_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, nl, es };

import type { Locale } from "../../domain/locale.ts";
import en from "../i18n/messages/myfestival.en.json";
import es from "../i18n/messages/myfestival.es.json";
import nl from "../i18n/messages/myfestival.nl.json";

/**
 * "My festival"'s texts in en, nl and es (spec §1, §6 Logged-in user: `myfestival.*`): they load with the page's code,
 * not with every page (a message area would add its loaders to every first load). Like the app's own tables they are
 * JSON files of ui/i18n/messages that the build compiles to ICU ASTs (vite.config.ts).
 */
export const MY_FESTIVAL_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, nl, es };

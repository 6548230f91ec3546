import type { Locale } from "../../domain/locale.ts";
import en from "./messages/upgrade.en.json";
import es from "./messages/upgrade.es.json";
import nl from "./messages/upgrade.nl.json";

/**
 * The upgrade screen's texts in en, nl and es (spec §1, §8), loaded with the upgrade code rather than every page;
 * compiled to ICU ASTs by the build (vite.config.ts).
 */
export const UPGRADE_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, nl, es };

import type { Locale } from "../../domain/locale.ts";
import en from "./messages/upgrade.en.json";
import es from "./messages/upgrade.es.json";
import nl from "./messages/upgrade.nl.json";

/**
 * The upgrade screen's texts in en, nl and es (spec §1, §8 4002, 4003, 4005, 4006): they load with the upgrade code,
 * not with every page; UpgradeIntl puts them under the app's messages. Like the app's own
 * tables they are JSON files that the build compiles to ICU ASTs (vite.config.ts), since the built web app and server
 * renderer format with react-intl's parser-less build. 4004 (the countdown, any page in upgrade mode) stays in
 * ui/i18n/messages/checkout.*.json.
 */
export const UPGRADE_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = { en, nl, es };

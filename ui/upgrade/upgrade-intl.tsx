import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { toSupportedLocale } from "../../domain/locale.ts";
import { MessagesUnderApp } from "../i18n/message-areas.tsx";
import { UPGRADE_MESSAGES } from "./upgrade-messages.ts";

/**
 * Provides the upgrade texts under the app's messages, whose custom translations win (spec §1); no built-in key is in
 * both (tests/ui/messages.test.ts).
 */
export function UpgradeIntl({ children }: { children: ReactNode }) {
  const own = UPGRADE_MESSAGES[toSupportedLocale(useIntl().locale) ?? "en"];
  return <MessagesUnderApp tables={[own]}>{children}</MessagesUnderApp>;
}

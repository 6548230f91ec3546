import { type ReactNode, useMemo } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { toSupportedLocale } from "../../domain/locale.ts";
import { UPGRADE_MESSAGES } from "./upgrade-messages.ts";

/**
 * Provides the upgrade texts (UPGRADE_MESSAGES of the current locale, English when unknown) under the app's messages to
 * `children`: a shop's custom translation of an upgrade text, which the app's messages carry, wins (spec §1 "per-shop
 * custom translations merged in"); no built-in key is in both (tests/ui/messages.test.ts).
 */
export function UpgradeIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const own = UPGRADE_MESSAGES[toSupportedLocale(intl.locale) ?? "en"];
  const messages = useMemo(() => ({ ...own, ...(intl.messages as Record<string, string>) }), [own, intl.messages]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

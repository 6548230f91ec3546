import type { ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { toSupportedLocale } from "../../domain/locale.ts";
import { UPGRADE_MESSAGES } from "./upgrade-messages.ts";

/** Provides the upgrade texts (UPGRADE_MESSAGES of the current locale, English when unknown) merged over the app's messages to `children`. */
export function UpgradeIntl({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const own = UPGRADE_MESSAGES[toSupportedLocale(intl.locale) ?? "en"];
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={{ ...(intl.messages as Record<string, string>), ...own }} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

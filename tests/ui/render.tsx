import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { IntlProvider } from "react-intl";
import { SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { loadMessages } from "../../ui/i18n/load-messages.ts";
import { MESSAGE_AREAS } from "../../ui/i18n/message-areas.tsx";
import { messagesFor } from "../../ui/i18n/messages.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { ShopProvider } from "../../ui/shop/shop-context.tsx";
import { aShopConfig } from "../support/object-mother.ts";

// LocaleProvider loads one language's messages at a time (the browser entry awaits them before rendering), and
// AreaMessages a feature area's (the routes around a screen): load all of them here, so screens render at once and a
// language switch is synchronous, as in the browser once loaded.
await Promise.all(SUPPORTED_LOCALES.flatMap((locale) => [loadMessages(locale), ...Object.values(MESSAGE_AREAS).map((area) => area.load(locale))]));

// jsdom has no CSS.escape, which react-aria-components uses for its collections.
if (typeof globalThis.CSS === "undefined") {
  (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) };
}

/** Renders a component inside react-intl with the messages of `locale` (English by default; spec §1); `rerender` keeps that provider around the new element. */
export const renderWithIntl = (ui: ReactElement, locale: "en" | "nl" | "es" = "en") =>
  render(ui, {
    wrapper: ({ children }) => (
      <IntlProvider locale={locale} messages={messagesFor(locale)}>
        {children}
      </IntlProvider>
    ),
  });

/** Renders a component of a shop's screens: renderWithIntl inside a ShopProvider of the demo shop (aShopConfig, or `config`). */
export const renderInShop = (ui: ReactElement, config: ShopConfig = aShopConfig(), locale: "en" | "nl" | "es" = "en") =>
  renderWithIntl(<ShopProvider shop={{ slug: config.slug, context: { apiNamespace: config.apiNamespace, shopToken: config.shopToken }, config }}>{ui}</ShopProvider>, locale);

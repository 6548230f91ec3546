import { type ReactNode, use, useContext, useMemo } from "react";
import { IntlProvider, useIntl } from "react-intl";
import { type Locale, SUPPORTED_LOCALES, toSupportedLocale } from "../../domain/locale.ts";
import { definePartLoad, RenderedParts } from "../common/part-preloads.ts";
import { messageLoader, type MessageLoaders } from "./load-messages.ts";
import type { MessageTable } from "./messages.ts";

/**
 * The messages of one feature area (`ui/i18n/messages/{name}.{locale}.json`) that only some routes show, one chunk per
 * language, loaded with those routes instead of with every page's messages.
 */
export interface MessageArea {
  readonly name: string;
  /** The area's table in `locale`, fetched once and shared (messageLoader); rejects with the chunk loader's error. */
  readonly load: (locale: Locale) => Promise<MessageTable>;
  /** The table once it has loaded, else undefined. */
  readonly loaded: (locale: Locale) => MessageTable | undefined;
  /** The build manifest key of the table of `locale` ("ui/i18n/messages/items.en.json"). */
  readonly keyOf: (locale: Locale) => string;
}

/**
 * An area of messages (`name`: the file prefix; `loaders`: one dynamic import per language of its files). Each
 * language's table is named to the lazy parts' preloads (definePartLoad), so a server-rendered page that showed it
 * loads it before hydrating (ui/main.tsx preloadParts).
 */
const messageArea = (name: string, loaders: MessageLoaders): MessageArea => {
  const loader = messageLoader(loaders);
  const keyOf = (locale: Locale) => `ui/i18n/messages/${name}.${locale}.json`;
  for (const locale of SUPPORTED_LOCALES) definePartLoad(keyOf(locale), () => loader.load(locale));
  return { name, load: loader.load, loaded: loader.loaded, keyOf };
};

/** The item screens' texts (tickets, packages, membership, transport, merchandise, extras: `items.*`). */
export const ITEM_MESSAGES = messageArea("items", {
  en: () => import("./messages/items.en.json"),
  nl: () => import("./messages/items.nl.json"),
  es: () => import("./messages/items.es.json"),
});

/** The transport screens' texts (bus transport and its comparison: `items.transport.*`, `items.compare.*`), beside the item screens'. */
export const TRANSPORT_MESSAGES = messageArea("transport", {
  en: () => import("./messages/transport.en.json"),
  nl: () => import("./messages/transport.nl.json"),
  es: () => import("./messages/transport.es.json"),
});

/** The travel screens' texts (travel packages, hotel booking, the add-on booking of an earlier order: `travel.*`). */
export const TRAVEL_MESSAGES = messageArea("travel", {
  en: () => import("./messages/travel.en.json"),
  nl: () => import("./messages/travel.nl.json"),
  es: () => import("./messages/travel.es.json"),
});

/** The travel add-on screens' texts (spec §2 /{slug}/traveladdon: finding an earlier order, adding to its hotel booking: `traveladdon.*`). */
export const TRAVEL_ADDON_MESSAGES = messageArea("traveladdon", {
  en: () => import("./messages/traveladdon.en.json"),
  nl: () => import("./messages/traveladdon.nl.json"),
  es: () => import("./messages/traveladdon.es.json"),
});

/** The checkout's texts (basket, shipping, the order button's refusals, voucher, payment: `checkout.*`, `voucher.*`, …). */
export const CHECKOUT_MESSAGES = messageArea("checkout", {
  en: () => import("./messages/checkout.en.json"),
  nl: () => import("./messages/checkout.nl.json"),
  es: () => import("./messages/checkout.es.json"),
});

/** The checkout details section's texts (form fields, refund protection, terms, newsletter, Place order), with that section (ui/checkout/checkout-details.tsx). */
export const CHECKOUT_DETAILS_MESSAGES = messageArea("checkoutdetails", {
  en: () => import("./messages/checkoutdetails.en.json"),
  nl: () => import("./messages/checkoutdetails.nl.json"),
  es: () => import("./messages/checkoutdetails.es.json"),
});

/** The registration overview's texts (spec §8 3000, 3002: `register.*`). */
export const REGISTER_MESSAGES = messageArea("register", {
  en: () => import("./messages/register.en.json"),
  nl: () => import("./messages/register.nl.json"),
  es: () => import("./messages/register.es.json"),
});

/** The payment status page's texts (spec §2 /{slug}/paymentstatus: the outcome of a payment, `paymentstatus.*`). */
export const PAYMENT_STATUS_MESSAGES = messageArea("paymentstatus", {
  en: () => import("./messages/paymentstatus.en.json"),
  nl: () => import("./messages/paymentstatus.nl.json"),
  es: () => import("./messages/paymentstatus.es.json"),
});

/** The add-on shop's texts (spec §2 Other layers: the order lookup screen, the add-on modal, the chosen order: `addon.*`). */
export const ADD_ON_MESSAGES = messageArea("addon", {
  en: () => import("./messages/addon.en.json"),
  nl: () => import("./messages/addon.nl.json"),
  es: () => import("./messages/addon.es.json"),
});

/** Every message area by name, as a route of the route table names them (ui/app.tsx, scripts/route-table.ts). */
export const MESSAGE_AREAS = {
  items: ITEM_MESSAGES,
  transport: TRANSPORT_MESSAGES,
  travel: TRAVEL_MESSAGES,
  traveladdon: TRAVEL_ADDON_MESSAGES,
  checkout: CHECKOUT_MESSAGES,
  checkoutdetails: CHECKOUT_DETAILS_MESSAGES,
  register: REGISTER_MESSAGES,
  paymentstatus: PAYMENT_STATUS_MESSAGES,
  addon: ADD_ON_MESSAGES,
} as const satisfies Readonly<Record<string, MessageArea>>;

/** The name of a message area (MESSAGE_AREAS). */
export type MessageAreaName = keyof typeof MESSAGE_AREAS;

/**
 * Provides the texts of `areas` under the app's messages (which win, spec §1) to `children`; suspends until loaded, and
 * on the server records the tables so the page preloads them.
 */
export function AreaMessages({ areas, children }: { areas: ReadonlyArray<MessageAreaName>; children: ReactNode }) {
  const intl = useIntl();
  const rendered = useContext(RenderedParts);
  const locale = toSupportedLocale(intl.locale) ?? "en";
  const tables = areas.map((name) => {
    const area = MESSAGE_AREAS[name];
    rendered?.add(area.keyOf(locale));
    // `use` of a settled promise still makes React's test `act` defer work: a loaded table is read as it is.
    return area.loaded(locale) ?? use(area.load(locale));
  });
  return <MessagesUnderApp tables={tables}>{children}</MessagesUnderApp>;
}

/**
 * Provides `tables` (built-in texts of a part of the app: a message area, the upgrade screen's) under the app's
 * messages to `children`: the app's messages, with a shop's custom translations, win (spec §1).
 */
export function MessagesUnderApp({ tables, children }: { tables: ReadonlyArray<MessageTable>; children: ReactNode }) {
  const intl = useIntl();
  // One object per set of tables, so react-intl keeps its formatters across renders. The tables are strings in tests
  // and the dev server and ICU ASTs in a build (vite.config.ts); IntlProvider takes either.
  const messages = useMemo(() => Object.assign({}, ...tables, intl.messages) as Record<string, string>, [intl.messages, ...tables]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}

import type { Cents } from "./money.ts";

/** Currency of every analytics event. spec §7 Analytics, §9 "Currency EUR". */
export const ANALYTICS_CURRENCY = "EUR" as const;

/** The shop as analytics events name it: its brand (ossBrand, else brand), put on every item. spec §3, §7 item data. */
export interface AnalyticsShop {
  readonly brand: string;
}

/** A cart or basket line as analytics sees it: product id, name, type, optional category, unit price (cents), quantity (any number or numeric text), variant and room price (cents). spec §7. */
export interface AnalyticsLine {
  readonly productId: string;
  readonly name: string;
  readonly type: string;
  readonly category?: string;
  readonly unitPrice: Cents;
  readonly quantity: number | string;
  readonly variant?: string;
  readonly roomPrice?: Cents;
}

/** An item with the spec §7 item data: name, id, price (euros), brand, category, quantity (whole number >= 0), variant, roomPrice (euros). */
export interface AnalyticsItem {
  readonly name: string;
  readonly id: string;
  readonly price: number;
  readonly brand: string;
  readonly category: string;
  readonly quantity: number;
  readonly variant?: string;
  readonly roomPrice?: number;
}

/** The same item in the GA4 ecommerce shape (item_id, item_name, item_brand, item_category, item_variant, price, quantity) plus roomPrice. */
export interface Ga4Item {
  readonly item_id: string;
  readonly item_name: string;
  readonly item_brand: string;
  readonly item_category: string;
  readonly price: number;
  readonly quantity: number;
  readonly item_variant?: string;
  readonly roomPrice?: number;
}

/** Customer data carried by begin_checkout: name, e-mail, phone and address. spec §7 Analytics. */
export interface AnalyticsCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly streetNumber: string;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
}

/**
 * The analytics events of spec §7: the GA4 ecommerce events (customer only with consent) and the legacy checkout, cart
 * and upsell events.
 */
export type AnalyticsEvent =
  | { readonly type: "add_to_cart" | "remove_from_cart" | "view_cart"; readonly items: ReadonlyArray<AnalyticsItem> }
  | { readonly type: "begin_checkout"; readonly items: ReadonlyArray<AnalyticsItem>; readonly customer?: AnalyticsCustomer }
  | { readonly type: "add_payment_info"; readonly items: ReadonlyArray<AnalyticsItem>; readonly paymentType: string }
  | { readonly type: "purchase"; readonly items: ReadonlyArray<AnalyticsItem>; readonly transactionId: string }
  | { readonly type: "checkout"; readonly items: ReadonlyArray<AnalyticsItem>; readonly step: number }
  | { readonly type: "addToCart" | "removeFromCart" | "upsellClick"; readonly items: ReadonlyArray<AnalyticsItem> };

/** One object pushed on the tag manager's data layer. */
export type DataLayerEntry = Readonly<Record<string, unknown>>;

/** Converts a quantity to a whole number >= 0: numbers and numeric text are truncated, anything else is 0. spec §7 "quantity (converted to whole number)". */
export const wholeQuantity = (quantity: number | string): number => {
  const n = typeof quantity === "number" ? quantity : Number.parseFloat(quantity);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
};

/** Cents to euros for analytics (12345 -> 123.45). */
const euros = (value: Cents): number => value / 100;

/** Maps a line to an analytics item: price and roomPrice in euros, the shop's brand (ossBrand), category (else the product type), quantity a whole number. spec §7. */
export const analyticsItem = (line: AnalyticsLine, brand: string): AnalyticsItem => ({
  name: line.name,
  id: line.productId,
  price: euros(line.unitPrice),
  brand,
  category: line.category ?? line.type,
  quantity: wholeQuantity(line.quantity),
  ...(line.variant !== undefined ? { variant: line.variant } : {}),
  ...(line.roomPrice !== undefined ? { roomPrice: euros(line.roomPrice) } : {}),
});

/** The GA4 shape of an item. */
export const ga4Item = (item: AnalyticsItem): Ga4Item => ({
  item_id: item.id,
  item_name: item.name,
  item_brand: item.brand,
  item_category: item.category,
  price: item.price,
  quantity: item.quantity,
  ...(item.variant !== undefined ? { item_variant: item.variant } : {}),
  ...(item.roomPrice !== undefined ? { roomPrice: item.roomPrice } : {}),
});

/** Value of items in euros: sum of price x quantity, summed in cents so no float noise accumulates. */
export const itemsValue = (items: ReadonlyArray<AnalyticsItem>): number =>
  items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) / 100;

/**
 * The add_to_cart or remove_from_cart event of a quantity change from `from` to `to` (the item's quantity is the
 * difference); null when the quantity did not change. spec §7 Analytics.
 */
export const quantityChangeEvent = (line: AnalyticsLine, from: number, to: number, brand: string): AnalyticsEvent | null => {
  const before = wholeQuantity(from);
  const after = wholeQuantity(to);
  if (before === after) return null;
  const item = analyticsItem({ ...line, quantity: Math.abs(after - before) }, brand);
  // Stryker disable next-line EqualityOperator: before === after returned null above, so > and >= agree here
  return { type: after > before ? "add_to_cart" : "remove_from_cart", items: [item] };
};

/**
 * The data-layer entries of an event (GA4 or legacy enhanced ecommerce, EUR), each preceded by `{ecommerce: null}` so
 * the previous object does not leak into it. spec §7 Analytics.
 */
export const dataLayerEntries = (event: AnalyticsEvent): ReadonlyArray<DataLayerEntry> => {
  const ga4 = { currency: ANALYTICS_CURRENCY, value: itemsValue(event.items), items: event.items.map(ga4Item) };
  const products = event.items;
  const legacy = { currencyCode: ANALYTICS_CURRENCY };
  const entry = ((): DataLayerEntry => {
    switch (event.type) {
      case "add_to_cart":
      case "remove_from_cart":
      // Stryker disable next-line ConditionalExpression: without its body this case falls into begin_checkout, which returns the same entry for an event without customer
      case "view_cart":
        return { event: event.type, ecommerce: ga4 };
      case "begin_checkout":
        return event.customer ? { event: event.type, ecommerce: ga4, customer: { ...event.customer } } : { event: event.type, ecommerce: ga4 };
      case "add_payment_info":
        return { event: event.type, ecommerce: { ...ga4, payment_type: event.paymentType } };
      case "purchase":
        return { event: event.type, ecommerce: { ...ga4, transaction_id: event.transactionId } };
      case "checkout":
        return { event: "checkout", ecommerce: { ...legacy, checkout: { actionField: { step: event.step }, products } } };
      case "addToCart":
        return { event: "addToCart", ecommerce: { ...legacy, add: { products } } };
      case "removeFromCart":
        return { event: "removeFromCart", ecommerce: { ...legacy, remove: { products } } };
      case "upsellClick":
        return { event: "upsellClick", ecommerce: { ...legacy, click: { products } } };
    }
  })();
  return [{ ecommerce: null }, entry];
};

/** Normalises an e-mail address before hashing: trimmed and lower-cased. spec §7 "A hashed email is kept in local storage". */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

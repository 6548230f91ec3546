import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";
import { isUuid, UUID_PATTERN } from "./uuid.ts";

const NINE_DIGITS = /^\d{9}$/;

/** A typed order number read per spec §5 Order number lookup: a 9-digit reference or a UUID external reference. */
export type OrderNumber =
  | { readonly _tag: "Reference"; readonly reference: string }
  | { readonly _tag: "ExternalReference"; readonly externalReference: string };

/**
 * Reads an order number (spec §5 Order number lookup, §9 "9 digits or UUID"): trimmed, one leading '#' removed; a
 * UUID is sent as the consumer external reference as typed (the Shop API matches it in either case), nine digits as
 * the reference; anything else is null (state invalid).
 */
export const parseOrderNumber = (input: string): OrderNumber | null => {
  const text = input.trim().replace(/^#/, "").trim();
  if (isUuid(text)) return { _tag: "ExternalReference", externalReference: text };
  if (NINE_DIGITS.test(text)) return { _tag: "Reference", reference: text };
  return null;
};

/** The keys a get-orders lookup may know (spec §7 POST /get-orders). */
export interface OrderLookupKeys {
  readonly consumer_email?: string | undefined;
  readonly reference?: string | undefined;
  readonly consumer_external_reference?: string | undefined;
}

/**
 * Body of POST /get-orders: exactly one key, `{reference: false}` when none is known, or the order number with the
 * order's e-mail (the add-on shop's lookup without a cart token).
 */
export type GetOrdersBody =
  | { readonly consumer_email: string }
  | { readonly reference: string | false }
  | { readonly consumer_external_reference: string }
  | OrderNumberWithEmailBody;

/** Body of POST /get-orders of the add-on shop's lookup: the order number's key with the order's consumer_email. spec §5. */
export type OrderNumberWithEmailBody =
  | { readonly reference: string; readonly consumer_email: string }
  | { readonly consumer_external_reference: string; readonly consumer_email: string };

/**
 * The get-orders body (spec §5 Order number lookup): the first of consumer_email, reference or
 * consumer_external_reference that is present (non-empty); otherwise reference is sent as false.
 */
export const getOrdersBody = (keys: OrderLookupKeys): GetOrdersBody => {
  if (keys.consumer_email) return { consumer_email: keys.consumer_email };
  if (keys.reference) return { reference: keys.reference };
  if (keys.consumer_external_reference) return { consumer_external_reference: keys.consumer_external_reference };
  return { reference: false };
};

/** The lookup keys of a parsed order number (spec §5): reference or consumer_external_reference. */
export const lookupKeysOf = (number: OrderNumber): OrderLookupKeys =>
  number._tag === "Reference" ? { reference: number.reference } : { consumer_external_reference: number.externalReference };

/**
 * The get-orders body of the add-on shop's order lookup (spec §2 Other layers, §5 Order number lookup): the order
 * number's key (reference or consumer_external_reference) with the e-mail the order was placed with, trimmed.
 */
export const orderNumberWithEmailBody = (number: OrderNumber, email: string): OrderNumberWithEmailBody =>
  number._tag === "Reference"
    ? { reference: number.reference, consumer_email: email.trim() }
    : { consumer_external_reference: number.externalReference, consumer_email: email.trim() };

/**
 * Body of POST /get-orders as the server decodes it: the three keys, each optional; the route then requires exactly
 * one (400 request.invalid otherwise). reference is 9 digits, consumer_external_reference a UUID. spec §7.
 */
export const GetOrdersRequest = Schema.Struct({
  consumer_email: Schema.optional(Schema.String.check(Schema.isMinLength(3), Schema.isMaxLength(254))),
  reference: Schema.optional(Schema.String.check(Schema.isPattern(NINE_DIGITS))),
  consumer_external_reference: Schema.optional(Schema.String.check(Schema.isPattern(UUID_PATTERN))),
});
/** A decoded get-orders request. */
export type GetOrdersRequest = typeof GetOrdersRequest.Type;

/** How many of the three lookup keys a request carries. spec §7. */
export const lookupKeyCount = (keys: OrderLookupKeys): number =>
  [keys.consumer_email, keys.reference, keys.consumer_external_reference].filter((k) => k !== undefined).length;

/**
 * What a get-orders request asks (spec §7, §5 Order number lookup): one key (proven by the cart token), the order
 * number with its e-mail, or null for anything else.
 */
export const lookupKind = (keys: OrderLookupKeys): "one-key" | "order-with-email" | null => {
  const count = lookupKeyCount(keys);
  if (count === 1) return "one-key";
  if (count === 2 && keys.consumer_email !== undefined) return "order-with-email";
  return null;
};

/** A purchase of a previous order: id, type, title, price (euros on the wire -> cents) and quantity. spec §3 Previous order. */
export const PreviousPurchase = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  title: Schema.String,
  price: EurosAsCents,
  quantity: Schema.Int,
});
/** A decoded purchase (price in cents). */
export type PreviousPurchase = typeof PreviousPurchase.Type;

/** The consumer of a previous order (e-mail and name). spec §3 Previous order. */
export const OrderConsumer = Schema.Struct({
  email: Schema.String,
  firstName: Schema.optional(Schema.String),
  lastName: Schema.optional(Schema.String),
});

/**
 * One original order: 9-digit reference, UUID external_reference, consumer, purchases (spec §3 Previous order); and,
 * in the answer to a lookup by order number with e-mail only, the order's cart_token, the x-cart-token of the add-on
 * carts that extend it (spec §6).
 */
export const OriginalOrder = Schema.Struct({
  reference: Schema.String,
  external_reference: Schema.String,
  consumer: OrderConsumer,
  purchases: Schema.Array(PreviousPurchase),
  cart_token: Schema.optional(Schema.String),
});
/** A decoded original order. */
export type OriginalOrder = typeof OriginalOrder.Type;

/** An add-on offer on a previous order's hotel booking: order reference, index of the order, booked package name. spec §3. */
export const AddOnOffer = Schema.Struct({
  reference: Schema.String,
  orderIndexNumber: Schema.Int,
  cart: Schema.Struct({ package: Schema.Struct({ name: Schema.String }) }),
});
/** A decoded add-on offer. */
export type AddOnOffer = typeof AddOnOffer.Type;

/** upsell.hospitality of a get-orders answer: whether add-ons are available and the offers. spec §3 Previous order. */
export const Hospitality = Schema.Struct({ add_on_available: Schema.Boolean, add_on: Schema.Array(AddOnOffer) });

/** The `data` of POST /get-orders: original_orders and upsell.hospitality (spec §3 Previous order, §7). */
export const PreviousOrders = Schema.Struct({
  original_orders: Schema.Array(OriginalOrder),
  upsell: Schema.Struct({ hospitality: Hospitality }),
});
/** Decoded previous orders (prices in cents). */
export type PreviousOrders = typeof PreviousOrders.Type;
/** Previous orders on the wire (prices in euros). */
export type PreviousOrdersEncoded = typeof PreviousOrders.Encoded;

/** Error code of a get-orders call that matched nothing (or whose cart token does not match): 404. spec §7. */
export const ORDER_NOT_FOUND = "order.not.found";

/** States of the add-on lookup (spec §4 Add-on lookup; idle initially). */
export type LookUpState = "idle" | "running" | "invalid" | "failed" | "no-order" | "success";

/** One hotel booking a previous order offers add-ons on: the offer, its order (by reference, else by orderIndexNumber) and the package's derived slug. spec §3 Previous order. */
export interface AddOnBooking {
  readonly offer: AddOnOffer;
  readonly order: OriginalOrder | undefined;
  readonly packageSlug: string;
}

import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";
import { PreviousPurchase } from "./order-lookup.schema.ts";

/**
 * The payment state of an account's order (spec §4 Cart status): `paid` once its payment settled paid (cart
 * confirmed), `pending` while its payment runs (cart in payment, not expired).
 */
export const AccountOrderPaymentState = Schema.Literals(["paid", "pending"]);
/** paid | pending. */
export type AccountOrderPaymentState = typeof AccountOrderPaymentState.Type;

/**
 * One order of the logged-in account (spec §3 Cart, Previous order, §6): its number (null while pending), shop, placing
 * time (null when unknown), payment state, total (cents inside), purchases with extras, add-on and upgrade links.
 */
export const AccountOrder = Schema.Struct({
  id: Schema.String,
  reference: Schema.NullOr(Schema.String),
  slug: Schema.String,
  shopTitle: Schema.String,
  placedAt: Schema.NullOr(Schema.String),
  paymentState: AccountOrderPaymentState,
  totalAmount: EurosAsCents,
  purchases: Schema.Array(PreviousPurchase),
  addOnLink: Schema.NullOr(Schema.String),
  upgradeLink: Schema.NullOr(Schema.String),
});
/** A decoded account order (money in cents). */
export type AccountOrder = typeof AccountOrder.Type;

/** The answer of GET /api/v2/account/orders (inside `data`): the account's orders, newest first. spec §6. */
export const AccountOrders = Schema.Array(AccountOrder);
/** Decoded account orders. */
export type AccountOrders = typeof AccountOrders.Type;

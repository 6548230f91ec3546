import { Schema } from "effect";

/*
 * What each mail says (docs/mail.md "Templates"), stored with its outbox row as jsonb and decoded before rendering: the
 * facts are taken in the transaction of the event (prices and lines as they were paid), the links as paths that the
 * renderer puts under the shop's public origin. Money in cents, instants as ISO 8601.
 */

/** The shop a mail comes from: its title and logo path (null without one). */
const ShopFacts = { shopTitle: Schema.String, logo: Schema.NullOr(Schema.String) };

/** The fee and discount rows of an order (domain pricing's Basket fields, the hotel's discount aside): the mail names them in its language. */
export const FEE_LINES = ["serviceFee", "orderFee", "touristTax", "entertainmentTax", "shipping", "refundProtection", "wishlistFee", "discount"] as const;
/** One of FEE_LINES. */
export type FeeLine = (typeof FEE_LINES)[number];

/**
 * One line of an order as paid: its title (a product's name; "" for a fee row), quantity and line total in cents; a fee
 * or discount row names its `fee` instead (quantity 1, a discount negative).
 */
export const MailLine = Schema.Struct({ title: Schema.String, quantity: Schema.Number, amount: Schema.Number, fee: Schema.optional(Schema.Literals(FEE_LINES)) });
/** One MailLine. */
export type MailLine = typeof MailLine.Type;

/** The order confirmation on payment (spec §9 "expected within 2 hours"): number, lines, total (cents) and the order's links. */
export const OrderConfirmationFacts = Schema.Struct({
  ...ShopFacts,
  firstName: Schema.NullOr(Schema.String),
  reference: Schema.String,
  lines: Schema.Array(MailLine),
  total: Schema.Number,
  /** The add-on link with the order's cart token (domain addOnLinkOf), or null where the shop takes no add-ons. */
  addOnPath: Schema.NullOr(Schema.String),
  /** The add-on shop's order lookup (number and e-mail), or null where the shop has none. */
  lookupPath: Schema.NullOr(Schema.String),
});

/** The note of a payment the provider reports pending (spec §9 "30 minutes (Dutch) or 2 hours (English)"): the amount in cents. */
export const PaymentPendingFacts = Schema.Struct({ ...ShopFacts, firstName: Schema.NullOr(Schema.String), total: Schema.Number });

/** An add-on of the waiting list reserved for an earlier order until `offerExpiresAt` (ISO 8601), with the link that takes it. */
export const AddOnOfferFacts = Schema.Struct({
  ...ShopFacts,
  reference: Schema.String,
  extraName: Schema.String,
  packageName: Schema.String,
  offerExpiresAt: Schema.String,
  linkPath: Schema.String,
});

/** The upgrade link of an upgradable order (spec §2 /{slug}/upgrade "the e-mail link"): its order id, the shop's pitch and the link. */
export const UpgradeLinkFacts = Schema.Struct({
  ...ShopFacts,
  orderId: Schema.String,
  upgradeText: Schema.NullOr(Schema.String),
  linkPath: Schema.String,
});

/** Every mail the shop sends, by kind, with the facts it renders. */
export const MAIL_FACTS = {
  "order-confirmation": OrderConfirmationFacts,
  "payment-pending": PaymentPendingFacts,
  "add-on-offer": AddOnOfferFacts,
  "upgrade-link": UpgradeLinkFacts,
} as const;

/** A kind of mail: order-confirmation | payment-pending | add-on-offer | upgrade-link. */
export type MailKind = keyof typeof MAIL_FACTS;

/** The facts of one kind of mail. */
export type MailFacts<K extends MailKind> = (typeof MAIL_FACTS)[K]["Type"];

/** A mail of some kind with its facts, as the renderer takes it (a tagged union on `kind`). */
export type MailContent = { [K in MailKind]: { readonly kind: K; readonly facts: MailFacts<K> } }[MailKind];

/** True when `kind` names a kind of mail this server renders. */
export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_FACTS, kind);

/** Decodes a stored row's kind and facts into MailContent; throws (a defect: the row stays unsent and is reported) when they do not match. */
export const decodeMailContent = (kind: string, facts: unknown): MailContent => {
  if (!isMailKind(kind)) throw new Error(`unknown mail kind '${kind}'`);
  return { kind, facts: Schema.decodeUnknownSync(MAIL_FACTS[kind] as Schema.Codec<unknown>)(facts) } as MailContent;
};

import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { Schema } from "effect";
import { addOnLinkOf, addOnOfferLinkOf, upgradeLinkOf } from "../../domain/account-orders.ts";
import { DEFAULT_LOCALE, toSupportedLocale, type Locale } from "../../domain/locale.ts";
import { TravelCart } from "../../domain/travel.schema.ts";
import { cartProducts, type CartRow } from "../cart/cart-store.ts";
import { cartTotals } from "../cart/cart-view.ts";
import type { Db, Tx } from "../db/database.ts";
import { addOnWaitingList, mailOutbox, payments, previousOrders, travelExtras, travelPackages } from "../db/schema.ts";
import { findShopBySlug, type ShopRecord } from "../shop/shop-store.ts";
import { hotelCartsOf, travelCartView } from "../travel/hotel-holds.ts";
import { MAIL_FACTS, type FeeLine, type MailFacts, type MailKind, type MailLine } from "./mail-facts.ts";

/*
 * The writing side of the mail outbox (docs/mail.md "Outbox"): each function runs inside the transaction of the event
 * that causes the mail, reads what the mail says there, and adds one row per event (its dedupe key: a second call for
 * the same event adds nothing). The outbox worker (outbox-worker.ts) sends the rows.
 */

/** One mail to write: its kind and facts, recipient, language, and the key that makes it once per event. */
export interface OutboxEntry<K extends MailKind> {
  readonly kind: K;
  readonly facts: MailFacts<K>;
  readonly recipient: string;
  readonly locale: Locale;
  readonly dedupeKey: string;
}

/** Adds `entry` to the outbox inside `tx`, due at once (`now`); nothing when a row with its dedupe key exists. */
export const enqueueMail = async <K extends MailKind>(tx: Tx, entry: OutboxEntry<K>, now: Date): Promise<void> => {
  const facts = Schema.encodeSync(MAIL_FACTS[entry.kind] as unknown as Schema.Codec<MailFacts<K>, unknown>)(entry.facts);
  await tx
    .insert(mailOutbox)
    .values({ id: randomUUID(), dedupeKey: entry.dedupeKey, kind: entry.kind, recipient: entry.recipient, locale: entry.locale, facts, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing();
};

/** The checkout e-mail and first name of a cart's details, or undefined without an e-mail. */
const contactOf = (cart: CartRow): { readonly email: string; readonly firstName: string | null } | undefined => {
  const details = (cart.details ?? {}) as { email?: unknown; firstName?: unknown };
  if (typeof details.email !== "string" || details.email.trim() === "") return undefined;
  return { email: details.email.trim(), firstName: typeof details.firstName === "string" && details.firstName.trim() !== "" ? details.firstName.trim() : null };
};

/** The language an order was placed in (payments.locale), else the default. */
const localeOf = (locale: string | null | undefined): Locale => toSupportedLocale(locale) ?? DEFAULT_LOCALE;

const shopFacts = (shop: ShopRecord) => ({ shopTitle: shop.config.title, logo: shop.config.shopTheme.logo ?? null });

const decodeTravelCart = Schema.decodeSync(TravelCart);

/** The lines of a paid cart as its basket priced them (cents): products, the travel booking, then fees and discounts. */
const paidLines = async (tx: Tx, shop: ShopRecord, cart: CartRow): Promise<MailLine[]> => {
  const lines = await cartProducts(tx, cart.id);
  const hotels = await hotelCartsOf(tx, cart.id);
  const totals = await cartTotals(tx, shop, cart, lines, hotels);
  const { basket } = totals;
  const products: MailLine[] = basket.groups.flatMap((g) => g.lines.map((l) => ({ title: l.name, quantity: l.quantity, amount: l.total })));
  const travelId = shop.config.apiTravelId;
  const view = travelId === undefined ? null : await travelCartView(tx, cart, travelId);
  const travel = view === null ? null : decodeTravelCart(view);
  const travelLines: MailLine[] = travel
    ? [
        ...(travel.packageOption ? [{ title: `${travel.name}: ${travel.packageOption.title}`, quantity: travel.occupation, amount: travel.packageOption.subtotal }] : []),
        ...travel.extras.map((e) => ({ title: `${travel.name}: ${e.extra.name}`, quantity: e.amount, amount: e.subtotal })),
        ...travel.addOns.map((a) => ({ title: `${travel.name}: ${a.extra.name}`, quantity: a.quantity, amount: a.subtotal })),
      ]
    : [];
  const fee = (name: FeeLine, amount: number): MailLine[] => (amount === 0 ? [] : [{ title: "", quantity: 1, amount, fee: name }]);
  return [
    ...products,
    ...travelLines,
    ...fee("serviceFee", basket.serviceFee),
    ...fee("orderFee", basket.orderFee),
    ...fee("touristTax", basket.touristTax),
    ...fee("entertainmentTax", basket.entertainmentTax),
    ...fee("shipping", basket.shipping),
    ...fee("refundProtection", basket.refundProtection),
    ...fee("wishlistFee", basket.wishlistFee),
    ...fee("discount", -(basket.discount + totals.discount)),
  ];
};

/** The order number and add-on cart token of a paid cart: an add-on cart's order and token, else the order recorded from it. */
const orderOf = async (tx: Tx, cart: CartRow): Promise<{ readonly reference: string; readonly cartToken: string | null } | undefined> => {
  if (cart.addOnReference !== null) return { reference: cart.addOnReference, cartToken: cart.cartToken };
  const [order] = await tx.select({ reference: previousOrders.reference, cartToken: previousOrders.cartToken }).from(previousOrders).where(eq(previousOrders.cartId, cart.id));
  return order;
};

/**
 * Writes the order confirmation of a cart whose payment settled as paid (spec §9 "The confirmation e-mail is expected
 * within 2 hours"), inside the settlement's transaction and after its order was recorded: the order number, the lines
 * as paid, the total paid (`amount`, cents), the add-on link with the order's cart token, the add-on shop's lookup and
 * My festival, in the language the order was placed in. Nothing without a checkout e-mail or an order number.
 */
export const enqueueOrderConfirmation = async (tx: Tx, cart: CartRow, payment: { readonly amount: number; readonly locale: string | null }, now: Date): Promise<void> => {
  const contact = contactOf(cart);
  const shop = await findShopBySlug(tx, cart.shopSlug);
  const order = await orderOf(tx, cart);
  if (!contact || !shop || !order) return;
  const isAddOnShop = shop.config.shopInit.isAddOnShop;
  const facts: MailFacts<"order-confirmation"> = {
    ...shopFacts(shop),
    firstName: contact.firstName,
    reference: order.reference,
    lines: await paidLines(tx, shop, cart),
    total: payment.amount,
    addOnPath: addOnLinkOf({ slug: shop.slug, sellsTravel: shop.config.apiTravelId !== undefined, isAddOnShop, cartToken: order.cartToken, reference: order.reference }),
    lookupPath: isAddOnShop ? `/${encodeURIComponent(shop.slug)}` : null,
  };
  await enqueueMail(tx, { kind: "order-confirmation", facts, recipient: contact.email, locale: localeOf(payment.locale), dedupeKey: `order-confirmation:${cart.id}` }, now);
};

/**
 * Writes the pending-payment note when the provider reports a payment pending (spec §9 "The pending note says 30 minutes
 * (Dutch) or 2 hours (English)"), once per payment (`paymentId`), with the amount (cents) in the order's language.
 */
export const enqueuePaymentPending = async (
  tx: Tx,
  cart: CartRow,
  payment: { readonly id: string; readonly amount: number; readonly locale: string | null },
  now: Date,
): Promise<void> => {
  const contact = contactOf(cart);
  const shop = await findShopBySlug(tx, cart.shopSlug);
  if (!contact || !shop) return;
  const facts: MailFacts<"payment-pending"> = { ...shopFacts(shop), firstName: contact.firstName, total: payment.amount };
  await enqueueMail(tx, { kind: "payment-pending", facts, recipient: contact.email, locale: localeOf(payment.locale), dedupeKey: `payment-pending:${payment.id}` }, now);
};

/**
 * Writes the offer mail of each waiting-list entry in `seqs` that now holds a reserved unit until `deadline`, inside the
 * transaction that reserved it (server/travel/add-on-waiting-list.ts): the extra, its hotel, the deadline and the link
 * to the hotel's add-on screen with the order's cart token, in the language the order was placed in (else en). Once
 * per entry and deadline.
 */
export const enqueueAddOnOffers = async (tx: Tx, seqs: ReadonlyArray<number>, deadline: Date, now: Date): Promise<void> => {
  if (seqs.length === 0) return;
  const rows = await tx
    .select({ entry: addOnWaitingList, cartToken: previousOrders.cartToken, locale: payments.locale, extra: travelExtras.data, pkg: travelPackages.data })
    .from(addOnWaitingList)
    .innerJoin(previousOrders, and(eq(previousOrders.shopSlug, addOnWaitingList.shopSlug), eq(previousOrders.reference, addOnWaitingList.reference)))
    .leftJoin(payments, and(eq(payments.cartId, previousOrders.cartId), eq(payments.status, "paid")))
    .innerJoin(travelExtras, and(eq(travelExtras.travelId, addOnWaitingList.travelId), eq(travelExtras.id, addOnWaitingList.extraId)))
    .innerJoin(travelPackages, and(eq(travelPackages.travelId, travelExtras.travelId), eq(travelPackages.id, travelExtras.packageId)))
    .where(inArray(addOnWaitingList.seq, [...seqs]));
  for (const row of rows) {
    const shop = await findShopBySlug(tx, row.entry.shopSlug);
    const extraName = (row.extra as { name?: unknown }).name;
    const packageName = (row.pkg as { name?: unknown }).name;
    if (!shop || typeof extraName !== "string" || typeof packageName !== "string") continue;
    const facts: MailFacts<"add-on-offer"> = {
      ...shopFacts(shop),
      reference: row.entry.reference,
      extraName,
      packageName,
      offerExpiresAt: deadline.toISOString(),
      linkPath: addOnOfferLinkOf({ slug: shop.slug, packageName, cartToken: row.cartToken, reference: row.entry.reference }),
    };
    const dedupeKey = `add-on-offer:${row.entry.seq}:${deadline.getTime()}`;
    await enqueueMail(tx, { kind: "add-on-offer", facts, recipient: row.entry.consumerEmail, locale: localeOf(row.locale), dedupeKey }, now);
  }
};

/** What an upgrade link mail needs: the shop, the upgradable order's ids, its pitch, and whom to write in which language. */
export interface UpgradeLinkMail {
  readonly shopSlug: string;
  readonly orderId: string;
  readonly accessId: string;
  readonly upgradeText: string | null;
  readonly recipient: string;
  readonly locale: Locale;
}

/** Writes the upgrade link of an upgradable order (spec §2 /{slug}/upgrade, the e-mail link with idt_oss_order_id and access_id), once per order. */
export const enqueueUpgradeLink = async (tx: Tx, mail: UpgradeLinkMail, now: Date): Promise<void> => {
  const shop = await findShopBySlug(tx, mail.shopSlug);
  const linkPath = upgradeLinkOf(mail.shopSlug, { orderId: mail.orderId, accessId: mail.accessId });
  if (!shop || linkPath === null) return;
  const facts: MailFacts<"upgrade-link"> = { ...shopFacts(shop), orderId: mail.orderId, upgradeText: mail.upgradeText, linkPath };
  await enqueueMail(tx, { kind: "upgrade-link", facts, recipient: mail.recipient, locale: mail.locale, dedupeKey: `upgrade-link:${mail.shopSlug}:${mail.orderId}` }, now);
};

/**
 * Deletes what the outbox keeps of old mail (the sweep, docs/mail.md "Personal data"): rows sent or given up more than
 * `retentionSeconds` ago, and rows never sent within that time (mail switched off). Answers how many went.
 */
export const forgetOldMail = async (db: Db, now: Date, retentionSeconds: number): Promise<number> => {
  const before = new Date(now.getTime() - retentionSeconds * 1000);
  const gone = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, before), and(inArray(mailOutbox.status, ["failed", "pending"]), lt(mailOutbox.createdAt, before))))
    .returning({ id: mailOutbox.id });
  return gone.length;
};

import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { Schema } from "effect";
import { addOnOfferLinkOf, upgradeLinkOf } from "../../domain/account-orders.ts";
import { DEFAULT_LOCALE, toSupportedLocale, type Locale } from "../../domain/locale.ts";
import type { Db, Tx } from "../db/database.ts";
import { addOnWaitingList, mailOutbox, payments, previousOrders, travelExtras, travelPackages } from "../db/schema.ts";
import { findShopBySlug, type ShopRecord } from "../shop/shop-store.ts";
import { MAIL_FACTS, type MailFacts, type MailKind } from "./mail-facts.ts";

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

/** The language an order was placed in (payments.locale), else the default. */
export const localeOf = (locale: string | null | undefined): Locale => toSupportedLocale(locale) ?? DEFAULT_LOCALE;

/** The shop facts every mail starts with: its title and logo path. */
export const shopFacts = (shop: ShopRecord) => ({ shopTitle: shop.config.title, logo: shop.config.shopTheme.logo ?? null });

/**
 * Writes the offer mail of each waiting-list entry that now holds a reserved unit until `deadline`, in the reserving
 * transaction and the order's language; once per entry and deadline.
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

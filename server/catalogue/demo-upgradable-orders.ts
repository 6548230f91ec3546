import { inArray } from "drizzle-orm";
import { Schema } from "effect";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import { UpgradableOrder } from "../../domain/shop.schema.ts";
import type { Tx } from "../db/database.ts";
import { shops, upgradableOrders } from "../db/schema.ts";
import { enqueueUpgradeLink } from "../mail/mail-outbox.ts";
import { DEMO_ORDER_EMAIL } from "./demo-previous-orders.ts";

/** Order id of the demo upgradable order (the e-mail link's idt_oss_order_id, header x-upgradable-order-id). spec §2, §6. */
export const DEMO_UPGRADE_ORDER_ID = "LL-UPG-2027-0001";
/** Access id of the demo upgradable order (the e-mail link's access_id, header x-upgrade-access-id). */
export const DEMO_UPGRADE_ACCESS_ID = "acc-7d41c2e9b05f";
/** Order id of a demo upgradable order that is already processed (answers 4002). */
export const DEMO_PROCESSED_UPGRADE_ORDER_ID = "LL-UPG-2027-0002";
/** Access id of the processed demo upgradable order. */
export const DEMO_PROCESSED_UPGRADE_ACCESS_ID = "acc-0b9e5a13c7d2";
/**
 * The upgrade products of Lowlands Lights (type upgrade, euros as the wire has them): GET /products lists them only in
 * upgrade mode (a valid x-upgradable-order-id), and only carts made in upgrade mode may hold them. One unit per cart.
 */
export const LOWLANDS_UPGRADE_PRODUCTS: ReadonlyArray<ProductEncoded> = [
  {
    id: "ll_upgrade_camping",
    name: "Upgrade: add camping",
    title: "Upgrade: add camping",
    type: "upgrade",
    price: 49.5,
    soldOut: false,
    stock: 300,
    maxQuantity: 1,
    meta: { description: "Add a camping spot, Thursday to Monday, to your weekend tickets." },
  },
  {
    id: "ll_upgrade_vip",
    name: "Upgrade: VIP area",
    title: "Upgrade: VIP area",
    type: "upgrade",
    price: 189,
    soldOut: false,
    stock: 40,
    maxQuantity: 1,
    meta: { description: "Access to the VIP area and lounge for your weekend tickets." },
  },
];

/** A demo upgradable order: shop, ids, whether it is processed already, and its encoded UpgradableOrder (discount in cents). */
export interface DemoUpgradableOrder {
  readonly shopSlug: string;
  readonly orderId: string;
  readonly accessId: string;
  readonly processed: boolean;
  readonly data: typeof UpgradableOrder.Encoded;
  /** Whom the demo sends the upgrade link when it creates the order (the buyer's e-mail), if anyone. */
  readonly buyerEmail?: string;
}

const LOWLANDS_UPGRADE: typeof UpgradableOrder.Encoded = {
  // The order already has its hotel and no bus, so the upgrade skips the travel and transportation steps (spec §2).
  skipTravel: true,
  skipBus: true,
  upgrades: [
    {
      id: "weekend-tickets",
      title: "Your 2 weekend tickets",
      description: "Choose one upgrade for the weekend tickets of your order.",
      upgradeOptions: [
        { productId: "ll_upgrade_camping", title: "Add camping", description: "A camping spot, Thursday to Monday." },
        { productId: "ll_upgrade_vip", title: "VIP area", description: "The VIP area and lounge, all weekend." },
      ],
    },
  ],
  // € 10,00 off the upgrade for members (spec §9 priceAmount/100); this order's buyer is a member already.
  discount: { priceAmount: 1000 },
  bookingProtect: { currentOrder: false },
  unlockMembershipDiscount: false,
  hasMembershipDiscount: true,
  checkoutText: "Your upgrade is added to order LL-UPG-2027-0001; your tickets stay valid.",
  upgradeText: "Upgrade the weekend tickets you bought. As a member you get € 10,00 off.",
};

/** Sam Visser's upgradable Lowlands Lights order (the demo e-mail link) and an order whose upgrade was already paid. */
export const DEMO_UPGRADABLE_ORDERS: ReadonlyArray<DemoUpgradableOrder> = [
  { shopSlug: "lowlands-lights", orderId: DEMO_UPGRADE_ORDER_ID, accessId: DEMO_UPGRADE_ACCESS_ID, processed: false, data: LOWLANDS_UPGRADE, buyerEmail: DEMO_ORDER_EMAIL },
  { shopSlug: "lowlands-lights", orderId: DEMO_PROCESSED_UPGRADE_ORDER_ID, accessId: DEMO_PROCESSED_UPGRADE_ACCESS_ID, processed: true, data: LOWLANDS_UPGRADE },
];

/**
 * Seeds the demo upgradable orders inside the catalogue transaction (decoded first: a mismatch is a bug and throws);
 * orders of shops not in the catalogue are left out. An open order with a buyer gets its upgrade link mailed (outbox).
 */
export const seedDemoUpgradableOrders = async (tx: Tx, demo: ReadonlyArray<DemoUpgradableOrder> = DEMO_UPGRADABLE_ORDERS): Promise<void> => {
  const slugs = [...new Set(demo.map((o) => o.shopSlug))];
  if (slugs.length === 0) return;
  const present = new Set((await tx.select({ slug: shops.slug }).from(shops).where(inArray(shops.slug, slugs))).map((s) => s.slug));
  const rows = demo
    .filter((o) => present.has(o.shopSlug))
    .map((o) => {
      Schema.decodeUnknownSync(UpgradableOrder)(o.data);
      return { shopSlug: o.shopSlug, orderId: o.orderId, accessId: o.accessId, processed: o.processed, data: o.data };
    });
  if (rows.length > 0) await tx.insert(upgradableOrders).values(rows);
  for (const o of demo.filter((d) => present.has(d.shopSlug) && !d.processed)) {
    if (o.buyerEmail === undefined) continue;
    const upgradeText = Schema.decodeUnknownSync(UpgradableOrder)(o.data).upgradeText ?? null;
    await enqueueUpgradeLink(tx, { shopSlug: o.shopSlug, orderId: o.orderId, accessId: o.accessId, upgradeText, recipient: o.buyerEmail, locale: "en" }, new Date());
  }
};

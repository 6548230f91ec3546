import { inArray } from "drizzle-orm";
import type { Tx } from "../db/database.ts";
import { shops, vouchers } from "../db/schema.ts";

/** A demo voucher: shop, code, fixed discount (cents) or percent, single use, already redeemed. docs/vouchers-and-orders.md. */
export interface DemoVoucher {
  readonly shopSlug: string;
  readonly code: string;
  readonly discountAmount?: number;
  readonly discountPercent?: number;
  readonly singleUse: boolean;
  readonly redeemed?: boolean;
}

/** The demo vouchers of Lowlands Lights (spec §7 vouchers): SUMMER10 10 % single use, FESTIVAL5 €5 off multi use, USED2026 already redeemed. */
export const DEMO_VOUCHERS: ReadonlyArray<DemoVoucher> = [
  { shopSlug: "lowlands-lights", code: "SUMMER10", discountPercent: 10, singleUse: true },
  { shopSlug: "lowlands-lights", code: "FESTIVAL5", discountAmount: 500, singleUse: false },
  { shopSlug: "lowlands-lights", code: "USED2026", discountPercent: 20, singleUse: true, redeemed: true },
];

/** The redeemed-at time of seeded already-used vouchers (fixed, so seeds are repeatable). */
const SEED_REDEEMED_AT = new Date("2026-05-01T10:00:00Z");
/** A fixed cart id standing for the (long gone) cart that redeemed a seeded used voucher. */
const SEED_REDEEMING_CART = "00000000-0000-4000-8000-0000000000a1";

/** Seeds the demo vouchers (spec §7 vouchers) inside the catalogue transaction; vouchers of shops not in the catalogue are left out. */
export const seedDemoVouchers = async (tx: Tx, demo: ReadonlyArray<DemoVoucher> = DEMO_VOUCHERS): Promise<void> => {
  const slugs = [...new Set(demo.map((v) => v.shopSlug))];
  if (slugs.length === 0) return;
  const present = new Set((await tx.select({ slug: shops.slug }).from(shops).where(inArray(shops.slug, slugs))).map((s) => s.slug));
  const rows = demo
    .filter((v) => present.has(v.shopSlug))
    .map((v) => ({
      shopSlug: v.shopSlug,
      code: v.code,
      discountAmount: v.discountAmount ?? null,
      discountPercent: v.discountPercent ?? null,
      singleUse: v.singleUse,
      redeemedByCart: v.redeemed ? SEED_REDEEMING_CART : null,
      redeemedAt: v.redeemed ? SEED_REDEEMED_AT : null,
    }));
  if (rows.length > 0) await tx.insert(vouchers).values(rows);
};

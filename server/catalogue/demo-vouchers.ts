import type { Tx } from "../db/database.ts";

/** Seeds the demo vouchers (spec §7 vouchers) inside the catalogue transaction. */
export const seedDemoVouchers = async (_tx: Tx): Promise<void> => {};

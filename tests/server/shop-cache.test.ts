import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetDemoCatalogue } from "../../server/catalogue/seed.ts";
import { shops } from "../../server/db/schema.ts";
import { usePaymentProviderFor } from "../../server/payments/adyen-settings.ts";
import { cachedShops, findShopByNamespace, forgetCachedShops, SHOP_CACHE_TTL_MS } from "../../server/shop/shop-store.ts";
import { openPglite } from "./server-harness.ts";

const database = await openPglite();
afterAll(() => database.dispose());
const NAMESPACE = "lowlands-lights-2027";
const T0 = 1_800_000_000_000;

/** Changes the stored shop token behind the cache's back, as an operator's SQL or another process would. */
const rotateTokenOutsideThisProcess = (token: string) =>
  database.db.update(shops).set({ shopToken: token }).where(eq(shops.apiNamespace, NAMESPACE));

describe("shop lookup cache (findShopByNamespace)", () => {
  beforeEach(() => resetDemoCatalogue(database.db));

  it("reuses a found shop within SHOP_CACHE_TTL_MS and reads the row again after it", async () => {
    const first = await findShopByNamespace(database.db, NAMESPACE, T0);
    await rotateTokenOutsideThisProcess("rotated-token");
    expect((await findShopByNamespace(database.db, NAMESPACE, T0 + SHOP_CACHE_TTL_MS - 1))?.shopToken).toBe(first?.shopToken);
    expect((await findShopByNamespace(database.db, NAMESPACE, T0 + SHOP_CACHE_TTL_MS))?.shopToken).toBe("rotated-token");
  });

  it("sees a change made through this process's writers at once (usePaymentProviderFor, reset)", async () => {
    expect((await findShopByNamespace(database.db, NAMESPACE, T0))?.config.shopInit.paymentProvider).toBe("test");
    await usePaymentProviderFor(database.db, ["lowlands-lights"], "adyen");
    expect((await findShopByNamespace(database.db, NAMESPACE, T0))?.config.shopInit.paymentProvider).toBe("adyen");
    await resetDemoCatalogue(database.db);
    expect((await findShopByNamespace(database.db, NAMESPACE, T0))?.config.shopInit.paymentProvider).toBe("test");
  });

  it("never caches an unknown namespace: a shop created later is found at once", async () => {
    expect(await findShopByNamespace(database.db, "later-2028", T0)).toBeUndefined();
    await database.db.execute(sql`UPDATE shops SET api_namespace = 'later-2028' WHERE api_namespace = ${NAMESPACE}`);
    expect((await findShopByNamespace(database.db, "later-2028", T0))?.slug).toBe("lowlands-lights");
  });

  it("forgets a shop removed outside this process after the TTL, and at once after forgetCachedShops", async () => {
    await findShopByNamespace(database.db, NAMESPACE, T0);
    await database.db.execute(sql`UPDATE shops SET api_namespace = 'moved-2028' WHERE api_namespace = ${NAMESPACE}`);
    expect(await findShopByNamespace(database.db, NAMESPACE, T0 + 1)).toBeDefined();
    forgetCachedShops(database.db);
    expect(await findShopByNamespace(database.db, NAMESPACE, T0 + 1)).toBeUndefined();
  });

  it("does not keep a read that raced with forgetCachedShops", async () => {
    const racing = findShopByNamespace(database.db, NAMESPACE, T0);
    forgetCachedShops(database.db);
    await racing;
    await rotateTokenOutsideThisProcess("after-the-race");
    expect((await findShopByNamespace(database.db, NAMESPACE, T0))?.shopToken).toBe("after-the-race");
  });
});

describe("all shops cache (cachedShops)", () => {
  beforeEach(() => resetDemoCatalogue(database.db));
  const tokenOf = async (nowMs: number) => (await cachedShops(database.db, nowMs)).find((shop) => shop.apiNamespace === NAMESPACE)?.shopToken;

  it("reuses the list within SHOP_CACHE_TTL_MS and reads the shops again after it", async () => {
    const first = await tokenOf(T0);
    await rotateTokenOutsideThisProcess("rotated-token");
    expect(await tokenOf(T0 + SHOP_CACHE_TTL_MS - 1)).toBe(first);
    expect(await tokenOf(T0 + SHOP_CACHE_TTL_MS)).toBe("rotated-token");
  });

  it("reads the shops again at once after forgetCachedShops", async () => {
    await tokenOf(T0);
    await rotateTokenOutsideThisProcess("rotated-token");
    forgetCachedShops(database.db);
    expect(await tokenOf(T0 + 1)).toBe("rotated-token");
  });

  it("does not keep a list read that raced with forgetCachedShops", async () => {
    const racing = cachedShops(database.db, T0);
    forgetCachedShops(database.db);
    await racing;
    await rotateTokenOutsideThisProcess("after-the-race");
    expect(await tokenOf(T0)).toBe("after-the-race");
  });
});

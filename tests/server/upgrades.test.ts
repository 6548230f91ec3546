import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DEMO_PROCESSED_UPGRADE_ACCESS_ID,
  DEMO_PROCESSED_UPGRADE_ORDER_ID,
  DEMO_UPGRADE_ORDER_ID,
} from "../../server/catalogue/demo-upgradable-orders.ts";
import { carts, products, upgradableOrders } from "../../server/db/schema.ts";
import { aCartOver, payCart, shopHeaders, upgradeHeaders } from "../support/server-builders.ts";
import { openPglite, suiteServer } from "./server-harness.ts";

const UPGRADE_HEADERS = upgradeHeaders();

describe("Upgrades of earlier orders (spec §1, §3 upgradableOrder, §8 4002/4003, §9)", () => {
  const server = suiteServer(openPglite);
  const { call } = server;
  const stockOf = async (id: string) =>
    (await server.database.db.select().from(products).where(and(eq(products.shopSlug, "lowlands-lights"), eq(products.id, id))))[0]!.stock;
  const upgradeCart = (): Promise<string> => aCartOver(call).withHeaders(UPGRADE_HEADERS).create();
  const put = (cartId: string, productId: string, quantity: number, headers = UPGRADE_HEADERS) =>
    call("PUT", `/api/v2/carts/${cartId}/products`, { productId, quantity }, headers);

  it("answers the upgradable order in the shop config with the order id and access id headers", async () => {
    const res = await call("GET", "/api/v2/shop", undefined, UPGRADE_HEADERS);
    expect(res.statusCode).toBe(200);
    const order = res.json().data.upgradableOrder;
    expect(order).toMatchObject({ skipTravel: true, skipBus: true, discount: { priceAmount: 1000 }, hasMembershipDiscount: true, bookingProtect: { currentOrder: false } });
    expect(order.upgrades[0].upgradeOptions.map((o: { productId: string }) => o.productId)).toEqual(["ll_upgrade_camping", "ll_upgrade_vip"]);
    expect(typeof order.checkoutText).toBe("string");
    expect(typeof order.upgradeText).toBe("string");
  });

  it("answers no upgradable order and lists no upgrade products without the header", async () => {
    expect((await call("GET", "/api/v2/shop")).json().data.upgradableOrder).toBeUndefined();
    const ids = (await call("GET", "/api/v2/products")).json().data.map((p: { id: string }) => p.id);
    expect(ids).not.toContain("ll_upgrade_camping");
    const upgraded = (await call("GET", "/api/v2/products", undefined, UPGRADE_HEADERS)).json().data;
    expect(upgraded.filter((p: { type: string }) => p.type === "upgrade").map((p: { id: string }) => p.id)).toEqual(["ll_upgrade_camping", "ll_upgrade_vip"]);
  });

  it("answers 404 4003 for an unknown order or a wrong access id and 409 4002 for a processed order", async () => {
    const unknown = await call("GET", "/api/v2/shop", undefined, { ...UPGRADE_HEADERS, "x-upgradable-order-id": "LL-UPG-NOPE" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("4003");
    const wrongAccess = await call("GET", "/api/v2/shop", undefined, { ...UPGRADE_HEADERS, "x-upgrade-access-id": "acc-wrong" });
    expect(wrongAccess.statusCode).toBe(404);
    expect(wrongAccess.json().error.code).toBe("4003");
    const noAccess = await call("GET", "/api/v2/products", undefined, shopHeaders(undefined, { "x-upgradable-order-id": DEMO_UPGRADE_ORDER_ID }));
    expect(noAccess.json().error.code).toBe("4003");
    const processed = await call("GET", "/api/v2/shop", undefined, upgradeHeaders(DEMO_PROCESSED_UPGRADE_ORDER_ID, DEMO_PROCESSED_UPGRADE_ACCESS_ID));
    expect(processed.statusCode).toBe(409);
    expect(processed.json().error.code).toBe("4002");
  });

  it("makes no cart for a refused upgrade link", async () => {
    const before = (await server.database.db.select().from(carts)).length;
    const res = await call("POST", "/api/v2/carts", {}, { ...UPGRADE_HEADERS, "x-upgrade-access-id": "acc-wrong" });
    expect(res.statusCode).toBe(404);
    expect((await server.database.db.select().from(carts)).length).toBe(before);
  });

  it("subtracts the upgrade discount from the cart total once an upgrade is in the cart", async () => {
    const id = await upgradeCart();
    const withUpgrade = await put(id, "ll_upgrade_vip", 1);
    expect(withUpgrade.statusCode).toBe(200);
    // € 189,00 upgrade (detailed service fees: no ticket, no fee) minus the € 10,00 member discount.
    const cart = withUpgrade.json().data;
    expect(cart.products).toEqual({ ll_upgrade_vip: 1 });
    expect(cart.totalAmount).toBe(179);
  });

  it("refuses an upgrade product in a cart not made in upgrade mode with 404 5001 and leaves stock and cart as they were", async () => {
    const plain = await aCartOver(call).withWeekendTickets(1).create();
    const stock = await stockOf("ll_upgrade_camping");
    const res = await call("PUT", `/api/v2/carts/${plain}/products`, { productId: "ll_upgrade_camping", quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("5001");
    expect(await stockOf("ll_upgrade_camping")).toBe(stock);
    expect((await call("GET", `/api/v2/carts/${plain}`)).json().data.products).toEqual({ ll_ticket_weekend: 1 });
  });

  it("holds one unit of an upgrade per cart: a second unit is refused and stock stays held once", async () => {
    const id = await upgradeCart();
    const stock = await stockOf("ll_upgrade_camping");
    expect((await put(id, "ll_upgrade_camping", 1)).statusCode).toBe(200);
    const twice = await put(id, "ll_upgrade_camping", 2);
    expect(twice.statusCode).toBe(422);
    expect(await stockOf("ll_upgrade_camping")).toBe(stock - 1);
    expect((await call("GET", `/api/v2/carts/${id}`)).json().data.products).toEqual({ ll_upgrade_camping: 1 });
  });

  it("processes the upgradable order when its upgrade is paid: the link then answers 4002", async () => {
    const id = await aCartOver(call).withHeaders(UPGRADE_HEADERS).with("ll_upgrade_camping").withDetails().create();
    await payCart(call, id);
    const [row] = await server.database.db.select().from(upgradableOrders).where(eq(upgradableOrders.orderId, DEMO_UPGRADE_ORDER_ID));
    expect(row!.processed).toBe(true);
    const again = await call("GET", "/api/v2/shop", undefined, UPGRADE_HEADERS);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("4002");
  });
});

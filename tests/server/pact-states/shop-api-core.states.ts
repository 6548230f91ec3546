import { eq } from "drizzle-orm";
import { resetDemoCatalogue } from "../../../server/catalogue/seed.ts";
import { carts } from "../../../server/db/schema.ts";
import { DETAILS } from "../../support/contract-examples.ts";
import { callApi, cartIdOf, type StateHandlers, type StateKit } from "./state-kit.ts";

/** A fresh demo catalogue with one empty cart under the id the contract names. */
export const emptyCartUnder = async (kit: StateKit, cartId: string): Promise<void> => {
  await resetDemoCatalogue(kit.database.db);
  const created = await callApi(kit, "POST", "/api/v2/carts", {});
  await kit.database.db.update(carts).set({ id: cartId }).where(eq(carts.id, created.data.id));
};

/** States of the shop, products and cart interactions (contracts/festival-shop-web-shop-api-v2.json). */
export const shopApiCoreStates = (kit: StateKit): StateHandlers => ({
  "the demo catalogue is published": async () => {
    await resetDemoCatalogue(kit.database.db);
  },
  "an empty cart": async (params) => {
    await emptyCartUnder(kit, cartIdOf(params));
  },
  "a cart with 2 weekend tickets": async (params) => {
    const cartId = cartIdOf(params);
    await emptyCartUnder(kit, cartId);
    await callApi(kit, "PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
  },
  "a cart with 2 weekend tickets and checkout details": async (params) => {
    const cartId = cartIdOf(params);
    await emptyCartUnder(kit, cartId);
    await callApi(kit, "PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    await callApi(kit, "PUT", `/api/v2/carts/${cartId}`, DETAILS);
  },
});

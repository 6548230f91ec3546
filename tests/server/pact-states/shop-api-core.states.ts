import { DETAILS } from "../../support/contract-examples.ts";
import { createCart, type StateHandlers, type StateKit } from "./state-kit.ts";

/** States of the shop, products and cart interactions (contracts/festival-shop-web-shop-api-v2.json); each returns { cartId } where it makes one. */
export const shopApiCoreStates = (kit: StateKit): StateHandlers => ({
  // The demo catalogue (docs/shop-api.md) is the data every interaction assumes; nothing to build.
  "the demo catalogue is published": async () => {},
  "an empty cart": async () => ({ cartId: await createCart(kit) }),
  "a cart with 2 weekend tickets": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    return { cartId };
  },
  "a cart with 2 weekend tickets and checkout details": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    await kit.call("PUT", `/api/v2/carts/${cartId}`, DETAILS);
    return { cartId };
  },
});

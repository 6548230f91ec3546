import { DETAILS } from "../../support/contract-examples.ts";
import { QUEUE_SHOP } from "../../support/contract-examples-orders.ts";
import { createCart, type StateHandlers, type StateKit } from "./state-kit.ts";

/** Headers of the demo shop that allows one order per account (Northern Nights, whose payment queue is on). */
const ONE_ORDER_SHOP_HEADERS = { "x-event-namespace": QUEUE_SHOP.apiNamespace, authorization: `Bearer ${QUEUE_SHOP.shopToken}` };
/** The e-mail of the returning visitor in the max-orders state. */
export const RETURNING_EMAIL = "returning.visitor@example.org";

/** A Northern Nights cart with one Friday ticket and checkout details for `email`; answers its id. */
const oneOrderShopCart = async (kit: StateKit, email: string): Promise<string> => {
  const cartId = await createCart(kit, ONE_ORDER_SHOP_HEADERS, { paymentQueueToken: "pact-queue-token" });
  await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "nn_ticket_friday", quantity: 1 }, ONE_ORDER_SHOP_HEADERS);
  await kit.call("PUT", `/api/v2/carts/${cartId}`, { ...DETAILS, email }, ONE_ORDER_SHOP_HEADERS);
  return cartId;
};

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
  "a cart in payment": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    await kit.call("PUT", `/api/v2/carts/${cartId}`, DETAILS);
    await kit.call("POST", `/api/v2/carts/${cartId}/orders`, { paymentMethod: "ideal", redirectUri: `${kit.baseUrl}/lowlands-lights/paymentstatus` });
    return { cartId };
  },
  // Pays one order for the e-mail (with the reference server's test provider), then opens a second cart for it.
  "a cart whose e-mail already placed the one order per account": async () => {
    const first = await oneOrderShopCart(kit, RETURNING_EMAIL);
    const order = await kit.call("POST", `/api/v2/carts/${first}/orders`, { paymentMethod: "ideal", redirectUri: `${kit.baseUrl}/northern-nights/paymentstatus` }, ONE_ORDER_SHOP_HEADERS);
    await kit.postForm(new URL(String(order.data["redirectUri"])).pathname, { outcome: "pay" });
    return { cartId: await oneOrderShopCart(kit, RETURNING_EMAIL) };
  },
  "a cart with 2 weekend tickets and checkout details": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 });
    await kit.call("PUT", `/api/v2/carts/${cartId}`, DETAILS);
    return { cartId };
  },
});

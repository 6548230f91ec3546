import { createCart, type StateHandlers, type StateKit } from "./state-kit.ts";

/** States of the shipping country interactions (PUT /carts/{cartId}/shipping) in the Shop API v2 pact, over HTTP only; each returns { cartId }. */
export const shippingStates = (kit: StateKit): StateHandlers => ({
  "a cart with 1 weekend ticket and a T-shirt M": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 1 });
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_tshirt_m", quantity: 1 });
    return { cartId };
  },
});

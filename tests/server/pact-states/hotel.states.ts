import { createCart, type StateHandlers, type StateKit } from "./state-kit.ts";

const TRAVEL_ID = "lowlands-lights-2027-travel";
const ADD_ON_CART_TOKEN = "ct_demo_4b8e2f6a1c9d";
const hotel = (cartId: string, suffix = "") => `/api/v2/carts/${cartId}/products/hotel/${TRAVEL_ID}${suffix}`;

/** States of the Travel API pact (contracts/festival-shop-web-travel-api.json): read-only demo data, nothing to build. */
export const travelApiStates = (_kit: StateKit): StateHandlers => ({
  "the demo travel packages are published": async () => {},
});

/**
 * States of the hotel cart interactions (hotel cart, extras, add-ons) in the Shop API v2 pact, over HTTP only: hotel
 * states book rooms through PUT …/hotel/{travelId}; add-on states create an add-on cart with POST /carts and the demo
 * order's x-cart-token. Each returns { cartId }.
 */
export const hotelStates = (kit: StateKit): StateHandlers => ({
  "a cart with a double room at Hotel De Duinen": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", hotel(cartId), { productId: "ll_dunes_double" });
    return { cartId };
  },
  "a cart with a double room and 2 breakfasts at Hotel De Duinen": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", hotel(cartId), { productId: "ll_dunes_double" });
    await kit.call("POST", hotel(cartId, "/extras"), { extraId: "ll_extra_breakfast", amount: 2 });
    return { cartId };
  },
  "a cart with 1 weekend ticket and a double room for 2 persons": async () => {
    const cartId = await createCart(kit);
    await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 1 });
    await kit.call("PUT", hotel(cartId), { productId: "ll_dunes_double", persons: 2 });
    return { cartId };
  },
  "an add-on cart of order 123456789": async () => ({ cartId: await createCart(kit, { "x-cart-token": ADD_ON_CART_TOKEN }) }),
  "an add-on cart of order 123456789 with 2 breakfasts": async () => {
    const headers = { "x-cart-token": ADD_ON_CART_TOKEN };
    const cartId = await createCart(kit, headers);
    await kit.call("PATCH", hotel(cartId, "/add-ons"), { addonId: "addon_123456789_ll_extra_breakfast", quantity: 2 }, headers);
    return { cartId };
  },
});

import type { PreviousOrdersEncoded } from "../../domain/order-lookup.schema.ts";
import { SHOP } from "./contract-examples.ts";

/** Cart token of the demo previous order (x-cart-token of its add-on carts and of get-orders). spec §6. */
export const ORDER_CART_TOKEN = "ct_demo_4b8e2f6a1c9d";
/** Reference (9 digits) of the demo previous order. */
export const ORDER_REFERENCE = "123456789";
/** External reference (UUID) of the demo previous order. */
export const ORDER_EXTERNAL_REFERENCE = "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03";
/** Consumer e-mail of the demo previous order. */
export const ORDER_EMAIL = "sam.visser@example.com";

/** The demo shop addressed with the previous order's cart token (add-on shop context). */
export const ADD_ON_SHOP = { ...SHOP, cartToken: ORDER_CART_TOKEN } as const;

/** Headers of a call in the add-on shop: shop headers plus x-cart-token. spec §6, §7 Headers. */
export const ADD_ON_HEADERS = {
  "x-event-namespace": SHOP.apiNamespace,
  authorization: `Bearer ${SHOP.shopToken}`,
  "x-cart-token": ORDER_CART_TOKEN,
};

/** The demo shop whose payment queue is on (config queueUrl): POST /carts needs paymentQueueToken. */
export const QUEUE_SHOP = {
  slug: "northern-nights",
  apiNamespace: "northern-nights-2027",
  shopToken: "sk_demo_2b8e6d4f0a9c47e1b3d5c7a2",
} as const;

/** The demo member sale (membersale; maxOrdersPerAccount 1): carts need a member's x-user-token. spec §1, §6. */
export const MEMBER_SHOP = {
  slug: "lowlands-members",
  apiNamespace: "lowlands-members-2027",
  shopToken: "sk_demo_9d1a4c7e2f6b48a3c5e0b8d1",
} as const;

/** The demo pre-registration (a wishlist: it takes no order): carts need an x-user-token. spec §1, §6. */
export const WISHLIST_SHOP = {
  slug: "lowlands-wishlist",
  apiNamespace: "lowlands-lights-2028",
  shopToken: "sk_demo_4e8b2d6f1a3c47e9b0d5a7c2",
} as const;

/** An example x-user-token (an id token; the provider states answer a valid one of their trusted issuer). spec §6. */
export const EXAMPLE_USER_TOKEN =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QtMSJ9.eyJzdWIiOiJhY2MtYW5uYSIsImlzcyI6Imh0dHBzOi8vaWQuZXhhbXBsZS50ZXN0IiwiYXVkIjoiZmVzdGl2YWwtc2hvcCIsImV4cCI6MTgxMjE5NjAwMH0.c2lnbmF0dXJl";

/** Example get-orders answer (euros) of the demo previous order. spec §3 Previous order. */
export const PREVIOUS_ORDERS: PreviousOrdersEncoded = {
  original_orders: [
    {
      reference: ORDER_REFERENCE,
      external_reference: ORDER_EXTERNAL_REFERENCE,
      consumer: { email: ORDER_EMAIL, firstName: "Sam", lastName: "Visser" },
      purchases: [
        { id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 229.5, quantity: 2 },
        { id: "ll_hotel_dunes", type: "travel", title: "Travel: Hotel De Duinen - Double room", price: 378, quantity: 1 },
      ],
    },
  ],
  upsell: {
    hospitality: {
      add_on_available: true,
      add_on: [{ reference: ORDER_REFERENCE, orderIndexNumber: 0, cart: { package: { name: "Hotel De Duinen" } } }],
    },
  },
};

import { inArray } from "drizzle-orm";
import type { Cents } from "../../domain/money.ts";
import type { Tx } from "../db/database.ts";
import { previousOrders, shops } from "../db/schema.ts";
import { previousOrderData, type PreviousOrderData } from "../orders/previous-orders.ts";
import { ADDON_DEMO_ORDER } from "./demo-addon-shop.ts";

/** Reference (9 digits) of the demo previous order. spec §3 Previous order, §9. */
export const DEMO_ORDER_REFERENCE = "123456789";
/** External reference (UUID) of the demo previous order. */
export const DEMO_ORDER_EXTERNAL_REFERENCE = "5f0c6a2e-8b1d-4e3a-9c7f-2d4b6a8e1f03";
/** Consumer e-mail of the demo previous order. */
export const DEMO_ORDER_EMAIL = "sam.visser@example.com";
/** Cart token of the demo previous order (header x-cart-token of its add-on carts and of get-orders). spec §6. */
export const DEMO_CART_TOKEN = "ct_demo_4b8e2f6a1c9d";

/** A demo previous order: shop, keys, cart token and its data (cents). */
export interface DemoPreviousOrder {
  readonly shopSlug: string;
  readonly cartToken: string;
  readonly data: typeof PreviousOrderData.Type;
}

/** Sam Visser's Lowlands Lights order (2 weekend tickets and Hotel De Duinen, with hospitality add-ons open) and Anna's order in the add-on shop. */
export const DEMO_PREVIOUS_ORDERS: ReadonlyArray<DemoPreviousOrder> = [
  {
    shopSlug: "lowlands-lights",
    cartToken: DEMO_CART_TOKEN,
    data: {
      order: {
        reference: DEMO_ORDER_REFERENCE,
        external_reference: DEMO_ORDER_EXTERNAL_REFERENCE,
        consumer: { email: DEMO_ORDER_EMAIL, firstName: "Sam", lastName: "Visser" },
        purchases: [
          { id: "ll_ticket_weekend", type: "ticket", title: "Weekend ticket", price: 22950 as Cents, quantity: 2 },
          { id: "ll_hotel_dunes", type: "travel", title: "Travel: Hotel De Duinen - Double room", price: 37800 as Cents, quantity: 1 },
        ],
      },
      hotel: { travelId: "lowlands-lights-2027-travel", packageId: "ll_hotel_dunes" },
      hospitality: {
        add_on_available: true,
        add_on: [{ reference: DEMO_ORDER_REFERENCE, orderIndexNumber: 0, cart: { package: { name: "Hotel De Duinen" } } }],
      },
    },
  },
  ADDON_DEMO_ORDER,
];

/** Seeds the demo previous orders the add-on lookup finds (spec §3 Previous order) inside the catalogue transaction; orders of shops not in the catalogue are left out. */
export const seedDemoPreviousOrders = async (tx: Tx, demo: ReadonlyArray<DemoPreviousOrder> = DEMO_PREVIOUS_ORDERS): Promise<void> => {
  const slugs = [...new Set(demo.map((o) => o.shopSlug))];
  if (slugs.length === 0) return;
  const present = new Set((await tx.select({ slug: shops.slug }).from(shops).where(inArray(shops.slug, slugs))).map((s) => s.slug));
  const rows = demo
    .filter((o) => present.has(o.shopSlug))
    .map((o) => ({
      shopSlug: o.shopSlug,
      reference: o.data.order.reference,
      externalReference: o.data.order.external_reference,
      consumerEmail: o.data.order.consumer.email.toLowerCase(),
      cartToken: o.cartToken,
      data: previousOrderData(o.data),
    }));
  if (rows.length > 0) await tx.insert(previousOrders).values(rows);
};

import type { Cents } from "../../domain/money.ts";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";
import type { PreviousOrderData } from "../orders/previous-orders.ts";
import { DEMO_SHIPPING_COUNTRIES } from "./shipping-countries.ts";

/** Shop token of the Lowlands Lights add-on shop. */
export const ADDON_SHOP_TOKEN = "sk_demo_8a2f6c1e9d3b47a5c0e7b4d2";

/** Slug of the Lowlands Lights add-on shop. */
export const ADDON_SHOP_SLUG = "lowlands-extras";

const extra = (p: Pick<ProductEncoded, "id" | "name" | "price" | "stock" | "maxQuantity"> & { readonly description: string }): ProductEncoded => ({
  id: p.id,
  name: p.name,
  type: "extras",
  price: p.price,
  soldOut: false,
  stock: p.stock,
  maxQuantity: p.maxQuantity,
  meta: { description: p.description },
});

/**
 * Lowlands Lights extras (`lowlands-extras`): an add-on shop (spec §1 sale modes) where a buyer finds an earlier order
 * and adds extras to it (spec §3 Previous order); also sells a day ticket.
 */
export const LOWLANDS_EXTRAS: { readonly config: ShopConfigEncoded; readonly products: ReadonlyArray<ProductEncoded> } = {
  config: {
    slug: ADDON_SHOP_SLUG,
    shopToken: ADDON_SHOP_TOKEN,
    apiNamespace: "lowlands-extras-2027",
    title: "Lowlands Lights extras",
    titleFull: "Lowlands Lights 2027 extras for your order",
    brand: "festival",
    festivalData: {
      title: "Lowlands Lights 2027 extras",
      dateStart: "2027-08-20",
      dateEnd: "2027-08-22",
      location: "Biddinghuizen, NL",
      heroImage: "/assets/hero-lowlands.jpg",
    },
    shopTheme: { logo: "/assets/logo-lowlands.svg", primaryColor: "#d9480f" },
    previewMode: false,
    preregistration: false,
    stepflow: "No",
    upsell: "No",
    useStepper: false,
    showDetailedServiceFees: false,
    showCovidTerms: false,
    disableRefund: false,
    maxTicketAmount: 4,
    orderServiceFee: 1,
    shopInit: { isAddOnShop: true, paymentProvider: "test" },
    shopSettings: {
      fields: {},
      termsConditions: "https://example.com/lowlands-lights/terms",
      privacyPolicy: "https://example.com/lowlands-lights/privacy",
    },
    shippingCountries: [...DEMO_SHIPPING_COUNTRIES],
  },
  products: [
    {
      id: "lle_ticket_day",
      type: "ticket",
      name: "Sunday day ticket",
      price: 89,
      soldOut: false,
      stock: 500,
      maxQuantity: 4,
      categories: [{ en: "TICKETS", nl: "TICKETS" }],
      meta: { description: "Entry on Sunday." },
    },
    extra({ id: "lle_extra_locker", name: "Festival locker", price: 17.5, stock: 200, maxQuantity: 2, description: "A locker with charging point for the whole weekend." }),
    extra({ id: "lle_extra_parking", name: "Parking ticket", price: 25, stock: 300, maxQuantity: 2, description: "One car, whole weekend." }),
    extra({ id: "lle_extra_breakfast", name: "Breakfast pass", price: 12, stock: 150, maxQuantity: 4, description: "Breakfast at the campsite, three mornings." }),
    {
      id: "lle_refund_protection",
      name: "Refund protection",
      type: "insurance",
      price: 0,
      soldOut: false,
      stock: 100000,
      maxQuantity: 1,
      meta: { percentage: 6.5, description: "Get your money back when you cannot come." },
    },
  ],
};

/** Order number (9 digits) of the add-on shop's demo order. */
export const ADDON_DEMO_ORDER_REFERENCE = "246813579";
/** E-mail of the add-on shop's demo order (the demo account anna@example.com). */
export const ADDON_DEMO_ORDER_EMAIL = "anna@example.com";

/** Anna's earlier order in the add-on shop (two day tickets), found by 246813579 and anna@example.com. spec §3 Previous order. */
export const ADDON_DEMO_ORDER: { readonly shopSlug: string; readonly cartToken: string; readonly data: typeof PreviousOrderData.Type } = {
  shopSlug: ADDON_SHOP_SLUG,
  cartToken: "ct_demo_9e1b5d7c3a8f",
  data: {
    order: {
      reference: ADDON_DEMO_ORDER_REFERENCE,
      external_reference: "8c3e1a5f-2b7d-4f9a-8e6c-1d3b5a7f9e20",
      consumer: { email: ADDON_DEMO_ORDER_EMAIL, firstName: "Anna", lastName: "de Vries" },
      purchases: [{ id: "lle_ticket_day", type: "ticket", title: "Sunday day ticket", price: 8900 as Cents, quantity: 2 }],
    },
    hospitality: { add_on_available: false, add_on: [] },
  },
};

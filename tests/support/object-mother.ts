import { Schema } from "effect";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { Product, type ProductEncoded } from "../../domain/product.schema.ts";
import { ShopConfig, type ShopSummary } from "../../domain/shop.schema.ts";
import { SHOP, SHOP_CONFIG, WEEKEND_TICKET } from "./contract-examples.ts";

/** Decodes a wire product (euros) into a domain Product (cents), with overrides on the wire shape. */
export const aProduct = (overrides: Partial<ProductEncoded> = {}): Product =>
  Schema.decodeUnknownSync(Product)({ ...WEEKEND_TICKET, ...overrides });

/** The demo shop's configuration decoded (cents). */
export const aShopConfig = (): ShopConfig => Schema.decodeUnknownSync(ShopConfig)(SHOP_CONFIG);

/** The demo shop as the event chooser lists it. */
export const aShopSummary = (): ShopSummary => ({
  slug: SHOP.slug,
  title: SHOP_CONFIG.title,
  titleFull: SHOP_CONFIG.titleFull,
  apiNamespace: SHOP.apiNamespace,
  shopToken: SHOP.shopToken,
  previewMode: false,
  festivalData: SHOP_CONFIG.festivalData,
  logo: SHOP_CONFIG.shopTheme.logo,
});

/** A shopping cart holding `products` (default 2 weekend tickets), 600 s left, totals of the weekend ticket (€ 229,50 each); overrides on top. spec §3 Cart. */
export const aCart = (overrides: Partial<Cart> = {}): Cart => {
  const products = overrides.products ?? { [WEEKEND_TICKET.id]: 2 };
  const tickets = products[WEEKEND_TICKET.id] ?? 0;
  return {
    id: "00000000-0000-4000-8000-0000000000c1",
    status: "shopping",
    timeout: 600,
    products,
    totalAmount: (tickets * 22950) as Cents,
    totalAmountExcludingServiceCosts: (tickets * 21950) as Cents,
    checkoutAllowed: true,
    checkoutErrors: [],
    order: null,
    ...overrides,
  };
};

/** A cart in payment (spec §4 Cart status in_payment): an order with a payment link, 900 s to pay. */
export const aCartInPayment = (overrides: Partial<Cart> = {}): Cart =>
  aCart({ status: "in_payment", timeout: 900, order: { paymentUri: "https://pay.example.com/p/1", availablePaymentMethods: [] }, ...overrides });

/** A confirmed (paid) cart. spec §4 Cart status confirmed. */
export const aConfirmedCart = (overrides: Partial<Cart> = {}): Cart => aCartInPayment({ status: "confirmed", ...overrides });

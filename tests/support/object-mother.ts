import { Schema } from "effect";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { Product, type ProductEncoded } from "../../domain/product.schema.ts";
import type { SaleMode } from "../../domain/sale-mode.ts";
import { ShopConfig, type ShopSummary } from "../../domain/shop.schema.ts";
import { SHOP, SHOP_CONFIG, WEEKEND_TICKET } from "./contract-examples.ts";

/** Decodes a wire product (euros) into a domain Product (cents), with overrides on the wire shape. */
export const aProduct = (overrides: Partial<ProductEncoded> = {}): Product =>
  Schema.decodeUnknownSync(Product)({ ...WEEKEND_TICKET, ...overrides });

/** The demo shop's configuration decoded (cents). */
export const aShopConfig = (): ShopConfig => Schema.decodeUnknownSync(ShopConfig)(SHOP_CONFIG);

/** The config fields that put the demo shop in each sale mode (spec §1, §3 Modes and flags); a new mode needs its entry. */
const SALE_MODE_SETTINGS = {
  Regular: {},
  MemberSale: { membersale: true },
  TravelSale: { travelsale: true },
  Preregistration: { preregistration: true, orderServiceFeeWishlist: 150 as Cents },
  Preview: { previewMode: true, previewModusCopy: { title: "Preview", body: "Ticket sale starts soon." } },
  AddOnShop: { shopInit: { isAddOnShop: true, paymentProvider: "test" } },
  Upgrade: { upgradableOrder: { upgradeText: "Upgrade the weekend tickets you bought." } },
} as const satisfies Record<SaleMode["_tag"], Partial<ShopConfig>>;

/** The demo shop's configuration in sale mode `mode` (aShopConfig with that mode's flags). */
export const aShopConfigIn = (mode: SaleMode["_tag"]): ShopConfig => ({ ...aShopConfig(), ...SALE_MODE_SETTINGS[mode] });

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

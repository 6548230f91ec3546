import { Schema } from "effect";
import { Cart, type CartEncoded, type CartOrder, type CheckoutError } from "../../domain/cart.schema.ts";
import { isCartChangeable } from "../../domain/cart.ts";
import { isCheckoutAllowed, type CheckoutFacts } from "../../domain/checkout-rules.ts";
import { holdExtensionsLeft, maxHoldExtensions } from "../../domain/hold-extension.ts";
import type { Cents } from "../../domain/money.ts";
import { shippingPriceOf } from "../../domain/shipping.ts";
import { priceBasket, type Basket, shopPricingContext } from "../../domain/pricing.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import type { PaymentProvider } from "../payments/payment-provider.port.ts";
import { listProductsByIds, type ShopRecord } from "../shop/shop-store.ts";
import { accountCheckoutErrors } from "../orders/account-limits.ts";
import { orderReferenceOfCart } from "../orders/order-records.ts";
import { cartUpgradeDiscount } from "../orders/upgradable-orders.ts";
import { hotelCartsOf, hotelCartTotal, travelCheckoutErrors, type HotelCartRow } from "../travel/hotel-holds.ts";
import { voucherDiscount } from "../vouchers/voucher-holds.ts";
import { cartProducts, isExpired, latestPayment, type CartRow } from "./cart-store.ts";

const encodeCart = Schema.encodeSync(Cart);

/** Whole seconds from `now` until `expiresAt` (0 when past). spec §3 Cart timeout. */
export const secondsLeft = (expiresAt: Date, now: Date): number =>
  Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));

/**
 * Prices a cart's lines (cents) with the shop's fee mode, the shipping country's price for merchandise and an upgrade
 * cart's discount. spec §9.
 */
export const priceCart = async (
  db: Db | Tx,
  shop: ShopRecord,
  cart: CartRow,
  lines: Record<string, number>,
  lineProducts?: ReadonlyArray<Product>,
): Promise<Basket> => {
  const shipping = cart.shippingCountry === null ? null : shippingPriceOf(shop.config.shippingCountries, cart.shippingCountry);
  const products = lineProducts ?? (await listProductsByIds(db, shop.slug, Object.keys(lines)));
  const inCart = products.filter((p) => (lines[p.id] ?? 0) > 0);
  const upgradeDiscount = await cartUpgradeDiscount(db, shop.slug, cart, inCart);
  return priceBasket(products, lines, {
    ...shopPricingContext(shop.config),
    ...(shipping === null ? {} : { shippingPrice: shipping }),
    ...(upgradeDiscount > 0 ? { upgradeDiscount } : {}),
  });
};

/** Totals of a whole cart in cents: product basket plus hotel bookings, minus the voucher discount (never below 0). */
export interface CartTotals {
  readonly basket: Basket;
  readonly hotel: Cents;
  readonly discount: Cents;
  readonly total: Cents;
  readonly totalExcludingServiceCosts: Cents;
}

/**
 * Prices the whole cart (cents): products with fees (priceCart), hotel bookings, then the voucher discount. `hotels`
 * are the cart's hotel bookings and `lineProducts` the products of `lines` when the caller already read them. spec §3
 * Cart totals, §9.
 */
export const cartTotals = async (
  db: Db | Tx,
  shop: ShopRecord,
  cart: CartRow,
  lines: Record<string, number>,
  hotels?: ReadonlyArray<HotelCartRow>,
  lineProducts?: ReadonlyArray<Product>,
): Promise<CartTotals> => {
  const basket = await priceCart(db, shop, cart, lines, lineProducts);
  const hotel = await hotelCartTotal(db, cart, hotels);
  const subtotal = (basket.total + hotel) as Cents;
  const discount = await voucherDiscount(db, shop, cart, subtotal);
  const clamp = (n: number) => Math.max(0, n) as Cents;
  return {
    basket,
    hotel,
    discount,
    total: clamp(subtotal - discount),
    totalExcludingServiceCosts: clamp(basket.totalExcludingServiceCosts + hotel - discount),
  };
};

/**
 * What the caller of cartView already knows, so it is not read again: the cart's lines, the products of exactly those
 * lines, the hotel bookings; `fresh` for a cart just created (no lines, no hotel).
 */
export interface KnownCart {
  readonly lines?: Record<string, number>;
  readonly lineProducts?: ReadonlyArray<Product>;
  readonly fresh?: boolean;
  /** The cart's hotel bookings, when the caller read them in the same transaction. */
  readonly hotels?: ReadonlyArray<HotelCartRow>;
}

/** What checkoutAllowed and an order decide on, read once: lines, their products, hotel bookings, totals (cents), checkoutErrors, and the domain's facts. */
export interface CheckoutState {
  readonly lines: Record<string, number>;
  readonly lineProducts: ReadonlyArray<Product>;
  readonly hotels: ReadonlyArray<HotelCartRow>;
  readonly totals: CartTotals;
  readonly checkoutErrors: CheckoutError[];
  readonly facts: CheckoutFacts;
}

/**
 * Reads and prices the cart and computes its checkoutErrors (travel occupants, account limit) and the facts
 * domain/checkout-rules.ts decides checkoutAllowed and order refusals on. `known` skips what the caller read.
 */
export const checkoutState = async (db: Db | Tx, shop: ShopRecord, cart: CartRow, now: Date, known: KnownCart = {}): Promise<CheckoutState> => {
  const lines = known.fresh ? {} : (known.lines ?? (await cartProducts(db, cart.id)));
  const hotels = known.fresh ? [] : (known.hotels ?? (await hotelCartsOf(db, cart.id)));
  // Read once: pricing and the travel occupants check both need the products of the lines.
  const lineProducts = known.lineProducts ?? (await listProductsByIds(db, shop.slug, Object.keys(lines)));
  const totals = await cartTotals(db, shop, cart, lines, hotels, lineProducts);
  const hasTravel = hotels.length > 0 || totals.hotel > 0;
  const checkoutErrors =
    Object.keys(lines).length > 0 || hasTravel
      ? [...(await travelCheckoutErrors(db, cart, lines, hotels, lineProducts)), ...(await accountCheckoutErrors(db, shop, cart, now))]
      : [];
  const facts: CheckoutFacts = { status: cart.status as Cart["status"], expired: isExpired(cart, now), lines, lineProducts, hasTravel, checkoutErrors };
  return { lines, lineProducts, hotels, totals, checkoutErrors, facts };
};

/**
 * The wire Cart (docs/shop-api.md): timeout and maxTimeout in seconds left (0 when confirmed or expired), products
 * map, totals in euros, checkoutAllowed, checkoutErrors, order null until details are given, holdExtensionsLeft.
 */
export const cartView = async (
  db: Db | Tx,
  shop: ShopRecord,
  cart: CartRow,
  provider: PaymentProvider | undefined,
  now: Date,
  known: KnownCart = {},
): Promise<CartEncoded> => {
  const { lines, totals, checkoutErrors, facts } = await checkoutState(db, shop, cart, now, known);
  const payment = cart.status === "shopping" ? undefined : await latestPayment(db, cart.id);
  const methods = provider?.availablePaymentMethods() ?? [];
  const reference = cart.status === "confirmed" ? await orderReferenceOfCart(db, cart) : undefined;
  const order: CartOrder | null = payment
    ? { paymentUri: payment.paymentUri, availablePaymentMethods: methods, ...(reference === undefined ? {} : { reference }) }
    : cart.details !== null
      ? { paymentUri: null, availablePaymentMethods: methods }
      : null;
  const status = cart.status as Cart["status"];
  const atBound = cart.holdEndsAt !== null && cart.expiresAt.getTime() >= cart.holdEndsAt.getTime();
  return encodeCart({
    id: cart.id,
    status,
    timeout: status === "confirmed" ? 0 : secondsLeft(cart.expiresAt, now),
    products: lines,
    totalAmount: totals.total,
    totalAmountExcludingServiceCosts: totals.totalExcludingServiceCosts,
    checkoutAllowed: isCheckoutAllowed(facts),
    checkoutErrors,
    order,
    shippingCountry: cart.shippingCountry,
    // A hold that already ends at its bounded end has no extension left to give.
    holdExtensionsLeft: isCartChangeable(status) && !atBound ? holdExtensionsLeft(cart.holdExtensions, maxHoldExtensions(shop.config)) : 0,
    ...(cart.holdEndsAt === null ? {} : { maxTimeout: status === "confirmed" ? 0 : secondsLeft(cart.holdEndsAt, now) }),
  });
};

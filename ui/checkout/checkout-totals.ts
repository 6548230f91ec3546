import { useSyncExternalStore } from "react";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { chooseRefund, type RefundChoice } from "../../domain/refund-choice.ts";
import { type Basket, type DiscountBlock, discountBlock, priceBasket, shopPricingContext } from "../../domain/pricing.ts";
import type { Product, ProductType } from "../../domain/product.schema.ts";
import type { ShippingCountry } from "../../domain/shop.schema.ts";
import { isFestivalBrand, shippingCountriesFor, shippingPriceOf } from "../../domain/shipping.ts";
import { productTypesInCart } from "../../domain/upgrade.ts";
import { bookingProtectAvailable } from "../../domain/upgrade-choice.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useBasket, useChangeQuantity, useCurrentShop } from "../shop/shop-context.tsx";
import { useTravelCart } from "../shop/travel-cart.queries.ts";
import { saleOf } from "../../domain/sale-mode.ts";

// What the checkout's basket (ui/checkout/checkout.route.tsx) and its details section (checkout-details.tsx) both
// read: the cart priced as the server counts it, and the refund protection choice. The details section hydrates after
// the page and takes no props that change, so it reads these itself rather than from the route.

/** The checkout's cart priced as the server counts it (spec §2 Basket screen, §9): shipping included, travel counted. */
export interface CheckoutTotals {
  readonly cart: Cart | null;
  readonly products: ReadonlyArray<Product>;
  /** Product types of the cart's lines (quantity above 0). */
  readonly types: ReadonlyArray<ProductType>;
  /** The basket priced with the cart's shipping country (the shipping row shows what the server counts in the total). */
  readonly basket: Basket;
  /** The cart books a hotel room or add-ons (spec §3 Travel): the server prices them in totalAmount and checkoutAllowed. */
  readonly hasTravel: boolean;
  /** Products or a travel booking in the cart. */
  readonly hasContent: boolean;
  /** The cart's totalAmount in cents (the server's when known, the basket's meanwhile); 0 with no content (spec §3 Cart). */
  readonly totalAmount: Cents;
  /** The subtotal and discount block above the total: the upgrade's discount and the voucher's the total holds (domain discountBlock). */
  readonly discounts: DiscountBlock;
  /** The countries the shop ships merchandise to (the festival brands' short list, spec §4 Shipping country change). */
  readonly shippingList: ReadonlyArray<ShippingCountry>;
  /** The shipping price of the cart's country in cents, or 0 without one. */
  readonly shippingPrice: Cents;
  /** The shop is open on an upgradable order (spec §1 upgrade mode). */
  readonly upgradeMode: boolean;
  /** The shop's insurance (refund protection) product, if it sells one. */
  readonly insurance: Product | undefined;
}

/** The checkout's priced cart (CheckoutTotals), or null while products or the cart load. spec §2 Basket screen, §9. */
export function useCheckoutTotals(): CheckoutTotals | null {
  const { config, context } = useCurrentShop();
  const priced = useBasket();
  const travelCart = useTravelCart().data;
  const hasTravel = travelCart != null;
  if (!priced) return null;
  const { cart, products } = priced;
  const shippingList = shippingCountriesFor(config.shippingCountries, isFestivalBrand(config.brand));
  const countryPrice = cart?.shippingCountry ? (shippingPriceOf(shippingList, cart.shippingCountry) ?? undefined) : undefined;
  const basket = countryPrice === undefined
    ? priced.basket
    : priceBasket(products, cart?.products ?? {}, {
        ...shopPricingContext(config),
        shippingPrice: countryPrice,
        ...(priced.basket.discount > 0 ? { upgradeDiscount: priced.basket.discount } : {}),
      });
  const hasContent = basket.itemCount > 0 || hasTravel;
  const totalAmount = (hasContent ? (cart?.totalAmount ?? basket.total) : 0) as Cents;
  return {
    cart,
    products,
    types: productTypesInCart(products, cart?.products ?? {}),
    basket,
    hasTravel,
    hasContent,
    totalAmount,
    discounts: discountBlock(basket, (travelCart?.totalPrice ?? 0) as Cents, totalAmount),
    shippingList,
    shippingPrice: (countryPrice || 0) as Cents,
    upgradeMode: context.upgradableOrderId !== undefined,
    insurance: products.find((p) => p.type === "insurance"),
  };
}

/** The refund protection choice of one checkout visit, shared by the basket (upgrade mode) and the details section. */
export interface RefundChoiceStore {
  readonly get: () => RefundChoice;
  readonly set: (choice: RefundChoice) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

/** A RefundChoiceStore starting at `initial` (domain initialRefundChoice, spec §4 Refund choice). */
export const createRefundChoiceStore = (initial: RefundChoice): RefundChoiceStore => {
  let choice = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => choice,
    set: (next) => {
      choice = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};

/** What the refund protection field shows: whether at all, its answer (null = not made) and the price Yes would add (cents; 0 where not shown). */
export interface RefundField {
  readonly shown: boolean;
  readonly value: boolean | null;
  readonly price: Cents;
}

/**
 * The refund protection choice (spec §4 Refund choice, §9): the current answer and `choose(insured)`, which writes the
 * cart; shown where the spec's conditions hold, in one `place` only.
 */
export function useRefundChoice(store: RefundChoiceStore, totals: CheckoutTotals | null, place: "basket" | "details"): {
  readonly choice: RefundChoice;
  readonly field: RefundField;
  readonly choose: (insured: boolean) => void;
} {
  const { config } = useCurrentShop();
  const choice = useSyncExternalStore(store.subscribe, store.get, store.get);
  const changeQuantity = useChangeQuantity();
  const { showFailure } = useErrorDialog();
  const insurance = totals?.insurance;
  const cart = totals?.cart ?? null;
  const products = totals?.products ?? [];
  const choose = (insured: boolean) => {
    if (!insurance) return;
    const { choice: made, update } = chooseRefund(insurance.id, insured);
    store.set(made);
    if ((cart?.products[insurance.id] ?? 0) !== update.quantity) changeQuantity.mutate(update, { onError: (failure) => showFailure(failure, cart?.id) });
  };
  const shown =
    totals !== null && saleOf(config).rules.order !== "none" && !config.disableRefund && insurance !== undefined && totals.basket.itemCount > 0 &&
    totals.upgradeMode === (place === "basket") && (!totals.upgradeMode || bookingProtectAvailable(config.upgradableOrder));
  const value = totals?.types.includes("insurance") ? true : choice._tag === "Made" ? choice.insured : null;
  // The price Yes would add: the basket priced with one insurance item (spec §9 Refund protection price).
  const price = shown && insurance
    ? priceBasket(products, { ...(cart?.products ?? {}), [insurance.id]: 1 }, { showDetailedServiceFees: config.showDetailedServiceFees, orderServiceFee: config.orderServiceFee }).refundProtection
    : (0 as Cents);
  return { choice, field: { shown, value, price }, choose };
}

/** Mutation key of the PlaceOrder call of a shop (react-query): the basket's controls wait while an order is sent. */
export const placeOrderKey = (slug: string) => ["place-order", slug] as const;

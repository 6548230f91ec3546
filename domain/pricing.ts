import type { Product, ProductType } from "./product.schema.ts";
import { type Cents, sumCents, timesQuantity } from "./money.ts";
import { type SaleConfig, saleOf } from "./sale-mode.ts";

/** Basket groups in display order (spec §2 Basket screen: upgrades, memberships, tickets, travel, add-ons, transportation, merchandise, extras, compare-transport). */
export const BASKET_GROUP_ORDER = [
  "upgrades",
  "memberships",
  "tickets",
  "travel",
  "addons",
  "transportation",
  "merchandise",
  "extras",
  "comparetransport",
] as const;
/** One of the basket groups of spec §2. */
export type BasketGroup = (typeof BASKET_GROUP_ORDER)[number];

/** Basket group of a product type; insurance is priced as refund protection and `reference` is never listed (null). spec §2, §3. */
export const basketGroupOf = (type: ProductType): BasketGroup | "insurance" | null => {
  switch (type) {
    case "upgrade":
      return "upgrades";
    case "membership":
      return "memberships";
    case "ticket":
      return "tickets";
    case "travel":
    case "hotel":
    case "traveladdon":
      return "travel";
    case "addons":
      return "addons";
    case "transportation":
    case "bus_travel":
      return "transportation";
    case "merchandise":
      return "merchandise";
    case "extras":
      return "extras";
    case "comparetransport":
      return "comparetransport";
    case "insurance":
      return "insurance";
    case "reference":
      return null;
  }
};

/** Fixed order fee for transportation: 5.00 EUR = 500 cents. spec §9. */
export const TRANSPORT_ORDER_FEE: Cents = 500 as Cents;

/** Tourist tax of one unit in cents (meta.touristTaxAmount when calculateTouristTax, else 0). spec §9. */
export const touristTaxPerUnit = (product: Product): Cents =>
  product.meta?.calculateTouristTax ? (product.meta.touristTaxAmount ?? (0 as Cents)) : (0 as Cents);

/** Entertainment fee of one unit in cents (meta.entertainmentFeeAmount only when mentionEntertainmentFee). spec §9. */
export const entertainmentFeePerUnit = (product: Product): Cents =>
  product.meta?.mentionEntertainmentFee ? (product.meta.entertainmentFeeAmount ?? (0 as Cents)) : (0 as Cents);

/**
 * Unit price shown on a basket line, in cents. Tickets: priceExcludingServiceCosts (or price) minus tourist tax
 * minus the entertainment fee when flagged; every other type: price. spec §9.
 */
export const lineUnitPrice = (product: Product): Cents =>
  product.type === "ticket"
    ? ((product.priceExcludingServiceCosts ?? product.price) - touristTaxPerUnit(product) - entertainmentFeePerUnit(product)) as Cents
    : product.price;

/** One basket line: product, group, quantity, unit price and line total (cents). spec §2 Basket screen. */
export interface BasketLine {
  readonly productId: string;
  readonly name: string;
  readonly type: ProductType;
  readonly group: BasketGroup;
  readonly quantity: number;
  readonly unitPrice: Cents;
  readonly total: Cents;
}

/** Shop- and session-level inputs of the price: fee mode, fees and discounts, all in cents. spec §3 Shop config, §9. */
export interface PricingContext {
  readonly showDetailedServiceFees: boolean;
  readonly orderServiceFee: Cents;
  /** Shipping price of the chosen country; counted only with merchandise in the cart. */
  readonly shippingPrice?: Cents;
  /** Upgrade discount (priceAmount/100 euros, i.e. priceAmount cents); subtracted from the total, not the subtotal. */
  readonly upgradeDiscount?: Cents;
  /** Pre-registration wishlist fee (orderServiceFeeWishlist), added to the total. */
  readonly wishlistFee?: Cents;
  /** The ignoreOrderFee switch: the total is then the one without service costs. */
  readonly ignoreOrderFee?: boolean;
}

/** The priced basket: groups of lines in spec order, the fee rows, subtotal, discount and totals (cents). spec §2, §9. */
export interface Basket {
  readonly groups: ReadonlyArray<{ readonly group: BasketGroup; readonly lines: ReadonlyArray<BasketLine> }>;
  readonly serviceFee: Cents;
  readonly orderFee: Cents;
  readonly touristTax: Cents;
  readonly entertainmentTax: Cents;
  readonly shipping: Cents;
  readonly refundProtection: Cents;
  /** Pre-registration wishlist fee row (the context's wishlistFee when the basket has lines, else 0), added to the total after the discount. */
  readonly wishlistFee: Cents;
  readonly subtotal: Cents;
  readonly discount: Cents;
  readonly total: Cents;
  readonly totalExcludingServiceCosts: Cents;
  readonly itemCount: number;
}

/**
 * Refund protection price: percentage of (the sum of the other cart items at full price plus the order service
 * fee), rounded half up to the cent. spec §9.
 */
export const refundProtectionPrice = (percentage: number, insuredAmount: Cents): Cents =>
  Math.round((insuredAmount * percentage) / 100) as Cents;

/**
 * Prices a cart (cents; `cartProducts`: id to quantity): service and order fees, taxes, refund protection, shipping
 * with merchandise, the upgrade discount and the wishlist fee. spec §2 Basket screen, §3 Cart, §9.
 */
export const priceBasket = (
  products: ReadonlyArray<Product>,
  cartProducts: Readonly<Record<string, number>>,
  context: PricingContext,
): Basket => {
  const byId = new Map(products.map((p) => [p.id, p] as const));
  const lines: BasketLine[] = [];
  let insurance: { product: Product; quantity: number } | undefined;
  for (const [productId, quantity] of Object.entries(cartProducts)) {
    const product = byId.get(productId);
    if (!product || !Number.isInteger(quantity) || quantity < 1) continue;
    const group = basketGroupOf(product.type);
    if (group === null) continue;
    if (group === "insurance") {
      insurance = { product, quantity: 1 };
      continue;
    }
    const unitPrice = lineUnitPrice(product);
    lines.push({
      productId,
      name: product.title ?? product.name,
      type: product.type,
      group,
      quantity,
      unitPrice,
      total: timesQuantity(unitPrice, quantity),
    });
  }
  const quantityOf = (p: BasketLine) => p.quantity;
  const productOf = (line: BasketLine) => byId.get(line.productId)!;
  const tickets = lines.filter((l) => l.type === "ticket");
  const serviceFee = lines.length === 0
    ? (0 as Cents)
    : context.showDetailedServiceFees
      ? sumCents(tickets.map((l) => timesQuantity(productOf(l).serviceCosts ?? (0 as Cents), quantityOf(l))))
      : context.orderServiceFee;
  const orderFee = lines.some((l) => l.group === "transportation" && !l.productId.startsWith("paylogic"))
    ? TRANSPORT_ORDER_FEE
    : (0 as Cents);
  const touristTax = sumCents(tickets.map((l) => timesQuantity(touristTaxPerUnit(productOf(l)), l.quantity)));
  const entertainmentTax = sumCents(tickets.map((l) => timesQuantity(entertainmentFeePerUnit(productOf(l)), l.quantity)));
  const shipping = lines.some((l) => l.group === "merchandise") ? (context.shippingPrice ?? (0 as Cents)) : (0 as Cents);
  const itemsAtFullPrice = sumCents(lines.map((l) => timesQuantity(productOf(l).price, l.quantity)));
  const refundProtection = insurance && lines.length > 0
    ? refundProtectionPrice(insurance.product.meta?.percentage ?? 0, (itemsAtFullPrice + (context.showDetailedServiceFees ? 0 : context.orderServiceFee)) as Cents)
    : (0 as Cents);
  const linesTotal = sumCents(lines.map((l) => l.total));
  const subtotal = sumCents([linesTotal, serviceFee, orderFee, touristTax, entertainmentTax, shipping, refundProtection]);
  const discount = lines.length === 0 ? (0 as Cents) : (context.upgradeDiscount ?? (0 as Cents));
  const wishlistFee = lines.length === 0 ? (0 as Cents) : (context.wishlistFee ?? (0 as Cents));
  const gross = lines.length === 0 ? 0 : Math.max(0, subtotal - discount + wishlistFee);
  const totalExcludingServiceCosts = Math.max(0, gross - serviceFee) as Cents;
  const groups = BASKET_GROUP_ORDER.map((group) => ({ group, lines: lines.filter((l) => l.group === group) })).filter(
    (g) => g.lines.length > 0,
  );
  return {
    groups,
    serviceFee,
    orderFee,
    touristTax,
    entertainmentTax,
    shipping,
    refundProtection,
    wishlistFee,
    subtotal: lines.length === 0 ? (0 as Cents) : subtotal,
    discount,
    total: (context.ignoreOrderFee ? totalExcludingServiceCosts : gross) as Cents,
    totalExcludingServiceCosts,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
};

/** The subtotal and discount block of the basket (spec §2 Basket screen), all in cents. */
export interface DiscountBlock {
  /** True when a discount is above 0: the block then shows above the total. */
  readonly shown: boolean;
  /** Lines, fees and hotel bookings before any discount. */
  readonly subtotal: Cents;
  /** The upgrade's membership discount (basket.discount). */
  readonly upgradeDiscount: Cents;
  /** The voucher discount the cart's total holds. */
  readonly voucherDiscount: Cents;
}

/**
 * The basket's subtotal and discount block (spec §2 Basket screen, §7 vouchers): subtotal with hotel bookings, the
 * upgrade discount and the voucher discount, so the rows add up to the total paid.
 */
export const discountBlock = (basket: Basket, travelTotal: Cents, cartTotal: Cents): DiscountBlock => {
  const voucherDiscount = Math.max(0, basket.total + travelTotal - cartTotal) as Cents;
  return {
    shown: basket.discount > 0 || voucherDiscount > 0,
    subtotal: (basket.subtotal + travelTotal) as Cents,
    upgradeDiscount: basket.discount,
    voucherDiscount,
  };
};

/** The pricing context's wishlist fee of a shop: orderServiceFeeWishlist where its sale mode adds one (spec §9 "The pre-registration wishlist fee is added to the total"), else none. */
export const wishlistFeeOf = (config: SaleConfig & { readonly orderServiceFeeWishlist?: Cents | undefined }): { wishlistFee?: Cents } =>
  saleOf(config).rules.wishlistFee && config.orderServiceFeeWishlist ? { wishlistFee: config.orderServiceFeeWishlist } : {};

/**
 * The pricing context of a shop's config, before what belongs to one cart (shipping country, upgrade discount): the
 * fee mode, orderServiceFee and the wishlist fee (wishlistFeeOf). Money in cents. spec §3 Shop config "Limits and fees", §9.
 */
export const shopPricingContext = (
  config: SaleConfig & { readonly showDetailedServiceFees: boolean; readonly orderServiceFee: Cents; readonly orderServiceFeeWishlist?: Cents | undefined },
): PricingContext => ({
  showDetailedServiceFees: config.showDetailedServiceFees,
  orderServiceFee: config.orderServiceFee,
  ...wishlistFeeOf(config),
});

/** What an item screen says of a product's price (cents): the unit price the cart charges, the service costs it includes, and the fees the cart adds once per order. */
export interface ItemPriceFacts {
  /** What one unit adds to the cart: its basket line price plus its per-unit taxes and, in detailed mode, a ticket's service costs. */
  readonly price: Cents;
  /** A ticket's service costs included in `price` (detailed mode), else 0. */
  readonly includedServiceCosts: Cents;
  /** The service fee charged once per order (orderServiceFee outside detailed mode, plus the wishlist fee), else 0. */
  readonly serviceFeePerOrder: Cents;
  /** The transport order fee charged once per order with this product, else 0. */
  readonly orderFeePerOrder: Cents;
}

/**
 * The price an item screen shows for `product` under the pricing `context` (spec §2 Item screens, §9): the unit price
 * the visitor pays with the service costs it includes, and the per-order fees stated beside it.
 */
export const itemPriceFacts = (product: Product, context: Pick<PricingContext, "showDetailedServiceFees" | "orderServiceFee" | "wishlistFee">): ItemPriceFacts => {
  const isTicket = product.type === "ticket";
  const includedServiceCosts = isTicket && context.showDetailedServiceFees ? (product.serviceCosts ?? (0 as Cents)) : (0 as Cents);
  const taxes = isTicket ? touristTaxPerUnit(product) + entertainmentFeePerUnit(product) : 0;
  return {
    price: (lineUnitPrice(product) + taxes + includedServiceCosts) as Cents,
    includedServiceCosts,
    serviceFeePerOrder: ((context.showDetailedServiceFees ? 0 : context.orderServiceFee) + (context.wishlistFee ?? 0)) as Cents,
    orderFeePerOrder: basketGroupOf(product.type) === "transportation" && !product.id.startsWith("paylogic") ? TRANSPORT_ORDER_FEE : (0 as Cents),
  };
};

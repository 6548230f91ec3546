import type { CartStatus } from "./cart.schema.ts";
import type { ProductType } from "./product.schema.ts";

/** Result of parsing an order number: consumer external reference (UUID), reference (9 digits) or invalid. spec §5 Order number lookup. */
export type OrderNumber =
  | { readonly _tag: "ConsumerExternalReference"; readonly consumer_external_reference: string }
  | { readonly _tag: "Reference"; readonly reference: string }
  | { readonly _tag: "Invalid" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses a typed order number: trimmed, one leading # removed, a UUID -> consumer_external_reference, exactly 9 digits -> reference, else Invalid. spec §5, §9. */
export const parseOrderNumber = (raw: string): OrderNumber => {
  const value = raw.trim().replace(/^#/, "").trim();
  if (UUID.test(value)) return { _tag: "ConsumerExternalReference", consumer_external_reference: value };
  if (/^\d{9}$/.test(value)) return { _tag: "Reference", reference: value };
  return { _tag: "Invalid" };
};

/** Identification candidates for POST /get-orders. spec §7. */
export interface GetOrdersInput {
  readonly consumer_email?: string | null;
  readonly reference?: string | null;
  readonly consumer_external_reference?: string | null;
}

/** The POST /get-orders body: exactly one of the identifiers, or reference false. spec §5, §7. */
export type GetOrdersParams =
  | { readonly consumer_email: string }
  | { readonly reference: string | false }
  | { readonly consumer_external_reference: string };

const present = (v: string | null | undefined): v is string => typeof v === "string" && v.trim() !== "";

/** The first present (non-blank) of consumer_email, reference, consumer_external_reference; else { reference: false }. spec §5. */
export const getOrdersParams = (input: GetOrdersInput): GetOrdersParams => {
  if (present(input.consumer_email)) return { consumer_email: input.consumer_email };
  if (present(input.reference)) return { reference: input.reference };
  if (present(input.consumer_external_reference)) return { consumer_external_reference: input.consumer_external_reference };
  return { reference: false };
};

/** Message keys checkAllTerms can add. spec §5 Order button. */
export const TERMS_MESSAGE = {
  shippingUnavailable: "shipping_unavailable",
  termsNotAccepted: "form_terms_not_accepted",
  covidNotAccepted: "form_covid_not_accepted",
  noCountrySelected: "form_no_country_selected",
  noInsuranceChoice: "form_no_insurance_choice",
} as const;
/** One checkAllTerms message key. */
export type TermsMessage = (typeof TERMS_MESSAGE)[keyof typeof TERMS_MESSAGE];

/** Inputs of the order-button check. Money in cents. spec §5 Order button. */
export interface TermsInput {
  /** The shop is the at-home shop (its slug). */
  readonly isAtHomeShop: boolean;
  /** Chosen shipping country code, null when none. */
  readonly shippingCountry: string | null;
  /** Shipping price of the chosen country in cents (0 = not shippable). */
  readonly shippingPrice: number;
  readonly termsAccepted: boolean;
  readonly covidTermsAccepted: boolean;
  readonly showCovidTerms: boolean;
  readonly hasMerchandise: boolean;
  /** Refund protection is offered (not disableRefund and an insurance product exists). */
  readonly refundAvailable: boolean;
  readonly hasInsurableProduct: boolean;
  readonly insuranceChoiceMade: boolean;
  readonly upgradeMode: boolean;
  /** upgradableOrder.bookingProtect available (only matters in upgrade mode). */
  readonly bookingProtectAvailable: boolean;
  /** Cart totalAmount in cents: the terms boxes only show (and are only checked) above 0. */
  readonly totalAmount: number;
  readonly checkoutErrors: ReadonlyArray<{ readonly code: string; readonly message: string }>;
}

/** Result of checkAllTerms: own message keys, server checkout error messages, and whether the terms pass. */
export interface TermsResult {
  readonly messages: ReadonlyArray<TermsMessage>;
  readonly serverMessages: ReadonlyArray<string>;
  /** True when no own message was added (server errors are governed by checkoutAllowed). */
  readonly passed: boolean;
}

/**
 * checkAllTerms: shipping_unavailable (at-home shop, country chosen, price 0); form_terms_not_accepted and
 * form_covid_not_accepted (unless showCovidTerms false) when totalAmount > 0; form_no_country_selected
 * (merchandise, no country); form_no_insurance_choice (refund available, insurable product, no choice; in upgrade
 * mode only with booking protect); plus the server checkoutErrors' messages. spec §5 Order button.
 */
export const checkAllTerms = (input: TermsInput): TermsResult => {
  const messages: TermsMessage[] = [];
  if (input.isAtHomeShop && input.shippingCountry !== null && input.shippingPrice <= 0) messages.push(TERMS_MESSAGE.shippingUnavailable);
  const termsShown = input.totalAmount > 0;
  if (termsShown && !input.termsAccepted) messages.push(TERMS_MESSAGE.termsNotAccepted);
  if (termsShown && input.showCovidTerms && !input.covidTermsAccepted) messages.push(TERMS_MESSAGE.covidNotAccepted);
  if (input.hasMerchandise && input.shippingCountry === null) messages.push(TERMS_MESSAGE.noCountrySelected);
  if (
    input.refundAvailable &&
    input.hasInsurableProduct &&
    !input.insuranceChoiceMade &&
    (!input.upgradeMode || input.bookingProtectAvailable)
  ) {
    messages.push(TERMS_MESSAGE.noInsuranceChoice);
  }
  return { messages, serverMessages: input.checkoutErrors.map((e) => e.message), passed: messages.length === 0 };
};

/** Product types that count as travel for the 6003 rule. spec §5 Order button, §8 6003. */
export const TRAVEL_TYPES: ReadonlyArray<ProductType> = ["travel", "hotel", "traveladdon"];

/** True when the cart has travel but no ticket, outside an add-on shop: the order asks the 6003 confirm first. spec §5, §8. */
export const needsNoTicketConfirm = (cartTypes: ReadonlyArray<ProductType>, isAddOnShop: boolean): boolean =>
  !isAddOnShop && cartTypes.some((t) => TRAVEL_TYPES.includes(t)) && !cartTypes.includes("ticket");

/** What an order-button click leads to. spec §5 Order button. */
export type OrderClick =
  | { readonly _tag: "ConfirmNoTickets"; readonly code: 6003 }
  | { readonly _tag: "Blocked"; readonly terms: TermsResult; readonly checkoutAllowed: boolean }
  | { readonly _tag: "Proceed" };

/**
 * Order click: first the 6003 confirm for travel without tickets (skipped once `noTicketsConfirmed`), then Proceed
 * only if the terms pass and checkoutAllowed, else Blocked with the messages. spec §5 Order button.
 */
export const orderClick = (input: {
  readonly terms: TermsInput;
  readonly checkoutAllowed: boolean;
  readonly cartTypes: ReadonlyArray<ProductType>;
  readonly isAddOnShop: boolean;
  readonly noTicketsConfirmed: boolean;
}): OrderClick => {
  if (!input.noTicketsConfirmed && needsNoTicketConfirm(input.cartTypes, input.isAddOnShop)) return { _tag: "ConfirmNoTickets", code: 6003 };
  const terms = checkAllTerms(input.terms);
  return terms.passed && input.checkoutAllowed ? { _tag: "Proceed" } : { _tag: "Blocked", terms, checkoutAllowed: input.checkoutAllowed };
};

/** Refund choice: Unmade, or Made with the answer (insured). spec §4 Refund choice. */
export type RefundChoice = { readonly _tag: "Unmade" } | { readonly _tag: "Made"; readonly insured: boolean };

/** Initial refund choice: Made (not insured) in an add-on shop when no insurance was purchased earlier, else Unmade. spec §4. */
export const initialRefundChoice = (isAddOnShop: boolean, insurancePurchasedEarlier: boolean): RefundChoice =>
  isAddOnShop && !insurancePurchasedEarlier ? { _tag: "Made", insured: false } : { _tag: "Unmade" };

/** Answering the refund question: Made, and the cart write (yes: one insurance item; no: quantity 0). spec §4 Refund choice. */
export const chooseRefund = (
  insuranceProductId: string,
  yes: boolean,
): { readonly choice: RefundChoice; readonly update: { readonly productId: string; readonly quantity: 0 | 1 } } => ({
  choice: { _tag: "Made", insured: yes },
  update: { productId: insuranceProductId, quantity: yes ? 1 : 0 },
});

/** Wishlist save state. spec §4 Wishlist save. */
export type WishlistSaveState = "notSaved" | "saving" | "saved";
/** Events of the wishlist save: save pressed, save done, save failed, cart changed. */
export type WishlistSaveEvent = "save" | "saved" | "failed" | "cartChanged";

/** Wishlist save transitions: notSaved -save-> saving -saved-> saved; failed -> notSaved; a cart change clears saved. spec §4, §3 Cart. */
export const wishlistSaveTransition = (state: WishlistSaveState, event: WishlistSaveEvent): WishlistSaveState => {
  switch (event) {
    case "save":
      return state === "saving" ? state : "saving";
    case "saved":
      return state === "saving" ? "saved" : state;
    case "failed":
      return state === "saving" ? "notSaved" : state;
    case "cartChanged":
      return state === "saved" ? "notSaved" : state;
  }
};

/** Add-on lookup state (initial idle). spec §4 Add-on lookup. */
export type LookupState = "idle" | "running" | "invalid" | "failed" | "no-order" | "success";

/** Outcome of the get-orders call: false (failure), orders found (count) . spec §7 POST /get-orders. */
export type LookupOutcome = { readonly _tag: "Failed" } | { readonly _tag: "Found"; readonly orderCount: number };

/** Lookup state when starting: invalid for an Invalid order number, else running. spec §4, §5. */
export const startLookup = (orderNumber: OrderNumber): LookupState => (orderNumber._tag === "Invalid" ? "invalid" : "running");

/** Lookup state after the call: failed, no-order (0 orders) or success. spec §4 Add-on lookup. */
export const finishLookup = (outcome: LookupOutcome): LookupState =>
  outcome._tag === "Failed" ? "failed" : outcome.orderCount > 0 ? "success" : "no-order";

/** Item add state of the add-on screen. spec §4 Add-on lookup. */
export type ItemAddState = "updating" | "soldOut" | "added";

/** What the cart panel shows for a status. spec §4 Cart status. */
export interface CartPanelView {
  readonly showPanel: boolean;
  readonly showBasket: boolean;
  readonly showForm: boolean;
  readonly showCloseButton: boolean;
}

/**
 * Cart panel rules: shopping shows basket and (when requested) the form; in_payment and confirmed hide basket and
 * form; confirmed hides the panel; the close button is hidden in in_payment/confirmed unless a wishlist. spec §4 Cart status.
 */
export const cartPanelView = (input: {
  readonly status: CartStatus;
  readonly open: boolean;
  readonly formRequested: boolean;
  readonly isWishlist: boolean;
}): CartPanelView => {
  const shopping = input.status === "shopping";
  return {
    showPanel: input.open && input.status !== "confirmed",
    showBasket: shopping,
    showForm: shopping && input.formRequested,
    showCloseButton: shopping || input.isWishlist,
  };
};

/** Closing the cart: the panel closes, and the form is hidden too when the status is not confirmed. spec §4 Cart status. */
export const closeCart = (status: CartStatus, formShown: boolean): { readonly open: false; readonly formShown: boolean } => ({
  open: false,
  formShown: status === "confirmed" ? formShown : false,
});

/** The panel closes by itself when the basket is empty or holds only insurance (types of the cart lines). spec §4 Cart status. */
export const shouldAutoCloseCart = (cartTypes: ReadonlyArray<ProductType>): boolean => cartTypes.every((t) => t === "insurance");

/** Payment panel: Spinner (no order), Form (order without a payment link), Finalize (link). spec §4 Payment panel. */
export type PaymentPanel =
  | { readonly _tag: "Spinner" }
  | { readonly _tag: "Form" }
  | { readonly _tag: "Finalize"; readonly paymentUri: string };

/** Payment panel state from the cart's order. spec §4 Payment panel. */
export const paymentPanel = (order: { readonly paymentUri: string | null } | null): PaymentPanel =>
  order === null ? { _tag: "Spinner" } : order.paymentUri ? { _tag: "Finalize", paymentUri: order.paymentUri } : { _tag: "Form" };

/** The method name meaning nothing has to be paid. */
export const NO_PAYMENT_REQUIRED = "no payment required";

/** When the only method is 'no payment required': total hidden, button 'complete order'; else 'pay now'. spec §4. */
export const payButton = (methods: ReadonlyArray<{ readonly name: string }>): { readonly hideTotal: boolean; readonly labelKey: string } => {
  const free = methods.length === 1 && methods[0]!.name.trim().toLowerCase() === NO_PAYMENT_REQUIRED;
  return { hideTotal: free, labelKey: free ? "payment.complete_order" : "payment.pay_now" };
};

/** A selected method uid no longer among the methods is cleared (null). spec §4 Payment panel. */
export const keepSelectedMethod = (selected: string | null, methods: ReadonlyArray<{ readonly uid: string }>): string | null =>
  selected !== null && methods.some((m) => m.uid === selected) ? selected : null;

/** Slug of the at-home shop (merchandise shipped home; its own shipping texts). spec §5 Order button, §8 Shipping. */
export const AT_HOME_SLUG = "at-home";

/** True for the at-home shop's slug. spec §5, §8. */
export const isAtHomeShop = (slug: string): boolean => slug === AT_HOME_SLUG;

/** Cart facts checkAllTerms needs, from the cart's product types: merchandise present, an insurable (non-insurance) product, insurance already chosen. spec §5. */
export const cartTermFacts = (
  cartTypes: ReadonlyArray<ProductType>,
): { readonly hasMerchandise: boolean; readonly hasInsurableProduct: boolean; readonly hasInsurance: boolean } => ({
  hasMerchandise: cartTypes.includes("merchandise"),
  hasInsurableProduct: cartTypes.some((t) => t !== "insurance"),
  hasInsurance: cartTypes.includes("insurance"),
});

/** The refund choice counts as made once answered or when the cart already holds insurance. spec §4 Refund choice. */
export const isRefundChoiceMade = (choice: RefundChoice, cartHasInsurance: boolean): boolean => choice._tag === "Made" || cartHasInsurance;

/** Parameters of the current query that the checkout query keeps besides the utm_ ones: the upgrade link's ids and the deep link's cart token and policy id (PLACED_ORDER_KEPT_PARAMS). */
const PLACED_ORDER_KEPT_PARAMS: ReadonlyArray<string> = ["idt_oss_order_id", "access_id", "cartToken", "policyId"];

/**
 * The query of the checkout route after the details were sent: cart, token, provider, every utm_ parameter of
 * `current`, the upgrade link's idt_oss_order_id and access_id (spec §2 redirect links; without them the checkout
 * would leave upgrade mode with the upgrade in the cart) and the deep link's cartToken and policyId (spec §6: an add-on
 * or deep-link cart is addressed with its x-cart-token, so ordering and paying it need the token still); other
 * parameters are dropped. spec §4 Placing an order.
 */
export const placedOrderQuery = (
  current: URLSearchParams,
  placed: { readonly cartId: string; readonly token: string; readonly provider: string },
): URLSearchParams => {
  const next = new URLSearchParams({ cart: placed.cartId, token: placed.token, provider: placed.provider });
  for (const [key, value] of current) if (key.startsWith("utm_") || PLACED_ORDER_KEPT_PARAMS.includes(key)) next.append(key, value);
  return next;
};

/** How long the wishlist save shows its spinner at least, in ms. spec §9 "Wishlist save delay 1000 ms", §4 Wishlist save "spinner about 1 s". */
export const WISHLIST_SAVE_DELAY_MS = 1000;

/**
 * The order button's checks (spec §5 Order button): the own terms messages (shipping, terms, COVID terms, country,
 * refund choice), the 6003 confirm for travel without tickets, and the at-home shop.
 */
import type { ProductType } from "./product.schema.ts";

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
 * checkAllTerms (spec §5 Order button): the shipping, terms, country and refund-choice checks of the order button, plus
 * the server's checkoutErrors.
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
const TRAVEL_TYPES: ReadonlyArray<ProductType> = ["travel", "hotel", "traveladdon"];

/** True when the cart has travel but no ticket, outside an add-on shop: the order asks the 6003 confirm first. spec §5, §8. */
export const needsNoTicketConfirm = (cartTypes: ReadonlyArray<ProductType>, isAddOnShop: boolean): boolean =>
  !isAddOnShop && cartTypes.some((t) => TRAVEL_TYPES.includes(t)) && !cartTypes.includes("ticket");

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

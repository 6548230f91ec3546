import { Data, Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart, CartDetails, CheckoutError } from "../../domain/cart.schema.ts";
import { type CheckoutFormErrors, type CheckoutFormValues, FORM_HAS_ERRORS, isGenderOptionalBrand, toCartDetails } from "../../domain/checkout-validation.ts";
import { type CatalogueCode, checkoutFailureText } from "../../domain/error-catalogue.ts";
import { checkoutErrorModal } from "../../domain/error-catalogue.errors.ts";
import { cartTermFacts, checkAllTerms, isAtHomeShop, needsNoTicketConfirm, type TermsMessage } from "../../domain/order-terms.ts";
import { placedOrderQuery } from "../../domain/placed-order-query.ts";
import { isRefundChoiceMade, type RefundChoice } from "../../domain/refund-choice.ts";
import type { Product, ProductType } from "../../domain/product.schema.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { ShopApiError } from "../errors.ts";
import type { Clock } from "../ports/clock.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CLOCK } from "../ports/tokens.ts";
import { paymentStatusUri } from "./start-payment.use-case.ts";
import { SubmitCheckoutDetails } from "./submit-checkout-details.use-case.ts";
import { SubscribeNewsletter } from "./subscribe-newsletter.use-case.ts";

/** What the visitor has on the checkout screen when pressing the order button. Money in cents. spec §4 Placing an order, §5. */
export interface PlaceOrderInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly config: ShopConfig;
  readonly cart: Cart;
  /** The shop's products (types of the cart lines, insurance product). */
  readonly products: ReadonlyArray<Product>;
  readonly values: CheckoutFormValues;
  readonly termsAccepted: boolean;
  readonly covidTermsAccepted: boolean;
  /** The cart's shipping country code, null when none chosen. */
  readonly shippingCountry: string | null;
  /** Shipping price of that country in cents (0 = not shippable). */
  readonly shippingPrice: number;
  readonly refundChoice: RefundChoice;
  /** The shop runs as an upgrade of an earlier order (upgradable-order id present). */
  readonly upgradeMode: boolean;
  /** upgradableOrder.bookingProtect is available (upgrade mode only). */
  readonly bookingProtectAvailable: boolean;
  /** The visitor already confirmed the 6003 question (travel without tickets). */
  readonly noTicketsConfirmed: boolean;
  /** Page origin, e.g. "https://shop.example" (adyen redirectUri). */
  readonly origin: string;
  /** The current query string (utm_ parameters are kept). */
  readonly search: string;
  /**
   * The newsletter box (spec §7 Other calls): ticked or not, the UI locale the subscription is made in, and the e-mail
   * an earlier placing of this order already subscribed (null: none), which is not subscribed again.
   */
  readonly newsletter: { readonly ticked: boolean; readonly locale: string; readonly subscribedEmail: string | null };
}

/** Outcome of an order click that did not fail: the 6003 question, blocked with the messages to show, or placed with the next query. spec §4, §5. */
export type PlaceOrderOutcome =
  | { readonly _tag: "ConfirmNoTickets"; readonly code: 6003 }
  | {
      readonly _tag: "Blocked";
      /** Field errors of the details form (message keys). */
      readonly fieldErrors: CheckoutFormErrors;
      /** react-intl keys: error.form_has_errors and the checkAllTerms keys. */
      readonly messageKeys: ReadonlyArray<typeof FORM_HAS_ERRORS | TermsMessage>;
      /** The server's checkout error messages (spec §5 "The server's checkoutErrors are listed too"). */
      readonly serverMessages: ReadonlyArray<string>;
      /** The modal the server's errors raise (8000 occupants list, 8001 max orders), or null. spec §8. */
      readonly modal: { readonly code: CatalogueCode; readonly messages: ReadonlyArray<string> } | null;
    }
  | {
      readonly _tag: "Placed";
      readonly cart: Cart;
      readonly details: CartDetails;
      readonly query: URLSearchParams;
      /** A newsletter subscription was sent and accepted (the box ticked); false when not ticked, already subscribed or when it failed. */
      readonly newsletterSubscribed: boolean;
    };

/** Sending the details failed: `text` is the server's message or the spec §8 fallback, plus " cartId: {id}". */
export class CheckoutFailedError extends Data.TaggedError("CheckoutFailedError")<{ readonly text: string; readonly cartId: string }> {}

const typesOf = (cart: Cart, products: ReadonlyArray<Product>): ReadonlyArray<ProductType> =>
  Object.entries(cart.products)
    .filter(([, quantity]) => quantity > 0)
    .flatMap(([id]) => products.filter((p) => p.id === id).map((p) => p.type));

const modalOf = (errors: ReadonlyArray<CheckoutError>) => {
  const modal = checkoutErrorModal(errors);
  return modal ? { code: modal.code, messages: modal.messages } : null;
};

/**
 * Places the order (spec §4 Placing an order, §5 Order button): the 6003 question, validation, checkAllTerms and
 * checkoutAllowed, then the details call and the newsletter (its failure does not stop the order). Fails with
 * CheckoutFailedError.
 */
@injectable()
export class PlaceOrder {
  constructor(
    // Named explicitly: the browser build emits no decorator metadata, so tsyringe cannot infer a class parameter.
    @inject(SubmitCheckoutDetails) private readonly submitDetails: SubmitCheckoutDetails,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SubscribeNewsletter) private readonly subscribeNewsletter: SubscribeNewsletter,
  ) {}

  /** Decides the click and, when it may proceed, sends the details. */
  execute(input: PlaceOrderInput): Effect.Effect<PlaceOrderOutcome, CheckoutFailedError> {
    const { config, cart } = input;
    const types = typesOf(cart, input.products);
    if (!input.noTicketsConfirmed && needsNoTicketConfirm(types, config.shopInit.isAddOnShop)) {
      return Effect.succeed({ _tag: "ConfirmNoTickets", code: 6003 });
    }
    const facts = cartTermFacts(types);
    const refundAvailable = !config.disableRefund && input.products.some((p) => p.type === "insurance");
    const terms = checkAllTerms({
      isAtHomeShop: isAtHomeShop(input.slug),
      shippingCountry: input.shippingCountry,
      shippingPrice: input.shippingPrice,
      termsAccepted: input.termsAccepted,
      covidTermsAccepted: input.covidTermsAccepted,
      showCovidTerms: config.showCovidTerms,
      hasMerchandise: facts.hasMerchandise,
      refundAvailable,
      hasInsurableProduct: facts.hasInsurableProduct,
      insuranceChoiceMade: isRefundChoiceMade(input.refundChoice, facts.hasInsurance),
      upgradeMode: input.upgradeMode,
      bookingProtectAvailable: input.bookingProtectAvailable,
      totalAmount: cart.totalAmount,
      checkoutErrors: cart.checkoutErrors,
    });
    const result = toCartDetails(input.values, {
      genderOptional: isGenderOptionalBrand(config.brand),
      paymentProvider: config.shopInit.paymentProvider,
      ageRequirements: config.shopSettings.fields.ageRequirements ?? null,
      festivalStart: config.festivalData.dateStart,
      now: new Date(this.clock.now()),
      redirectUri: paymentStatusUri(input.origin, input.slug, input.context.cartToken),
    });
    if (result._tag === "Invalid" || !terms.passed || !cart.checkoutAllowed) {
      return Effect.succeed({
        _tag: "Blocked",
        fieldErrors: result._tag === "Invalid" ? result.errors : {},
        messageKeys: [...(result._tag === "Invalid" ? [FORM_HAS_ERRORS as typeof FORM_HAS_ERRORS] : []), ...terms.messages],
        serverMessages: terms.serverMessages,
        modal: modalOf(cart.checkoutErrors),
      });
    }
    const details = result.details;
    return this.submitDetails.execute({ slug: input.slug, context: input.context, details }).pipe(
      Effect.mapError(
        (failure) =>
          new CheckoutFailedError({
            text: checkoutFailureText(failure instanceof ShopApiError ? failure.message : null, cart.id),
            cartId: cart.id,
          }),
      ),
      Effect.flatMap((placed) =>
        this.subscribeNewsletter
          .execute({
            subscription: {
              email: details.email,
              firstName: details.firstName,
              lastName: details.lastName,
              locale: input.newsletter.locale,
              eventNamespace: input.context.apiNamespace,
            },
            ticked: input.newsletter.ticked && input.newsletter.subscribedEmail !== details.email,
          })
          .pipe(
            Effect.orElseSucceed(() => false),
            Effect.map((newsletterSubscribed): PlaceOrderOutcome => ({
              _tag: "Placed",
              cart: placed,
              details,
              query: placedOrderQuery(new URLSearchParams(input.search), {
                cartId: placed.id,
                token: input.context.cartToken ?? input.context.shopToken,
                provider: config.shopInit.paymentProvider,
              }),
              newsletterSubscribed,
            })),
          ),
      ),
    );
  }
}

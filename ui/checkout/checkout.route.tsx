import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Checkbox, Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router-dom";
import { SubmitCheckoutDetails } from "../../application/use-cases/submit-checkout-details.use-case.ts";
import type { CartDetails } from "../../domain/cart.schema.ts";
import { type CheckoutFormErrors, type CheckoutFormValues, FORM_HAS_ERRORS, toCartDetails } from "../../domain/checkout-validation.ts";
import { checkAllTerms } from "../../domain/ordering.ts";
import { BasketList } from "./basket.tsx";
import { CheckoutForm, EMPTY_CHECKOUT_VALUES } from "./checkout-form.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { PaymentPanel, type Redirect } from "./payment-panel.tsx";
import { runEffect } from "../run-effect.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { useTrackViewCart, useCheckoutAnalytics } from "../shop/shop-analytics.ts";
import { useBasket, useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { useFocusFirstInvalid } from "../common/focus-first-invalid.ts";

const browserRedirect: Redirect = (url) => window.location.assign(url);

/**
 * /{slug}/checkout (spec §2 Basket screen and Checkout panel): the basket, the details form while shopping, the terms
 * box and the order button (checkAllTerms, spec §5), then the payment methods panel once the cart has an order.
 * Placing the order validates, sends the details and keeps cart and provider in the query (spec §4 Placing an order).
 */
export function CheckoutRoute({ redirect = browserRedirect }: { redirect?: Redirect }) {
  const { slug, context, config } = useCurrentShop();
  const priced = useBasket();
  useTrackViewCart(config, priced?.products, priced?.cart);
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { showFailure } = useErrorDialog();
  const [, setSearchParams] = useSearchParams();
  const submitDetails = useUseCase(SubmitCheckoutDetails);
  const [values, setValues] = useState<CheckoutFormValues>(EMPTY_CHECKOUT_VALUES);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [formMessages, setFormMessages] = useState<ReadonlyArray<string>>([]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [covidAccepted, setCovidAccepted] = useState(false);
  const [editing, setEditing] = useState(false);
  const [now] = useState(() => new Date());
  const checkoutAnalytics = useCheckoutAnalytics(slug, config);
  const invalidFocus = useFocusFirstInvalid<HTMLElement>();
  const send = useMutation({
    mutationFn: (details: CartDetails) => runEffect(submitDetails.execute(slug, context, details)),
    onSuccess: (cart, details) => {
      checkoutAnalytics.beginCheckout(cart, details); // spec §7: begin_checkout after a successful update
      queryClient.setQueryData(shopKeys.cart(slug), cart);
      setEditing(false);
      setSearchParams((params) => {
        params.set("cart", cart.id);
        params.set("provider", config.shopInit.paymentProvider);
        return params;
      });
    },
    onError: (failure) => showFailure(failure, priced?.cart?.id),
  });
  if (!priced) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const { basket, cart } = priced;
  const preview = config.previewMode;
  const shopping = !cart || cart.status === "shopping";
  const totalAmount = cart?.totalAmount ?? basket.total;
  const showForm = shopping && basket.itemCount > 0 && !preview && (!cart?.order || editing);
  const placeOrder = () => {
    const terms = checkAllTerms({
      isAtHomeShop: false,
      shippingCountry: null,
      shippingPrice: 0,
      termsAccepted,
      covidTermsAccepted: covidAccepted,
      showCovidTerms: config.showCovidTerms,
      hasMerchandise: false,
      refundAvailable: false,
      hasInsurableProduct: false,
      insuranceChoiceMade: true,
      upgradeMode: false,
      bookingProtectAvailable: false,
      totalAmount,
      checkoutErrors: cart?.checkoutErrors ?? [],
    });
    const result = toCartDetails(values, {
      genderOptional: false,
      paymentProvider: config.shopInit.paymentProvider,
      ageRequirements: config.shopSettings.fields.ageRequirements ?? null,
      festivalStart: config.festivalData.dateStart,
      now: new Date(),
      redirectUri: `${window.location.origin}/${slug}/paymentstatus`,
    });
    const messages = [
      ...(result._tag === "Invalid" ? [intl.formatMessage({ id: FORM_HAS_ERRORS })] : []),
      ...terms.messages.map((id) => intl.formatMessage({ id })),
      ...terms.serverMessages,
    ];
    setErrors(result._tag === "Invalid" ? result.errors : {});
    setFormMessages(messages);
    if (messages.length > 0) invalidFocus.focusFirstInvalid();
    if (result._tag === "Valid" && terms.passed && (cart?.checkoutAllowed ?? false)) send.mutate(result.details);
  };
  return (
    <div className="page checkout">
      <Heading level={1}>
        <FormattedMessage id={preview ? "checkout.preview.title" : "checkout.title"} />
      </Heading>
      {preview && config.previewModusCopy ? <p className="notice">{config.previewModusCopy.body}</p> : null}
      <section className="card" aria-labelledby="basket-title">
        <Heading level={2} id="basket-title">
          <FormattedMessage id="basket.title" />
        </Heading>
        <BasketList basket={basket} totalAmount={cart?.totalAmount} />
      </section>
      {showForm ? (
        <section className="card" aria-labelledby="details-title" ref={invalidFocus.ref}>
          <Heading level={2} id="details-title">
            <FormattedMessage id="checkout.details" />
          </Heading>
          <CheckoutForm
            values={values}
            errors={errors}
            onChange={setValues}
            paymentProvider={config.shopInit.paymentProvider}
            ageRequirementsError={config.shopSettings.fields.ageRequirementsError}
            now={now}
            disabled={send.isPending}
          />
          {totalAmount > 0 ? (
            <div className="terms">
              <Checkbox className="checkbox" isSelected={termsAccepted} onChange={setTermsAccepted}>
                <span className="box" aria-hidden="true" />
                <FormattedMessage id="checkout.terms" />
              </Checkbox>
              <p className="small">
                <Link href={config.shopSettings.termsConditions} target="_blank" rel="noreferrer">
                  <FormattedMessage id="checkout.termsLink" />
                </Link>
                {" · "}
                <Link href={config.shopSettings.privacyPolicy} target="_blank" rel="noreferrer">
                  <FormattedMessage id="checkout.privacyLink" />
                </Link>
              </p>
              {config.showCovidTerms ? (
                <Checkbox className="checkbox" isSelected={covidAccepted} onChange={setCovidAccepted}>
                  <span className="box" aria-hidden="true" />
                  <FormattedMessage id="checkout.covidTerms" />
                </Checkbox>
              ) : null}
            </div>
          ) : null}
          {formMessages.length > 0 ? (
            <div role="alert">
              <ul className="form-messages">
                {formMessages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {/* No isPending: react-aria's pending announcer would outlive this button (removed on success) and point at nothing (axe role-img-alt). */}
          <Button className="button primary large" onPress={() => !send.isPending && placeOrder()} isDisabled={cart ? !cart.checkoutAllowed : true}>
            {send.isPending ? <FormattedMessage id="checkout.sending" /> : <FormattedMessage id="checkout.placeOrder" />}
          </Button>
        </section>
      ) : null}
      {cart?.order && shopping && !editing ? (
        <>
          <Button className="button link" onPress={() => setEditing(true)}>
            <FormattedMessage id="checkout.editDetails" />
          </Button>
          <PaymentPanel order={cart.order} cartId={cart.id} redirect={redirect} />
        </>
      ) : null}
      {cart && cart.status === "in_payment" && cart.order ? <PaymentPanel order={cart.order} cartId={cart.id} redirect={redirect} /> : null}
    </div>
  );
}

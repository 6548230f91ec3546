import { useMutation } from "@tanstack/react-query";
import { Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaceOrderOutcome } from "../../application/use-cases/place-order.use-case.ts";
import { type CheckoutFormErrors, type CheckoutFormValues, errorsAfterEdit } from "../../domain/checkout-validation.ts";
import { isFestivalBrand } from "../../domain/shipping.ts";
import { bookingProtectAvailable } from "../../domain/upgrade-choice.ts";
import { ProfilePrefill } from "./profile-prefill.ts";
import { useFocusFirstInvalid } from "../common/focus-first-invalid.ts";
import { logWarning } from "../common/log-warning.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useCurrentShop, useShopUpdateState } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { FormMessages } from "./basket.tsx";
import { CheckoutForm, EMPTY_CHECKOUT_VALUES } from "./checkout-form.tsx";
import { type CheckoutTotals, placeOrderKey, type RefundChoiceStore, useCheckoutTotals, useRefundChoice } from "./checkout-totals.ts";
import { RefundChoiceField } from "./refund-choice-field.tsx";
import { NewsletterBox, TermsBoxes } from "./terms-boxes.tsx";

/** An order the shop accepted (PlaceOrder's Placed outcome): the route shows the payment panel. */
export type PlacedOrder = Extract<PlaceOrderOutcome, { readonly _tag: "Placed" }>;

/** Whether two priced carts are the same one (the cart, products and travel booking they were priced from). */
const sameCart = (a: CheckoutTotals | null, b: CheckoutTotals | null): boolean =>
  a === b || (a !== null && b !== null && a.cart === b.cart && a.products === b.products && a.hasTravel === b.hasTravel);

/**
 * Props of the details section; none changes before it is live, since it hydrates after the page
 * (ui/common/lazy-part.tsx deferHydration) and a changed prop would replace its server HTML.
 */
export interface CheckoutDetailsProps {
  readonly refundChoice: RefundChoiceStore;
  /** Called with the Placed outcome after the section has cleared its errors (stable: the same function for the whole visit). */
  readonly onPlaced: (outcome: PlacedOrder) => void;
  /** Hidden while an order waits for payment and its details are not being edited (changes only once an order is placed); what was typed stays for "Change your details". */
  readonly hidden: boolean;
  /** The cart as the page was first rendered with (the route's first totals): what the section hydrates with. */
  readonly hydrationTotals: CheckoutTotals | null;
}

/**
 * The checkout's details section (spec §2 Checkout panel, §3 Checkout form, §4, §5): the form, refund protection,
 * terms, newsletter and Place order (PlaceOrder), with focus on the first invalid field.
 */
export function CheckoutDetails({ refundChoice, onPlaced, hidden, hydrationTotals }: CheckoutDetailsProps) {
  const { slug, context, config } = useCurrentShop();
  // Hydrating, the section renders the cart the server rendered (after a cart change meanwhile its HTML would not
  // match, and React would render it anew, dropping what the visitor did in it), not busy, as the server did. It goes
  // live (the cart of now, busy while the cart or the order is sent) once that would render anything else: right after
  // hydrating when the cart changed meanwhile, else at the first change. Not at once: rendering the whole form again
  // right after hydrating costs a phone about what hydrating it after the page saved.
  const [live, setLive] = useState(false);
  const liveTotals = useCheckoutTotals();
  const totals = live || !hydrationTotals ? liveTotals : hydrationTotals;
  const intl = useIntl();
  const { show, showFailure } = useErrorDialog();
  const placeOrder = useAsyncUseCase((m) => m.PlaceOrder);
  const switchAccount = useAsyncUseCase((m) => m.SwitchAccount);
  const updateState = useShopUpdateState();
  const [values, setValues] = useState<CheckoutFormValues>(EMPTY_CHECKOUT_VALUES);
  // A logged-in user's profile fills in the empty fields; the e-mail is then read-only (spec §3 Checkout form).
  const [emailFromProfile, setEmailFromProfile] = useState<string | undefined>(undefined);
  // After an invalid submit focus moves to the first invalid field (WCAG 3.3.1), once the form is enabled
  // again (it is disabled while the order is sent, and a disabled field cannot take focus).
  const invalidFocus = useFocusFirstInvalid<HTMLElement>();
  const [focusInvalid, setFocusInvalid] = useState(false);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [formMessages, setFormMessages] = useState<ReadonlyArray<string>>([]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [covidAccepted, setCovidAccepted] = useState(false);
  const [newsletterTicked, setNewsletterTicked] = useState(false);
  // The e-mail the newsletter box subscribed when the order was placed: placing it again (edited details) does not
  // subscribe the same address twice.
  const [newsletterSubscribedEmail, setNewsletterSubscribedEmail] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const refund = useRefundChoice(refundChoice, totals, "details");
  const cart = totals?.cart ?? null;

  const order = useMutation({
    mutationKey: placeOrderKey(slug),
    mutationFn: (noTicketsConfirmed: boolean) =>
      placeOrder.execute({
        slug,
        context,
        config,
        cart: cart!,
        products: totals!.products,
        values,
        termsAccepted,
        covidTermsAccepted: covidAccepted,
        shippingCountry: cart?.shippingCountry ?? null,
        shippingPrice: totals!.shippingPrice,
        refundChoice: refund.choice,
        upgradeMode: totals!.upgradeMode,
        bookingProtectAvailable: bookingProtectAvailable(config.upgradableOrder),
        noTicketsConfirmed,
        origin: window.location.origin,
        search: window.location.search,
        newsletter: { ticked: newsletterTicked, locale: intl.locale, subscribedEmail: newsletterSubscribedEmail },
      }),
    onSuccess: (outcome: PlaceOrderOutcome) => {
      switch (outcome._tag) {
        case "ConfirmNoTickets":
          show({ code: outcome.code, onConfirm: () => order.mutate(true) });
          return;
        case "Blocked":
          setErrors(outcome.fieldErrors);
          setFormMessages([...outcome.messageKeys.map((id) => intl.formatMessage({ id })), ...outcome.serverMessages]);
          setFocusInvalid(true);
          if (outcome.modal) show({ code: outcome.modal.code, message: outcome.modal.messages.join("\n") });
          return;
        case "Placed":
          if (outcome.newsletterSubscribed) setNewsletterSubscribedEmail(outcome.details.email);
          setErrors({});
          setFormMessages([]);
          onPlaced(outcome);
      }
    },
    // A CheckoutFailedError shows its text (which names the cart) under 8000 (ui/shell/failure-meaning.ts).
    onError: (failure) => showFailure(failure, cart?.id),
  });

  useEffect(() => {
    if (!focusInvalid || order.isPending) return;
    invalidFocus.focusFirstInvalid();
    setFocusInvalid(false);
  }, [focusInvalid, order.isPending, invalidFocus]);

  const sending = updateState !== "idle" || order.isPending;
  // Before the paint (a layout effect), so a changed cart never shows stale for a frame.
  const goesLive = !live && (sending || !sameCart(hydrationTotals, liveTotals));
  useLayoutEffect(() => {
    if (goesLive) setLive(true);
  }, [goesLive]);

  if (!totals) return null;
  const busy = live && sending;
  const serverErrors = cart && !cart.checkoutAllowed ? cart.checkoutErrors.map((e) => e.message) : [];
  const messages = [...new Set([...formMessages, ...serverErrors])];
  return (
    <section className="card" aria-labelledby="details-title" ref={invalidFocus.ref} hidden={hidden}>
      <ProfilePrefill setValues={setValues} onEmail={setEmailFromProfile} />
      <Heading level={2} id="details-title">
        <FormattedMessage id="checkout.details" />
      </Heading>
      {/* A Suspense boundary only so that React hydrates and commits the form apart (every field's react-aria ids render
          it once more after hydration): shorter tasks on a slow phone. */}
      <Suspense fallback={null}>
        <CheckoutForm
          values={values}
          errors={errors}
          onChange={(next) => {
            // A field the visitor changed drops its error until the next attempt (domain errorsAfterEdit, spec §5).
            setErrors((current) => errorsAfterEdit(current, values, next));
            setValues(next);
          }}
          paymentProvider={config.shopInit.paymentProvider}
          ageRequirementsError={config.shopSettings.fields.ageRequirementsError}
          now={now}
          disabled={order.isPending}
          emailReadOnly={emailFromProfile !== undefined && values.email === emailFromProfile}
          festivalBrand={isFestivalBrand(config.brand)}
          onChangeAccount={() => void switchAccount.execute({ slug, context, returnTo: window.location.pathname + window.location.search }).catch((failure: unknown) => logWarning("switching account failed", failure))}
        />
      </Suspense>
      {/* Refund protection sits beside the terms outside upgrade mode, above the total in it (spec §2 Basket screen). */}
      {refund.field.shown ? (
        <RefundChoiceField value={refund.field.value} price={refund.field.price} onChange={refund.choose} isDisabled={busy} />
      ) : null}
      {totals.totalAmount > 0 ? (
        <TermsBoxes
          termsAccepted={termsAccepted}
          covidAccepted={covidAccepted}
          onTerms={setTermsAccepted}
          onCovid={setCovidAccepted}
          showCovidTerms={config.showCovidTerms}
          termsUrl={config.shopSettings.termsConditions}
          privacyUrl={config.shopSettings.privacyPolicy}
          dutchTerms={isFestivalBrand(config.brand)}
          isDisabled={order.isPending}
        />
      ) : null}
      <NewsletterBox shopTitle={config.title} isSelected={newsletterTicked} onChange={setNewsletterTicked} isDisabled={order.isPending} />
      <FormMessages messages={messages} />
      {/* No isPending: react-aria's pending announcer would outlive this button (hidden on success) and point at nothing (axe role-img-alt). */}
      <Button className="button primary large" onPress={() => !order.isPending && order.mutate(false)} isDisabled={!cart || !cart.checkoutAllowed || busy}>
        {order.isPending ? <FormattedMessage id="checkout.sending" /> : <FormattedMessage id="checkout.placeOrder" />}
      </Button>
    </section>
  );
}

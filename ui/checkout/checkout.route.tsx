import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { CheckoutFailedError, PlaceOrderOutcome } from "../../application/use-cases/place-order.use-case.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import { type CheckoutFormErrors, type CheckoutFormValues, errorsAfterEdit } from "../../domain/checkout-validation.ts";
import { checkoutErrorNotice } from "../../domain/error-catalogue.ts";
import type { Cents } from "../../domain/money.ts";
import { chooseRefund, initialRefundChoice, isAtHomeShop, type RefundChoice, shouldAutoCloseCart } from "../../domain/ordering.ts";
import { priceBasket, shopPricingContext } from "../../domain/pricing.ts";
import type { Product, ProductType } from "../../domain/product.schema.ts";
import { isFestivalBrand, shippingCountriesFor, shippingPriceOf } from "../../domain/shipping.ts";
import { productTypesInCart, upgradeUnlockOffer } from "../../domain/upgrade.ts";
import { bookingProtectAvailable } from "../../domain/upgrade-choice.ts";
import { BasketList, NewsletterBox, RefundChoiceField, ShippingCountrySelect, TermsBoxes } from "./basket.tsx";
import { useTravelCart } from "../travel/travel.queries.ts";
import { CheckoutForm, EMPTY_CHECKOUT_VALUES } from "./checkout-form.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import type { Redirect } from "./payment-panel.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCheckoutAnalytics, useTrackViewCart } from "./checkout-analytics.ts";
import { cartUpdateKey, useBasket, useChangeQuantity, useCurrentShop, useShopUpdateState } from "../shop/shop-context.tsx";
import { upsellOffersOf } from "../../domain/upsell.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { useFocusFirstInvalid } from "../common/focus-first-invalid.ts";
import { ProfilePrefill } from "../account/profile-prefill.ts";
import { lazyPart } from "../common/lazy-part.tsx";
import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import { isTagged } from "../common/is-tagged.ts";

// Parts of the basket screen that not every visitor sees load only when shown (issue 12 first-load budget): the
// travel group with a hotel booking, the wishlist save in pre-registration, the unlock banner and the upsell slider
// when they have something to offer, the payment panel once there is an order. A page rendered with one loads it
// before hydrating (lazyPart).
const TravelBasketGroup = lazyPart("ui/travel/travel-basket-group.tsx", () => import("../travel/travel-basket-group.tsx"), "TravelBasketGroup", ["travel"]);
const WishlistSave = lazyPart("ui/account/wishlist-save.tsx", () => import("../account/wishlist-save.tsx"), "WishlistSave");
const UpgradeUnlockBanner = lazyPart("ui/upgrade/upgrade-unlock-banner.tsx", () => import("../upgrade/upgrade-unlock-banner.tsx"), "UpgradeUnlockBanner");
const UpsellSlider = lazyPart("ui/upsell/upsell-slider.tsx", () => import("../upsell/upsell-slider.tsx"), "UpsellSlider");
const PaymentPanel = lazyPart("ui/checkout/payment-panel.tsx", () => import("./payment-panel.tsx"), "PaymentPanel");

const browserRedirect: Redirect = (url) => window.location.assign(url);

/** Product types of the cart's lines (quantity above 0). */
const cartTypesOf = (cart: Cart | null, products: ReadonlyArray<Product>): ReadonlyArray<ProductType> => productTypesInCart(products, cart?.products ?? {});

/** Marks the page body while the checkout is open (spec §4 Cart status "checkout-open marker"). */
function useCheckoutOpenMarker() {
  useEffect(() => {
    document.body.classList.add("checkout-open");
    return () => document.body.classList.remove("checkout-open");
  }, []);
}

/**
 * /{slug}/checkout (spec §2 Basket screen and Checkout panel, §4 Cart status, Placing an order, Refund choice,
 * Shipping country change): the basket with the shipping country (only with merchandise) and refund protection, the
 * details form while shopping, the terms boxes (total above 0) and the order button, then the payment panel. The
 * PlaceOrder and ChangeShippingCountry use cases decide; this route renders their outcomes.
 */
export function CheckoutRoute({ redirect = browserRedirect }: { redirect?: Redirect }) {
  const { slug, context, config } = useCurrentShop();
  const priced = useBasket();
  // A hotel room or add-ons count as cart content: the server prices them in totalAmount and checkoutAllowed (spec §3 Travel, §7).
  const hasTravel = useTravelCart().data != null;
  useTrackViewCart(config, priced?.products, priced?.cart);
  useCheckoutOpenMarker();
  // The payment panel's code is fetched when the browser is idle, so it shows as soon as the order is placed.
  useEffect(() => prefetchWhenIdle(PaymentPanel.preload), []);
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { show, showFailure } = useErrorDialog();
  const [, setSearchParams] = useSearchParams();
  const placeOrder = useAsyncUseCase("PlaceOrder");
  const changeShipping = useAsyncUseCase("ChangeShippingCountry");
  const changeQuantity = useChangeQuantity();
  const updateState = useShopUpdateState();
  const [values, setValues] = useState<CheckoutFormValues>(EMPTY_CHECKOUT_VALUES);
  // A logged-in user's profile fills in the empty fields; the e-mail is then read-only (spec §3 Checkout form).
  const [emailFromProfile, setEmailFromProfile] = useState<string | undefined>(undefined);
  // After an invalid submit focus moves to the first invalid field (issue 13, WCAG 3.3.1).
  const invalidFocus = useFocusFirstInvalid<HTMLElement>();
  // After Place order focus moves to the payment panel's heading once it is shown (issue 13), not to <body>.
  const [focusPayment, setFocusPayment] = useState(false);
  // After a refused order focus moves to the first invalid field, once the form is enabled again (it is disabled while
  // the order is sent, and a disabled field cannot take focus).
  const [focusInvalid, setFocusInvalid] = useState(false);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [formMessages, setFormMessages] = useState<ReadonlyArray<string>>([]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [covidAccepted, setCovidAccepted] = useState(false);
  const [newsletterTicked, setNewsletterTicked] = useState(false);
  // The e-mail the newsletter box subscribed when the order was placed: placing it again (edited details) does not
  // subscribe the same address twice.
  const [newsletterSubscribedEmail, setNewsletterSubscribedEmail] = useState<string | null>(null);
  const [refundChoice, setRefundChoice] = useState<RefundChoice>(() => initialRefundChoice(config.shopInit.isAddOnShop, false));
  const [editing, setEditing] = useState(false);
  const [now] = useState(() => new Date());
  const checkoutAnalytics = useCheckoutAnalytics(slug, config);
  const upgradeMode = context.upgradableOrderId !== undefined;
  const festivalBrand = isFestivalBrand(config.brand);
  const shippingList = shippingCountriesFor(config.shippingCountries, festivalBrand);
  const cart = priced?.cart ?? null;
  const products = priced?.products ?? [];
  const types = cartTypesOf(cart, products);
  const unlockOffer = upgradeUnlockOffer({ upgradeMode, upgradableOrder: config.upgradableOrder, cartTypes: types });
  // The slider shows when it has an offer (the same upsellOffersOf as useUpsellOffers, ui/upsell/upsell-offers.ts).
  const offersUpsell = upsellOffersOf(products, cart?.products ?? {}).length > 0;

  // The panel closes when the basket becomes empty or holds only insurance (spec §4 Cart status).
  const hadItems = useRef(false);
  const onlyInsuranceOrEmpty = shouldAutoCloseCart(types);
  useEffect(() => {
    if (!priced) return;
    if (!onlyInsuranceOrEmpty) hadItems.current = true;
    else if (hadItems.current && (cart?.status ?? "shopping") === "shopping") navigate(`/${slug}${search}`);
  }, [priced, onlyInsuranceOrEmpty, cart?.status, navigate, slug, search]);

  const storeCart = (next: Cart) => queryClient.setQueryData(shopKeys.cart(slug), next);


  const shipping = useMutation({
    mutationKey: cartUpdateKey(slug),
    mutationFn: ({ country, confirmed }: { country: string; confirmed: boolean }) =>
      changeShipping.execute({ context, config, cart: cart!, products, country, confirmed }),
    onSuccess: (outcome, { country }) => {
      if (outcome._tag === "ConfirmRemoval") {
        show({ code: outcome.code, onConfirm: () => shipping.mutate({ country, confirmed: true }) });
        return;
      }
      storeCart(outcome.cart);
      if (outcome.notice !== null) show({ code: outcome.notice });
    },
    onError: (failure) => showFailure(failure, cart?.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) }),
  });

  const insurance = products.find((p) => p.type === "insurance");
  const chooseInsurance = (insured: boolean) => {
    if (!insurance) return;
    const { choice, update } = chooseRefund(insurance.id, insured);
    setRefundChoice(choice);
    if ((cart?.products[insurance.id] ?? 0) !== update.quantity) changeQuantity.mutate(update, { onError: (failure) => showFailure(failure, cart?.id) });
  };

  const order = useMutation({
    mutationFn: (noTicketsConfirmed: boolean) =>
      placeOrder.execute({
          slug,
          context,
          config,
          cart: cart!,
          products,
          values,
          termsAccepted,
          covidTermsAccepted: covidAccepted,
          shippingCountry: cart?.shippingCountry ?? null,
          shippingPrice: (cart?.shippingCountry && shippingPriceOf(shippingList, cart.shippingCountry)) || 0,
          refundChoice,
          upgradeMode,
          bookingProtectAvailable: bookingProtectAvailable(config.upgradableOrder),
          noTicketsConfirmed,
          origin: window.location.origin,
          search,
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
        case "Placed": {
          checkoutAnalytics.beginCheckout(outcome.cart, outcome.details); // spec §7: begin_checkout after a successful update
          if (outcome.newsletterSubscribed) setNewsletterSubscribedEmail(outcome.details.email);
          storeCart(outcome.cart);
          setErrors({});
          setFormMessages([]);
          setEditing(false);
          setSearchParams(outcome.query);
          setFocusPayment(true);
          const modal = checkoutErrorNotice(outcome.cart.checkoutErrors);
          if (modal) show({ code: modal.code, message: modal.messages.join("\n") });
        }
      }
    },
    onError: (failure) =>
      isTagged<CheckoutFailedError>(failure, "CheckoutFailedError") ? show({ code: 8000, message: failure.text }) : showFailure(failure, cart?.id),
  });

  useEffect(() => {
    if (!focusInvalid || order.isPending) return;
    invalidFocus.focusFirstInvalid();
    setFocusInvalid(false);
  }, [focusInvalid, order.isPending, invalidFocus]);

  if (!priced) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  // Priced again with the cart's shipping country, so the shipping row shows what the server counts in the total (spec §9).
  const shippingPrice = cart?.shippingCountry ? (shippingPriceOf(shippingList, cart.shippingCountry) ?? undefined) : undefined;
  const basket = shippingPrice === undefined
    ? priced.basket
    : priceBasket(products, cart?.products ?? {}, {
        ...shopPricingContext(config),
        shippingPrice,
        ...(priced.basket.discount > 0 ? { upgradeDiscount: priced.basket.discount } : {}),
      });
  const preview = config.previewMode;
  const status = cart?.status ?? "shopping";
  const shopping = status === "shopping";
  const hasContent = basket.itemCount > 0 || hasTravel;
  const totalAmount = hasContent ? (cart?.totalAmount ?? basket.total) : 0;
  const busy = updateState !== "idle" || order.isPending;
  const hasMerchandise = types.includes("merchandise");
  const hasInsurance = types.includes("insurance");
  // In upgrade mode refund protection is offered only with the upgradable order's booking protect (spec §3, §8).
  const refundShown = !preview && !config.disableRefund && insurance !== undefined && basket.itemCount > 0 && (!upgradeMode || bookingProtectAvailable(config.upgradableOrder));
  const refundValue = hasInsurance ? true : refundChoice._tag === "Made" ? refundChoice.insured : null;
  // The price Yes would add: the basket priced with one insurance item (spec §9 Refund protection price).
  const refundPrice = insurance
    ? priceBasket(products, { ...(cart?.products ?? {}), [insurance.id]: 1 }, { showDetailedServiceFees: config.showDetailedServiceFees, orderServiceFee: config.orderServiceFee }).refundProtection
    : (0 as Cents);
  const refund = refundShown ? (
    <RefundChoiceField value={refundValue} price={refundPrice} onChange={chooseInsurance} isDisabled={busy} />
  ) : null;
  const shippingSelect = hasMerchandise ? (
    <ShippingCountrySelect
      countries={shippingList}
      value={cart?.shippingCountry ?? null}
      onChange={(country) => shipping.mutate({ country, confirmed: false })}
      isDisabled={busy || !shopping}
      atHomeShop={isAtHomeShop(slug)}
    />
  ) : null;
  // Pre-registration: the basket is a wishlist, saved to the account instead of ordered (spec §1, §2 Basket screen).
  const wishlistMode = config.preregistration;
  const showForm = shopping && hasContent && !preview && !wishlistMode && (!cart?.order || editing);
  const serverErrors = cart && !cart.checkoutAllowed ? cart.checkoutErrors.map((e) => e.message) : [];
  const messages = [...new Set([...formMessages, ...serverErrors])];
  return (
    <div className="page checkout">
      <ProfilePrefill setValues={setValues} onEmail={setEmailFromProfile} />
      <Heading level={1}>
        <FormattedMessage id={preview ? "checkout.preview.title" : wishlistMode ? "header.wishlist" : "checkout.title"} />
      </Heading>
      {preview && config.previewModusCopy ? <p className="notice">{config.previewModusCopy.body}</p> : null}
      {shopping ? (
        <section className="card" aria-labelledby="basket-title">
          <Heading level={2} id="basket-title">
            <FormattedMessage id="basket.title" />
          </Heading>
          {/* The basket and the form are Suspense boundaries only so that React hydrates and commits each apart (every
              field's react-aria ids render it once more after hydration): shorter tasks on a slow phone (issue 12). */}
          <Suspense fallback={null}>
            <BasketList
              travelGroup={hasTravel ? <TravelBasketGroup /> : null}
              hasTravel={hasTravel}
              basket={basket}
              totalAmount={totalAmount}
              beforeTotal={
                <>
                  {shippingSelect}
                  {upgradeMode ? refund : null}
                </>
              }
            />
          </Suspense>
          {upgradeMode && config.upgradableOrder?.checkoutText ? <p className="checkout-text">{config.upgradableOrder.checkoutText}</p> : null}
          {wishlistMode && hasContent ? <WishlistSave config={config} products={cart?.products ?? {}} totalAmount={totalAmount as Cents} disabled={busy} /> : null}
        </section>
      ) : (
        <p className="notice" role="status">
          <FormattedMessage id={status === "in_payment" ? "checkout.inPayment" : "checkout.confirmed"} />
        </p>
      )}
      {showForm ? (
        <section className="card" aria-labelledby="details-title" ref={invalidFocus.ref}>
          <Heading level={2} id="details-title">
            <FormattedMessage id="checkout.details" />
          </Heading>
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
            />
          </Suspense>
          {upgradeMode ? null : refund}
          {totalAmount > 0 ? (
            <TermsBoxes
              termsAccepted={termsAccepted}
              covidAccepted={covidAccepted}
              onTerms={setTermsAccepted}
              onCovid={setCovidAccepted}
              showCovidTerms={config.showCovidTerms}
              termsUrl={config.shopSettings.termsConditions}
              privacyUrl={config.shopSettings.privacyPolicy}
              isDisabled={order.isPending}
            />
          ) : null}
          <NewsletterBox shopTitle={config.title} isSelected={newsletterTicked} onChange={setNewsletterTicked} isDisabled={order.isPending} />
          {messages.length > 0 ? (
            <div role="alert">
              <ul className="form-messages">
                {messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {/* No isPending: react-aria's pending announcer would outlive this button (removed on success) and point at nothing (axe role-img-alt). */}
          <Button className="button primary large" onPress={() => !order.isPending && order.mutate(false)} isDisabled={!cart || !cart.checkoutAllowed || busy}>
            {order.isPending ? <FormattedMessage id="checkout.sending" /> : <FormattedMessage id="checkout.placeOrder" />}
          </Button>
        </section>
      ) : null}
      {shopping && !preview && unlockOffer !== null ? <UpgradeUnlockBanner offer={unlockOffer} /> : null}
      {shopping && !preview && offersUpsell ? <UpsellSlider products={products} cartProducts={cart?.products ?? {}} /> : null}
      {!showForm && shopping && serverErrors.length > 0 ? (
        <div role="alert">
          <ul className="form-messages">
            {serverErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {cart?.order && shopping && !editing && !preview ? (
        <>
          <Button className="button link" onPress={() => setEditing(true)}>
            <FormattedMessage id="checkout.editDetails" />
          </Button>
          <PaymentPanel order={cart.order} cartId={cart.id} redirect={redirect} totalAmount={totalAmount as Cents} checkoutAllowed={cart.checkoutAllowed} takeFocus={focusPayment} onFocused={() => setFocusPayment(false)} />
        </>
      ) : null}
      {cart && status === "in_payment" && cart.order ? (
        <PaymentPanel order={cart.order} cartId={cart.id} redirect={redirect} totalAmount={cart.totalAmount} checkoutAllowed={false} />
      ) : null}
    </div>
  );
}

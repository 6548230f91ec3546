import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { Cart } from "../../domain/cart.schema.ts";
import { checkoutErrorNotice } from "../../domain/error-catalogue.ts";
import type { Cents } from "../../domain/money.ts";
import { shouldAutoCloseCart } from "../../domain/cart-panel.ts";
import { isAtHomeShop } from "../../domain/order-terms.ts";
import { initialRefundChoice, insurancePurchasedEarlier } from "../../domain/refund-choice.ts";
import { previousPurchasesOf } from "../../domain/order-lookup.ts";
import { useAddOnOrders } from "../shop/add-on-orders.ts";
import { upgradeUnlockOffer } from "../../domain/upgrade.ts";
import { basketLineControls, ticketsInCart } from "../../domain/quantities.ts";
import type { BasketLine } from "../../domain/pricing.ts";
import { BasketList, FormMessages } from "./basket.tsx";
import { BasketLineQuantity } from "./basket-line-quantity.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import type { Redirect } from "./payment-panel.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCheckoutAnalytics, useTrackViewCart } from "./checkout-analytics.ts";
import { cartUpdateKey, useChangeQuantity, useCurrentShop, useShopUpdateState } from "../shop/shop-context.tsx";
import { upsellOffersOf } from "../../domain/upsell.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { lazyPart } from "../common/lazy-part.tsx";
import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import type { PlacedOrder } from "./checkout-details.tsx";
import { createRefundChoiceStore, placeOrderKey, useCheckoutTotals, useRefundChoice } from "./checkout-totals.ts";
import { saleOf } from "../../domain/sale-mode.ts";

// Parts of the basket screen that not every visitor sees load only when shown: the
// travel group with a hotel booking, the wishlist save in pre-registration, the unlock banner and the upsell slider
// when they have something to offer, the shipping country with merchandise, the refund choice above the total in
// upgrade mode, the payment panel once there is an order. A page rendered with one loads it before hydrating (lazyPart).
const TravelBasketGroup = lazyPart("ui/items/travel-basket-group.tsx", () => import("../items/travel-basket-group.tsx"), "TravelBasketGroup", ["travel"]);
const WishlistSave = lazyPart("ui/items/wishlist-save.tsx", () => import("../items/wishlist-save.tsx"), "WishlistSave");
const UpgradeUnlockBanner = lazyPart("ui/checkout/upgrade-unlock-banner.tsx", () => import("./upgrade-unlock-banner.tsx"), "UpgradeUnlockBanner");
const UpsellSlider = lazyPart("ui/items/upsell-slider.tsx", () => import("../items/upsell-slider.tsx"), "UpsellSlider");
const PaymentPanel = lazyPart("ui/checkout/payment-panel.tsx", () => import("./payment-panel.tsx"), "PaymentPanel");
const ShippingCountrySelect = lazyPart("ui/checkout/shipping-country-select.tsx", () => import("./shipping-country-select.tsx"), "ShippingCountrySelect");
const RefundChoiceField = lazyPart("ui/checkout/refund-choice-field.tsx", () => import("./refund-choice-field.tsx"), "RefundChoiceField", ["checkoutdetails"]);
// The details section (form, refund choice, terms, Place order: much code with React Aria's text fields, radios
// and checkboxes, and its texts) sits below the basket: a server-rendered checkout shows it at once and hydrates it
// after the page, holding what the visitor does in it meanwhile (lazyPart deferHydration, for the first-load budget).
const CheckoutDetails = lazyPart("ui/checkout/checkout-details.tsx", () => import("./checkout-details.tsx"), "CheckoutDetails", ["checkoutdetails"], { deferHydration: true });

const browserRedirect: Redirect = (url) => window.location.assign(url);

/** Marks the page body while the checkout is open (spec §4 Cart status "checkout-open marker"). */
function useCheckoutOpenMarker() {
  useEffect(() => {
    document.body.classList.add("checkout-open");
    return () => document.body.classList.remove("checkout-open");
  }, []);
}

/** A function that stays the same for the component's life and calls the latest `fn` (for a prop of a part that must not re-render). */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * /{slug}/checkout (spec §2 Basket screen and Checkout panel, §4): the basket, shipping country and refund protection,
 * the details section while shopping, then the payment panel; use cases decide.
 */
export function CheckoutRoute({ redirect = browserRedirect }: { redirect?: Redirect }) {
  const { slug, context, config } = useCurrentShop();
  const totals = useCheckoutTotals();
  // The cart the page was first rendered with: the details section hydrates with it (checkout-details.tsx).
  const [firstTotals] = useState(totals);
  useTrackViewCart(config, totals?.products, totals?.cart);
  useCheckoutOpenMarker();
  // The payment panel's code is fetched when the browser is idle, so it shows as soon as the order is placed.
  useEffect(() => prefetchWhenIdle(PaymentPanel.preload), []);
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { show, showFailure } = useErrorDialog();
  const [, setSearchParams] = useSearchParams();
  const changeShipping = useAsyncUseCase((m) => m.ChangeShippingCountry);
  const updateState = useShopUpdateState();
  const ordering = useIsMutating({ mutationKey: placeOrderKey(slug) }) > 0;
  // After Place order focus moves to the payment panel's heading once it is shown, not to <body>.
  const [focusPayment, setFocusPayment] = useState(false);
  const addOnOrders = useAddOnOrders();
  const [refundChoice] = useState(() =>
    createRefundChoiceStore(initialRefundChoice(config.shopInit.isAddOnShop, insurancePurchasedEarlier(previousPurchasesOf(addOnOrders)))),
  );
  const refund = useRefundChoice(refundChoice, totals, "basket");
  const [editing, setEditing] = useState(false);
  const checkoutAnalytics = useCheckoutAnalytics(slug, config);
  const cart = totals?.cart ?? null;
  const products = totals?.products ?? [];
  const types = totals?.types ?? [];
  const upgradeMode = totals?.upgradeMode ?? false;
  const unlockOffer = upgradeUnlockOffer({ upgradeMode, upgradableOrder: config.upgradableOrder, cartTypes: types });
  // The slider shows when it has an offer (the same upsellOffersOf as useUpsellOffers, ui/items/upsell-offers.ts).
  const offersUpsell = upsellOffersOf(products, cart?.products ?? {}, config.upsellProducts).length > 0;

  // The panel closes when the basket becomes empty or holds only insurance (spec §4 Cart status).
  const hadItems = useRef(false);
  const onlyInsuranceOrEmpty = shouldAutoCloseCart(types);
  useEffect(() => {
    if (!totals) return;
    if (!onlyInsuranceOrEmpty) hadItems.current = true;
    else if (hadItems.current && (cart?.status ?? "shopping") === "shopping") navigate(`/${slug}${search}`);
  }, [totals, onlyInsuranceOrEmpty, cart?.status, navigate, slug, search]);

  const storeCart = (next: Cart) => queryClient.setQueryData(shopKeys.cart(slug), next);

  // A basket line's quantity changes in place (spec §3 Basket line view); once a line is gone its controls are too,
  // so the focus moves to the basket's heading rather than to <body>.
  const changeQuantity = useChangeQuantity();
  const changeLine = (line: BasketLine, quantity: number) =>
    changeQuantity.mutate(
      { productId: line.productId, quantity },
      {
        onSuccess: () => {
          if (quantity > 0) return;
          const heading = document.getElementById("basket-title");
          heading?.setAttribute("tabindex", "-1");
          heading?.focus();
        },
        onError: (failure) => showFailure(failure, cart?.id, { max: config.maxTicketAmount }),
      },
    );

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

  const onPlaced = useStableCallback((outcome: PlacedOrder) => {
    checkoutAnalytics.beginCheckout(outcome.cart, outcome.details); // spec §7: begin_checkout after a successful update
    storeCart(outcome.cart);
    setEditing(false);
    setSearchParams(outcome.query);
    setFocusPayment(true);
    const modal = checkoutErrorNotice(outcome.cart.checkoutErrors);
    if (modal) show({ code: modal.code, message: modal.messages.join("\n") });
  });

  if (!totals) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const { basket, hasTravel, hasContent, totalAmount } = totals;
  const { order } = saleOf(config).rules;
  // A shop that takes no order yet (preview) hides terms, refund and confirm controls (spec §2 Basket screen).
  const preview = order === "none";
  const status = cart?.status ?? "shopping";
  const shopping = status === "shopping";
  const busy = updateState !== "idle" || ordering;
  const hasMerchandise = types.includes("merchandise");
  const shippingSelect = hasMerchandise ? (
    <ShippingCountrySelect
      countries={totals.shippingList}
      value={cart?.shippingCountry ?? null}
      onChange={(country) => shipping.mutate({ country, confirmed: false })}
      isDisabled={busy || !shopping}
      atHomeShop={isAtHomeShop(slug)}
    />
  ) : null;
  // Pre-registration: the basket is a wishlist, saved to the account instead of ordered (spec §1, §2 Basket screen).
  const wishlistMode = order === "wishlist";
  const detailsShown = shopping && hasContent && !preview && !wishlistMode;
  const showForm = detailsShown && (!cart?.order || editing);
  const serverErrors = cart && !cart.checkoutAllowed ? cart.checkoutErrors.map((e) => e.message) : [];
  const cartProducts = cart?.products ?? {};
  const tickets = ticketsInCart(products, cartProducts);
  const lineQuantity = (line: BasketLine) => {
    const product = products.find((p) => p.id === line.productId);
    if (!product) return `${line.quantity} ×`;
    const controls = basketLineControls({
      group: line.group,
      product,
      cartProducts,
      maxTicketAmount: config.maxTicketAmount,
      ticketsInCart: tickets,
      extraTicketGroups: config.shopSettings.fields.allowedExtraTickets ?? [],
      editable: shopping && !preview,
    });
    return <BasketLineQuantity line={line} controls={controls} pending={busy} onChangeQuantity={(quantity) => changeLine(line, quantity)} />;
  };
  return (
    <div className="page checkout">
      <Heading level={1}>
        <FormattedMessage id={preview ? "checkout.preview.title" : wishlistMode ? "header.wishlist" : "checkout.title"} />
      </Heading>
      {preview && config.previewModusCopy ? <p className="notice">{config.previewModusCopy.body}</p> : null}
      {shopping ? (
        <section className="card" aria-labelledby="basket-title">
          <Heading level={2} id="basket-title">
            <FormattedMessage id="basket.title" />
          </Heading>
          {/* The basket is a Suspense boundary only so that React hydrates and commits it apart (a field's react-aria ids
              render it once more after hydration): shorter tasks on a slow phone. */}
          <Suspense fallback={null}>
            <BasketList
              travelGroup={hasTravel ? <TravelBasketGroup /> : null}
              hasTravel={hasTravel}
              basket={basket}
              totalAmount={totalAmount}
              discounts={totals.discounts}
              lineQuantity={lineQuantity}
              beforeTotal={
                <>
                  {shippingSelect}
                  {refund.field.shown ? (
                    <RefundChoiceField value={refund.field.value} price={refund.field.price} onChange={refund.choose} isDisabled={busy} />
                  ) : null}
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
      {/* Kept while an order waits for payment (hidden), so "Change your details" shows what was typed. */}
      {detailsShown ? <CheckoutDetails refundChoice={refundChoice} onPlaced={onPlaced} hidden={!showForm} hydrationTotals={firstTotals} /> : null}
      {!showForm && shopping ? <FormMessages messages={serverErrors} /> : null}
      {/* The payment panel follows the details right away, before the offers, so Pay now is close to where the
          visitor placed the order (on a phone the slider alone is a screen high). */}
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
      {shopping && !preview && unlockOffer !== null ? <UpgradeUnlockBanner offer={unlockOffer} /> : null}
      {shopping && !preview && offersUpsell ? <UpsellSlider products={products} cartProducts={cart?.products ?? {}} /> : null}
    </div>
  );
}

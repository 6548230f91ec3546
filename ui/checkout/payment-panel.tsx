import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, Form, Heading, Input, Label, Radio, RadioGroup, TextField } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { VoucherRejectedError } from "../../application/ports/voucher-api.port.ts";
import type { CartOrder } from "../../domain/cart.schema.ts";
import { paymentFailureText, voucherFailureText } from "../../domain/error-catalogue.ts";
import type { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { DEFAULT_LOCALE, toSupportedLocale } from "../../domain/locale.ts";
import type { Cents } from "../../domain/money.ts";
import { keepSelectedMethod, paymentPanel, payButton } from "../../domain/payment-panel.ts";
import { Money } from "../common/money.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { cartUpdateKey, useCart, useCurrentShop, useShopUpdateState } from "../shop/shop-context.tsx";
import { useCheckoutAnalytics } from "./checkout-analytics.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { meaningOf, useErrorDialog } from "../shell/error-dialog.tsx";
import { isTagged } from "../common/is-tagged.ts";

/** Sends the browser to the payment provider's page (a full navigation, as spec §4 "Pay ... a browser redirect" asks). */
export type Redirect = (url: string) => void;

/** Delay before the cart is read again after a payment-step call (voucher), in milliseconds. spec §4 Shop update state, §9. */
export const PAYMENT_STEP_REFRESH_MS = 4000;

/** Props of the payment panel: the cart's order (null: not yet), cart id, redirect, the total to show (cents) and whether the server allows checkout. */
export interface PaymentPanelProps {
  readonly order: CartOrder | null;
  readonly cartId: string;
  readonly redirect: Redirect;
  readonly totalAmount: Cents;
  readonly checkoutAllowed: boolean;
  /** Set right after the order was placed: the panel moves the focus to its heading once it shows one, then calls `onFocused`. */
  readonly takeFocus?: boolean;
  readonly onFocused?: () => void;
}

/** Voucher states of spec §4: idle, loading, accepted, or error with the text to show. */
type VoucherState = { readonly _tag: "idle" } | { readonly _tag: "loading" } | { readonly _tag: "accepted"; readonly code: string } | { readonly _tag: "error"; readonly text: string };

/**
 * The payment panel (spec §4 Order button and payment panel): the voucher field and the method choice with Pay now, or
 * Finalize with a payment link; disabled while a shop update is pending.
 */
export function PaymentPanel({ order, cartId, redirect, totalAmount, checkoutAllowed, takeFocus = false, onFocused }: PaymentPanelProps) {
  const { slug, context, config } = useCurrentShop();
  const startPayment = useAsyncUseCase((m) => m.StartPayment);
  const applyVoucher = useAsyncUseCase((m) => m.ApplyVoucher);
  const checkoutAnalytics = useCheckoutAnalytics(slug, config);
  const cart = useCart();
  const queryClient = useQueryClient();
  const updateState = useShopUpdateState();
  const { show, showFailure } = useErrorDialog();
  const intl = useIntl();
  const [selected, setSelected] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [voucher, setVoucher] = useState<VoucherState>({ _tag: "idle" });
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  // After Place order the focus goes to the panel's heading, not to <body> (keyboard users, spec §4); while the panel
  // still shows its spinner it waits for the cart's order.
  // The panel is brought to the top of the view (below the header, clear of the bottom bar: scroll-margin in CSS), so
  // on a phone its heading is not left under the bottom bar with Pay now a screen further down.
  useEffect(() => {
    if (!takeFocus) return;
    const heading = document.getElementById("payment-title");
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    (heading.closest("section") ?? heading).scrollIntoView({ block: "start" });
    onFocused?.();
  }, [takeFocus, order]); // eslint-disable-line react-hooks/exhaustive-deps
  const pay = useMutation({
    mutationFn: (paymentMethod: string) =>
      startPayment.execute({ slug, context, paymentMethod, origin: window.location.origin, locale: toSupportedLocale(intl.locale) ?? DEFAULT_LOCALE }),
    onSuccess: (uri, paymentMethod) => {
      if (cart.data) checkoutAnalytics.addPaymentInfo(cart.data, paymentMethod); // spec §7: add_payment_info on pay
      redirect(uri);
    },
    onError: (failure) => {
      // A refused order (409 checkout.not.allowed) means the cart changed: read it again so checkoutAllowed is current.
      void queryClient.invalidateQueries({ queryKey: shopKeys.cart(slug) });
      // Occupants (8000, all messages) and max orders per account (8001) raise their own modal, and so does an upgrade
      // another cart paid first (409 4002) or gone (4003, follow-up emailLink): the catalogue's text, not a payment
      // failure (spec §8).
      void meaningOf(failure).then((meaning) =>
        isTagged<CatalogueError>(failure, "CatalogueError") || meaning.then === "emailLink"
          ? showFailure(failure, cartId)
          : show({ code: 8000, message: paymentFailureText(failure instanceof Error ? failure.message : null), cartId }),
      );
    },
  });
  const voucherCall = useMutation({
    mutationKey: cartUpdateKey(slug),
    mutationFn: (typed: string) => applyVoucher.execute({ context, cartId, code: typed }),
    onMutate: () => setVoucher({ _tag: "loading" }),
    onSuccess: (next, typed) => {
      queryClient.setQueryData(shopKeys.cart(slug), next);
      setVoucher({ _tag: "accepted", code: typed.trim().toUpperCase() });
      // A payment-step call: read the cart again after PAYMENT_STEP_REFRESH_MS (spec §4 Shop update state).
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: shopKeys.cart(slug) }), PAYMENT_STEP_REFRESH_MS);
    },
    onError: (failure) =>
      setVoucher({ _tag: "error", text: isTagged<VoucherRejectedError>(failure, "VoucherRejectedError") ? voucherFailureText(failure.code, failure.message) : voucherFailureText(null) }),
  });
  const panel = paymentPanel(order);
  const busy = updateState !== "idle";
  if (panel._tag === "Spinner") return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  if (panel._tag === "Finalize") {
    return (
      <section className="card payment-panel" aria-labelledby="payment-title">
        <Heading level={2} id="payment-title">
          <FormattedMessage id="payment.title" />
        </Heading>
        <Button className="button primary" onPress={() => redirect(panel.paymentUri)}>
          <FormattedMessage id="payment.finalize" />
        </Button>
      </section>
    );
  }
  const methods = order?.availablePaymentMethods ?? [];
  const method = keepSelectedMethod(selected, methods);
  const button = payButton(methods);
  const locked = pay.isPending || pay.isSuccess || busy;
  return (
    <section className="card payment-panel" aria-labelledby="payment-title">
      <Heading level={2} id="payment-title">
        <FormattedMessage id="payment.title" />
      </Heading>
      <Form
        className="voucher"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== "") voucherCall.mutate(code);
        }}
      >
        <TextField
          className="field"
          name="voucher"
          value={code}
          onChange={(next) => {
            setCode(next);
            if (voucher._tag === "error") setVoucher({ _tag: "idle" });
          }}
          isDisabled={locked || voucherCall.isPending}
          isInvalid={voucher._tag === "error"}
          validationBehavior="aria"
        >
          <Label>
            <FormattedMessage id="voucher.label" />
          </Label>
          <div className="row voucher-row">
            <Input className="input" />
            <Button type="submit" className="button" isDisabled={code.trim() === "" || locked} isPending={voucherCall.isPending}>
              <FormattedMessage id="voucher.apply" />
            </Button>
          </div>
        </TextField>
        <div aria-live="polite">
          {voucher._tag === "error" ? <p className="field-error">{voucher.text}</p> : null}
          {voucher._tag === "accepted" ? (
            <p className="small">
              <FormattedMessage id="voucher.accepted" values={{ code: voucher.code }} />
            </p>
          ) : null}
        </div>
      </Form>
      {button.hideTotal ? null : (
        <p className="payment-total">
          <FormattedMessage id="payment.total" /> <Money cents={totalAmount} />
        </p>
      )}
      <RadioGroup className="field methods" value={method} onChange={setSelected} isDisabled={locked}>
        <Label>
          <FormattedMessage id="payment.choose" />
        </Label>
        {methods.map((m) => (
          <Radio key={m.uid} value={m.uid} className="radio method">
            {m.name}
          </Radio>
        ))}
      </RadioGroup>
      <Button
        className="button primary"
        isDisabled={method === null || locked || !checkoutAllowed}
        isPending={pay.isPending}
        onPress={() => method && pay.mutate(method)}
      >
        {pay.isPending || pay.isSuccess ? <FormattedMessage id="payment.redirecting" /> : <FormattedMessage id={button.labelKey} />}
      </Button>
    </section>
  );
}

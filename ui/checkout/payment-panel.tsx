import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Heading, Label, Radio, RadioGroup } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { StartPayment } from "../../application/use-cases/start-payment.use-case.ts";
import type { CartOrder } from "../../domain/cart.schema.ts";
import { keepSelectedMethod, paymentPanel, payButton } from "../../domain/ordering.ts";
import { runEffect } from "../run-effect.ts";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useCheckoutAnalytics } from "../shop/shop-analytics.ts";
import { useUseCase } from "../use-cases.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";

/** Sends the browser to the payment provider's page (a full navigation, as spec §4 "Pay ... a browser redirect" asks). */
export type Redirect = (url: string) => void;

/**
 * The payment methods panel (spec §4 Order button and payment panel): a spinner before the order exists, the method
 * choice and Pay now (or Complete order when nothing is to be paid) for an order without a payment link, a finalize
 * button when the order has one. Pay starts the payment and redirects to the address the Shop API answered.
 */
export function PaymentPanel({ order, cartId, redirect }: { order: CartOrder | null; cartId: string; redirect: Redirect }) {
  const { slug, context, config } = useCurrentShop();
  const startPayment = useUseCase(StartPayment);
  const checkoutAnalytics = useCheckoutAnalytics(slug, config);
  const cart = useCart();
  const { show } = useErrorDialog();
  const intl = useIntl();
  const [selected, setSelected] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (paymentMethod: string) =>
      runEffect(startPayment.execute({ slug, context, paymentMethod, origin: window.location.origin })),
    onSuccess: (uri, paymentMethod) => {
      if (cart.data) checkoutAnalytics.addPaymentInfo(cart.data, paymentMethod); // spec §7: add_payment_info on pay
      redirect(uri);
    },
    onError: (failure) =>
      show({
        code: 8000,
        message: intl.formatMessage({ id: "payment.failed" }, { message: failure instanceof Error ? failure.message : "undefined error" }),
        cartId,
      }),
  });
  const panel = paymentPanel(order);
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
  return (
    <section className="card payment-panel" aria-labelledby="payment-title">
      <Heading level={2} id="payment-title">
        <FormattedMessage id="payment.title" />
      </Heading>
      <RadioGroup className="field methods" value={method} onChange={setSelected} isDisabled={pay.isPending || pay.isSuccess}>
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
        isDisabled={method === null || pay.isSuccess}
        isPending={pay.isPending}
        onPress={() => method && pay.mutate(method)}
      >
        {pay.isPending || pay.isSuccess ? <FormattedMessage id="payment.redirecting" /> : <FormattedMessage id={button.labelKey} />}
      </Button>
    </section>
  );
}

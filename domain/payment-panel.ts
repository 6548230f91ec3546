/** The payment panel of a cart in payment: spinner, method form or finalize link, and its pay button. spec §4 Payment panel. */

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

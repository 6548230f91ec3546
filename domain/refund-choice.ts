/** The refund (insurance) question of the checkout: unmade or made, its cart write, and when it counts as made. spec §4 Refund choice. */

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

/** The refund choice counts as made once answered or when the cart already holds insurance. spec §4 Refund choice. */
export const isRefundChoiceMade = (choice: RefundChoice, cartHasInsurance: boolean): boolean => choice._tag === "Made" || cartHasInsurance;

/** True when an earlier order's purchases hold insurance (type `insurance`): the add-on shop then asks the refund question again. spec §4 Refund choice. */
export const insurancePurchasedEarlier = (purchases: ReadonlyArray<{ readonly type: string }>): boolean => purchases.some((p) => p.type === "insurance");

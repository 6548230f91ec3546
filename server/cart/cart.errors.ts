import { Data } from "effect";
import type { FailureFields } from "../failure.ts";

/*
 * The cart module's failures (spec §4, §5, §7 carts calls, §8). Statuses: server/http/failure-status.ts.
 */

/** `cart.not.found`: no cart with this id in this shop. */
export class CartNotFound extends Data.TaggedError("CartNotFound")<FailureFields> {}
/** `cart.token.invalid`: the x-cart-token header is missing or does not match (spec §6 cart token). */
export class CartTokenInvalid extends Data.TaggedError("CartTokenInvalid")<FailureFields> {}
/** `cart.expired`: the cart's time is up and its holds were released. spec §4 Countdown. */
export class CartExpired extends Data.TaggedError("CartExpired")<FailureFields> {}
/** `cart.changed`: the cart changed at the same moment by another request, again and again; nothing of this request happened. */
export class CartChanged extends Data.TaggedError("CartChanged")<FailureFields> {}
/** `cart.not.shopping`: the cart is in payment or confirmed (domain isCartChangeable). spec §4 Cart status. */
export class CartNotShopping extends Data.TaggedError("CartNotShopping")<FailureFields> {}
/** `cart.extensions.used.up`: the cart's hold was extended as often as the shop allows (domain hold-extension.ts maxHoldExtensions). WCAG 2.2.1, spec §4 Countdown. */
export class HoldExtensionsUsedUp extends Data.TaggedError("HoldExtensionsUsedUp")<FailureFields> {}
/** `cart.hold.limit.reached`: the cart's hold already ends at its bounded end (domain maxHoldSeconds): no more time. spec §4 Countdown. */
export class HoldLimitReached extends Data.TaggedError("HoldLimitReached")<FailureFields> {}
/** `5000`: sold out or not enough stock. spec §8. */
export class SoldOut extends Data.TaggedError("SoldOut")<FailureFields> {}
/** `5001`: unknown product. spec §8. */
export class ProductNotFound extends Data.TaggedError("ProductNotFound")<FailureFields> {}
/** `5004`: tickets over min(maxTicketAmount, maxQuantity), or a product over its maxQuantity. spec §5 Quantities, §8. */
export class QuantityOverLimit extends Data.TaggedError("QuantityOverLimit")<FailureFields> {}
/** `checkout.not.allowed`: the cart may not place an order; `extra.checkoutErrors` lists the reasons. spec §7 orders. */
export class CheckoutRefused extends Data.TaggedError("CheckoutRefused")<FailureFields> {}
/** `payment.provider.unavailable`: the shop's payment provider is not configured on this server. */
export class PaymentProviderUnavailable extends Data.TaggedError("PaymentProviderUnavailable")<FailureFields> {}
/** `payment.provider.failed`: the provider could not start the payment; nothing changed. docs/payments.md. */
export class PaymentProviderFailed extends Data.TaggedError("PaymentProviderFailed")<FailureFields> {}
/** `idempotency.key.in.use`: a request with this Idempotency-Key is still running. */
export class IdempotencyKeyInUse extends Data.TaggedError("IdempotencyKeyInUse")<FailureFields> {}
/** `idempotency.key.reused`: the Idempotency-Key was used for another cart or body. */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<FailureFields> {}
/** `shipping.country.unknown`: the code is not in the shop's shipping list. spec §9 Shipping. */
export class UnknownShippingCountry extends Data.TaggedError("UnknownShippingCountry")<FailureFields> {}

/** CartNotFound `cart.not.found`. */
export const cartNotFound = (): CartNotFound => new CartNotFound({ code: "cart.not.found", message: "This cart does not exist." });
/** CartTokenInvalid `cart.token.invalid`. spec §6. */
export const cartTokenInvalid = (): CartTokenInvalid => new CartTokenInvalid({ code: "cart.token.invalid", message: "The cart token is missing or invalid." });
/** CartExpired `cart.expired`. spec §4 Countdown. */
export const cartExpired = (): CartExpired => new CartExpired({ code: "cart.expired", message: "This cart has expired." });
/** CartChanged `cart.changed`: try again. */
export const cartChanged = (): CartChanged => new CartChanged({ code: "cart.changed", message: "This cart was changed at the same time; try again." });
/** CartNotShopping `cart.not.shopping`. spec §4 Cart status. */
export const cartNotShopping = (): CartNotShopping => new CartNotShopping({ code: "cart.not.shopping", message: "This cart can no longer be changed." });
/** HoldExtensionsUsedUp `cart.extensions.used.up` naming how many extensions the shop allows. WCAG 2.2.1, spec §4 Countdown. */
export const holdExtensionsUsedUp = (max: number): HoldExtensionsUsedUp =>
  new HoldExtensionsUsedUp({ code: "cart.extensions.used.up", message: `This cart's time was extended ${max} times, as often as this shop allows; it cannot be extended again.` });
/** HoldLimitReached `cart.hold.limit.reached`. spec §4 Countdown. */
export const holdLimitReached = (): HoldLimitReached =>
  new HoldLimitReached({ code: "cart.hold.limit.reached", message: "This cart is held as long as this shop allows; it cannot be extended again." });
/** SoldOut `5000`. spec §8. */
export const soldOut = (): SoldOut => new SoldOut({ code: "5000", message: "This product is sold out." });
/** ProductNotFound `5001`. spec §8. */
export const productNotFound = (): ProductNotFound => new ProductNotFound({ code: "5001", message: "This product was not found." });
/** QuantityOverLimit `5004` naming the cap `max` (units). spec §5 Quantities, §8. */
export const quantityOverLimit = (max: number): QuantityOverLimit => new QuantityOverLimit({ code: "5004", message: `You can order at most ${max} tickets.` });
/** QuantityOverLimit `5004` for the per-client cap `max` (units of one product across the client's open carts). spec §5 Quantities, §8. */
export const clientHoldOverLimit = (max: number): QuantityOverLimit =>
  new QuantityOverLimit({ code: "5004", message: `You can hold at most ${max} of this product across your carts in this shop.` });
/** CheckoutRefused `checkout.not.allowed` (domain/checkout-rules.ts orderRefusals as checkoutErrors [{code, message}]; the message joins theirs). spec §7 orders. */
export const checkoutRefused = (refusals: ReadonlyArray<{ readonly code: string; readonly message: string }>): CheckoutRefused =>
  new CheckoutRefused({ code: "checkout.not.allowed", message: refusals.map((r) => r.message).join(" "), extra: { checkoutErrors: refusals } });
/** PaymentProviderUnavailable `payment.provider.unavailable` naming the shop's provider. */
export const paymentProviderUnavailable = (provider: string): PaymentProviderUnavailable =>
  new PaymentProviderUnavailable({ code: "payment.provider.unavailable", message: `Payment provider '${provider}' is not available.` });
/** PaymentProviderFailed `payment.provider.failed`. */
export const paymentProviderFailed = (): PaymentProviderFailed =>
  new PaymentProviderFailed({ code: "payment.provider.failed", message: "The payment provider could not start this payment; try again." });
/** IdempotencyKeyInUse `idempotency.key.in.use`. */
export const idempotencyKeyInUse = (): IdempotencyKeyInUse =>
  new IdempotencyKeyInUse({ code: "idempotency.key.in.use", message: "A request with this Idempotency-Key is still running; retry." });
/** IdempotencyKeyReused `idempotency.key.reused`. */
export const idempotencyKeyReused = (): IdempotencyKeyReused =>
  new IdempotencyKeyReused({ code: "idempotency.key.reused", message: "This Idempotency-Key was used for another request." });
/** UnknownShippingCountry `shipping.country.unknown` naming the code. spec §9 Shipping. */
export const unknownShippingCountry = (country: string): UnknownShippingCountry =>
  new UnknownShippingCountry({ code: "shipping.country.unknown", message: `'${country}' is not a shipping country of this shop.` });

import { Schema } from "effect";
import { SUPPORTED_LOCALES } from "./locale.ts";
import { EurosAsCents } from "./money.schema.ts";

/** Cart status (spec §3 Cart, §4 Cart status). */
export const CartStatus = Schema.Literals(["shopping", "in_payment", "confirmed"]);
/** shopping | in_payment | confirmed. */
export type CartStatus = typeof CartStatus.Type;

/** A payment method the provider offers: display name and method uid. spec §3 Other entities. */
export const PaymentMethod = Schema.Struct({ name: Schema.String, uid: Schema.String });
/** A payment method (name, uid). */
export type PaymentMethod = typeof PaymentMethod.Type;

/** A checkout error the server reports on a cart: catalogue or validation code and message. spec §3 Cart. */
export const CheckoutError = Schema.Struct({ code: Schema.String, message: Schema.String });
/** A server checkout error {code, message}. */
export type CheckoutError = typeof CheckoutError.Type;

/**
 * The cart's order: the payment link once a payment exists, and the methods to choose from (spec §3 Cart, §4 payment
 * panel); once the cart is confirmed, the order number (9 digits) the add-on shop's lookup finds it by (spec §5).
 */
export const CartOrder = Schema.Struct({
  paymentUri: Schema.NullOr(Schema.String),
  availablePaymentMethods: Schema.Array(PaymentMethod),
  reference: Schema.optional(Schema.String),
});
/** The order part of a cart. */
export type CartOrder = typeof CartOrder.Type;

/**
 * A cart as GET /carts/{cartId} answers it (spec §3 Cart): status, timeout in seconds left, products as a map
 * of product id to quantity, totals (euros on the wire -> cents), checkoutAllowed, checkoutErrors, order.
 */
export const Cart = Schema.Struct({
  id: Schema.String,
  status: CartStatus,
  timeout: Schema.Int,
  products: Schema.Record(Schema.String, Schema.Int),
  totalAmount: EurosAsCents,
  totalAmountExcludingServiceCosts: EurosAsCents,
  checkoutAllowed: Schema.Boolean,
  checkoutErrors: Schema.Array(CheckoutError),
  order: Schema.NullOr(CartOrder),
  /** The merchandise shipping country (two-letter code) chosen for this cart; absent or null when none. spec §4 Shipping country change, §9. */
  shippingCountry: Schema.optional(Schema.NullOr(Schema.String)),
  /** How many more times POST /carts/{cartId}/extend may extend this cart's hold (domain hold-extension.ts); absent: none. spec §4 Countdown. */
  holdExtensionsLeft: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /** Seconds until the cart's bounded hold ends, however it is extended or ordered (domain hold-extension.ts maxHoldSeconds); 0: ended for good; absent: unbounded. spec §4 Countdown. */
  maxTimeout: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
});
/** A decoded cart (money in cents). */
export type Cart = typeof Cart.Type;
/** A cart on the wire (money in euros). */
export type CartEncoded = typeof Cart.Encoded;

/** Gender values of the checkout form. spec §3, §9. */
export const Gender = Schema.Literals(["male", "female", "other"]);
/** male | female | other. */
export type Gender = typeof Gender.Type;

/**
 * The body of PUT /carts/{cartId}: the checkout form fields as the spec §3/§5 payload names them (country code
 * removed, phoneNumber composed "+{prefix}{number}", streetNumberExtension " " when empty, middleName " "),
 * plus the redirectUri for adyen. spec §7.
 */
export const CartDetails = Schema.Struct({
  gender: Gender,
  firstName: Schema.NonEmptyString,
  middleName: Schema.String,
  lastName: Schema.NonEmptyString,
  phoneNumber: Schema.NonEmptyString,
  email: Schema.NonEmptyString,
  dateOfBirth: Schema.NonEmptyString,
  address: Schema.NonEmptyString,
  streetNumber: Schema.Int,
  streetNumberExtension: Schema.String,
  postalCode: Schema.NonEmptyString,
  city: Schema.NonEmptyString,
  country: Schema.NonEmptyString,
  state: Schema.optional(Schema.String),
  redirectUri: Schema.optional(Schema.String),
});
/** The checkout details payload of PUT /carts/{cartId}. */
export type CartDetails = typeof CartDetails.Type;

/** Body of PUT /carts/{cartId}/products: productId and the new quantity (0 removes). spec §7. */
export const PutCartProduct = Schema.Struct({ productId: Schema.NonEmptyString, quantity: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) });
/** A PUT /carts/{cartId}/products body. */
export type PutCartProduct = typeof PutCartProduct.Type;

/**
 * Body of POST /carts/{cartId}/orders: the chosen method uid, where the provider returns to, and the visitor's language
 * (en, nl, es; optional), in which the order's mails are written (docs/mail.md). spec §7.
 */
export const CreateOrder = Schema.Struct({ paymentMethod: Schema.NonEmptyString, redirectUri: Schema.NonEmptyString, locale: Schema.optional(Schema.Literals(SUPPORTED_LOCALES)) });
/** A POST /carts/{cartId}/orders body. */
export type CreateOrder = typeof CreateOrder.Type;

/** Answer of POST /carts/{cartId}/orders (inside `data`): the provider's payment page address. spec §7. */
export const OrderCreated = Schema.Struct({ redirectUri: Schema.String });
/** The order answer: where the browser goes to pay. */
export type OrderCreated = typeof OrderCreated.Type;

/** Body of POST /carts: paymentQueueToken when the payment queue is on (a string, not an array). spec §7. */
export const CreateCart = Schema.Struct({ paymentQueueToken: Schema.optional(Schema.String) });

import * as cartFailures from "../cart/cart.errors.ts";
import * as contractStateFailures from "../contract-states/contract-states.errors.ts";
import * as requestFailures from "../failure.ts";
import * as identityFailures from "../identity/identity.errors.ts";
import * as orderFailures from "../orders/orders.errors.ts";
import * as queueFailures from "../queue/queue.errors.ts";
import * as travelFailures from "../travel/travel.errors.ts";
import * as voucherFailures from "../vouchers/vouchers.errors.ts";
import * as httpFailures from "./http.errors.ts";
import { errorBody } from "./api-error.ts";

/** The failure classes a module file exports, as the union of their instances (its factories and types left out). */
type FailuresOf<Module> = {
  [Name in keyof Module]: Module[Name] extends abstract new (...args: never) => infer Failure ? (Failure extends { readonly _tag: string; readonly code: string } ? Failure : never) : never;
}[keyof Module];

/** Every expected failure of the reference Shop API: each class exported by a module's `*.errors.ts` (and server/failure.ts). */
export type ServerFailure =
  | FailuresOf<typeof requestFailures>
  | FailuresOf<typeof cartFailures>
  | FailuresOf<typeof orderFailures>
  | FailuresOf<typeof voucherFailures>
  | FailuresOf<typeof queueFailures>
  | FailuresOf<typeof identityFailures>
  | FailuresOf<typeof travelFailures>
  | FailuresOf<typeof contractStateFailures>
  | FailuresOf<typeof httpFailures>;

/** A status the API answers a failure with (docs/shop-api.md Envelopes). */
type FailureStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

/**
 * THE table from a failure's tag to its HTTP status: one entry per failure class, so a new class without a status
 * does not compile. spec §8, docs/shop-api.md Envelopes.
 */
const FAILURE_STATUS: { readonly [Tag in ServerFailure["_tag"]]: FailureStatus } = {
  RequestInvalid: 400,
  RequestUnprocessable: 422,
  CartNotFound: 404,
  CartTokenInvalid: 403,
  CartExpired: 409,
  CartChanged: 409,
  CartNotShopping: 409,
  HoldExtensionsUsedUp: 409,
  HoldLimitReached: 409,
  SoldOut: 409,
  ProductNotFound: 404,
  QuantityOverLimit: 422,
  CheckoutRefused: 409,
  PaymentProviderUnavailable: 422,
  PaymentProviderFailed: 502,
  IdempotencyKeyInUse: 409,
  IdempotencyKeyReused: 422,
  UnknownShippingCountry: 422,
  LoginRequired: 403,
  MembershipNeeded: 403,
  OneMembershipPerAccount: 409,
  OutsideAccessTimeslot: 403,
  ShopClosed: 403,
  CartOfAnotherAccount: 403,
  OrderNotOffered: 403,
  UpgradeOrderNotFound: 404,
  UpgradeOrderProcessed: 409,
  UpgradeInPaymentElsewhere: 409,
  OrderNotFound: 404,
  OrderLookupsLimited: 429,
  VoucherInvalid: 422,
  VoucherUsed: 409,
  QueueTokenRequired: 403,
  QueueTokenInvalid: 403,
  UserTokenInvalid: 401,
  UserTokenMissing: 401,
  NoTravelPackages: 404,
  TravelProductNotFound: 404,
  NoRoomStock: 409,
  HotelNotBooked: 409,
  CrossSiteRefused: 403,
  RateLimited: 429,
  ShopNotFound: 404,
  ShopTokenInvalid: 401,
  QueueNotEnabled: 404,
  ServiceUnavailable: 503,
  NoticeTokenInvalid: 401,
  AccessTokenMissing: 401,
  ScopeInsufficient: 403,
  AdyenNotConfigured: 404,
  AdyenHmacInvalid: 401,
  ProviderStateInvalid: 400,
  ProviderStateFailed: 409,
};

/** True when `error` is an expected failure of the API (a tagged failure whose tag the table knows); anything else is a defect. */
export const isServerFailure = (error: unknown): error is ServerFailure => {
  if (!(error instanceof Error)) return false;
  const { _tag: tag, code } = error as { readonly _tag?: unknown; readonly code?: unknown };
  return typeof tag === "string" && Object.hasOwn(FAILURE_STATUS, tag) && typeof code === "string";
};

/** The HTTP answer of a failure: its status from the table and the `{error:{code,message}}` envelope (plus its extra fields). */
export const failureAnswer = (failure: ServerFailure): { readonly status: FailureStatus; readonly body: ReturnType<typeof errorBody> } => ({
  status: FAILURE_STATUS[failure._tag],
  body: errorBody(failure.code, failure.message, failure.extra),
});

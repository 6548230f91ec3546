import { Data } from "effect";
import type { SaleOrder } from "../../domain/sale-mode.ts";
import type { FailureFields } from "../failure.ts";

/*
 * The orders module's failures: account gates (spec §6), upgrades (spec §3 upgradableOrder, §8 4002/4003) and
 * previous orders (spec §7 get-orders). Statuses: server/http/failure-status.ts.
 */

/** `6004`: this shop needs a login and the call has no valid x-user-token. spec §6, §8 6004. */
export class LoginRequired extends Data.TaggedError("LoginRequired")<FailureFields> {}
/** `6005`: this shop is for members and the account has no active membership. spec §6, §8 6005. */
export class MembershipNeeded extends Data.TaggedError("MembershipNeeded")<FailureFields> {}
/** `3005`: a second membership for one account, or more than one. spec §6, §8 3005. */
export class OneMembershipPerAccount extends Data.TaggedError("OneMembershipPerAccount")<FailureFields> {}
/** `3003`: none of the visitor's shop access timeslots is open now. spec §6, §8 3003. */
export class OutsideAccessTimeslot extends Data.TaggedError("OutsideAccessTimeslot")<FailureFields> {}
/** `4000`: the shop has access timeslots and none of the visitor's is open or ahead: the sale is over for them. spec §8 4000. */
export class ShopClosed extends Data.TaggedError("ShopClosed")<FailureFields> {}
/** `cart.account.invalid`: the cart belongs to another account than the x-user-token's. spec §6. */
export class CartOfAnotherAccount extends Data.TaggedError("CartOfAnotherAccount")<FailureFields> {}
/** `order.not.offered`: a pre-registration or a preview takes no order. spec §1, §4 Wishlist save. */
export class OrderNotOffered extends Data.TaggedError("OrderNotOffered")<FailureFields> {}
/** `4003`: no upgradable order with this id and access id in this shop. spec §8. */
export class UpgradeOrderNotFound extends Data.TaggedError("UpgradeOrderNotFound")<FailureFields> {}
/** `4002`: the upgradable order was upgraded already. spec §8. */
export class UpgradeOrderProcessed extends Data.TaggedError("UpgradeOrderProcessed")<FailureFields> {}
/** `4002`: another upgrade cart of the same upgradable order is in payment. spec §8. */
export class UpgradeInPaymentElsewhere extends Data.TaggedError("UpgradeInPaymentElsewhere")<FailureFields> {}
/** `order.not.found`: no previous order matches, or the cart token is not the order's (never says which). spec §7 get-orders. */
export class OrderNotFound extends Data.TaggedError("OrderNotFound")<FailureFields> {}

/** LoginRequired `6004`. spec §6. */
export const loginNeeded = (): LoginRequired => new LoginRequired({ code: "6004", message: "Log in to shop in this sale." });
/** MembershipNeeded `6005`. spec §6. */
export const membershipNeeded = (): MembershipNeeded =>
  new MembershipNeeded({ code: "6005", message: "This sale is for members only; your account has no active membership." });
/** OneMembershipPerAccount `3005`. spec §6. */
export const oneMembershipPerAccount = (): OneMembershipPerAccount => new OneMembershipPerAccount({ code: "3005", message: "Only one membership per account." });
/** OutsideAccessTimeslot `3003`, naming when the visitor's next timeslot opens (ISO instant). spec §6, §8 3003. */
export const outsideAccessTimeslot = (opensAt: Date): OutsideAccessTimeslot =>
  new OutsideAccessTimeslot({ code: "3003", message: `This shop is not open for you yet; check your timeslot. Your timeslot opens at ${opensAt.toISOString()}.` });
/** ShopClosed `4000`. spec §8 "Shop closed". */
export const shopClosed = (): ShopClosed => new ShopClosed({ code: "4000", message: "This shop is closed." });
/** CartOfAnotherAccount `cart.account.invalid`. spec §6. */
export const cartOfAnotherAccount = (): CartOfAnotherAccount =>
  new CartOfAnotherAccount({ code: "cart.account.invalid", message: "This cart belongs to another account." });
/** OrderNotOffered `order.not.offered`, its message naming why (the sale rules' order: a wishlist is kept, or the sale has not opened). spec §1. */
export const orderNotOffered = (order: Exclude<SaleOrder, "taken">): OrderNotOffered =>
  new OrderNotOffered({
    code: "order.not.offered",
    message: order === "wishlist" ? "This pre-registration keeps a wishlist; it takes no order." : "This shop is in preview; it takes no order yet.",
  });
/** UpgradeOrderNotFound `4003`. spec §8 "Upgrade error: order not found; click the e-mail link again". */
export const upgradeOrderNotFound = (): UpgradeOrderNotFound =>
  new UpgradeOrderNotFound({ code: "4003", message: "This order cannot be upgraded: it was not found. Click the link in the e-mail again." });
/** UpgradeOrderProcessed `4002`. spec §8 "Upgrade error: order processed; click the e-mail link again". */
export const upgradeOrderProcessed = (): UpgradeOrderProcessed =>
  new UpgradeOrderProcessed({ code: "4002", message: "This order has been upgraded already. Click the link in the e-mail again." });
/** UpgradeInPaymentElsewhere `4002`. spec §8. */
export const upgradeInPaymentElsewhere = (): UpgradeInPaymentElsewhere =>
  new UpgradeInPaymentElsewhere({ code: "4002", message: "An upgrade of this order is being paid already. Click the link in the e-mail again." });
/** OrderNotFound `order.not.found`. spec §7 get-orders. */
export const orderNotFound = (): OrderNotFound => new OrderNotFound({ code: "order.not.found", message: "No order was found." });
/** `rate.limited`: too many order lookups from this client address or for this order number; `retryAfterSeconds` says when to try again. */
export class OrderLookupsLimited extends Data.TaggedError("OrderLookupsLimited")<FailureFields & { readonly retryAfterSeconds: number }> {}

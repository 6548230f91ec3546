import { Data } from "effect";
import type { FailureFields } from "../failure.ts";

/*
 * The failures the HTTP edge decides itself (authentication of the shop, the site's own routes, webhooks, rate
 * limits). Statuses: failure-status.ts.
 */

/** `request.cross.site`: a browser write sent from another site (Sec-Fetch-Site: cross-site), e.g. a hostile page's form post. */
export class CrossSiteRefused extends Data.TaggedError("CrossSiteRefused")<FailureFields> {}
/** `rate.limited`: this client sent more requests than the rate limit allows. */
export class RateLimited extends Data.TaggedError("RateLimited")<FailureFields> {}
/** `shop.not.found`: no shop for this namespace or slug. */
export class ShopNotFound extends Data.TaggedError("ShopNotFound")<FailureFields> {}
/** `shop.token.invalid`: the x-shop-token is missing or not the shop's. spec §7 Headers. */
export class ShopTokenInvalid extends Data.TaggedError("ShopTokenInvalid")<FailureFields> {}
/** `queue.not.enabled`: the shop has no payment queue (config queueUrl). */
export class QueueNotEnabled extends Data.TaggedError("QueueNotEnabled")<FailureFields> {}
/** `service.unavailable`: a store this call needs (Redis, the notice store) is briefly away; retry. */
export class ServiceUnavailable extends Data.TaggedError("ServiceUnavailable")<FailureFields> {}
/** `notice.token.invalid`: the bearer token may not change the site notice. */
export class NoticeTokenInvalid extends Data.TaggedError("NoticeTokenInvalid")<FailureFields> {}
/** `login.required`: an identity provider call without a valid access token. */
export class AccessTokenMissing extends Data.TaggedError("AccessTokenMissing")<FailureFields> {}
/** `scope.insufficient`: the access token lacks the scope the call needs. */
export class ScopeInsufficient extends Data.TaggedError("ScopeInsufficient")<FailureFields> {}
/** `payment.provider.unavailable` on Adyen's own routes: Adyen is not configured on this server. */
export class AdyenNotConfigured extends Data.TaggedError("AdyenNotConfigured")<FailureFields> {}
/** `adyen.hmac.invalid`: notification items with an invalid HMAC signature were rejected. */
export class AdyenHmacInvalid extends Data.TaggedError("AdyenHmacInvalid")<FailureFields> {}

/** CrossSiteRefused `request.cross.site`. */
export const crossSiteRefused = (): CrossSiteRefused =>
  new CrossSiteRefused({ code: "request.cross.site", message: "Requests from another site may not change anything here." });
/** RateLimited `rate.limited`, naming when to try again (`after`, e.g. "1 minute"). */
export const rateLimited = (after: string): RateLimited => new RateLimited({ code: "rate.limited", message: `Too many requests; try again in ${after}.` });
/** ShopNotFound `shop.not.found` with `message` naming what was asked. */
export const shopNotFound = (message: string): ShopNotFound => new ShopNotFound({ code: "shop.not.found", message });
/** ShopTokenInvalid `shop.token.invalid`. */
export const shopTokenInvalid = (): ShopTokenInvalid => new ShopTokenInvalid({ code: "shop.token.invalid", message: "The shop token is missing or invalid." });
/** ServiceUnavailable `service.unavailable` with `message` naming what is away. */
export const serviceUnavailable = (message: string): ServiceUnavailable => new ServiceUnavailable({ code: "service.unavailable", message });

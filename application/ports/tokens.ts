/** DI token of the ShopApi port (shops list, shop config, products). */
export const SHOP_API = Symbol.for("ShopApi");
/** DI token of the CartApi port (carts, cart products, details, orders). */
export const CART_API = Symbol.for("CartApi");
/** DI token of the CartIdStore port (remembers the cart id per shop across reloads). */
export const CART_ID_STORE = Symbol.for("CartIdStore");
/** DI token of the Clock port (injected time). */
export const CLOCK = Symbol.for("Clock");
/** DI token of the LocaleStore port (the locale cookie). */
export const LOCALE_STORE = Symbol.for("LocaleStore");
/** DI token of the TravelApi port (Travel API settings, packages, options, extras). */
export const TRAVEL_API = Symbol.for("TravelApi");
/** DI token of the HotelCartApi port (hotel cart, extras, add-ons of a cart). */
export const HOTEL_CART_API = Symbol.for("HotelCartApi");
/** DI token of the VoucherApi port (PUT /carts/{id}/vouchers). */
export const VOUCHER_API = Symbol.for("VoucherApi");
/** DI token of the OrderLookupApi port (POST /get-orders). */
export const ORDER_LOOKUP_API = Symbol.for("OrderLookupApi");
/** DI token of the NoticeApi port (the provider's notice, polled). */
export const NOTICE_API = Symbol.for("NoticeApi");
/** DI token of the AppInit port (GET {origin}/api/init, fire and forget). */
export const APP_INIT = Symbol.for("AppInit");
/** DI token of the MailApi port (transport request mail). */
export const MAIL_API = Symbol.for("MailApi");
/** DI token of the NewsletterApi port (newsletter subscribe). */
export const NEWSLETTER_API = Symbol.for("NewsletterApi");
/** DI token of the SingleSignOn port (OIDC login, session, wishlist, membership). */
export const SINGLE_SIGN_ON = Symbol.for("SingleSignOn");
/** DI token of the DeepLinkStore port (the deep-link cookie). */
export const DEEP_LINK_STORE = Symbol.for("DeepLinkStore");
/** DI token of the IdTokenStore port (the previous-id-token cookie). */
export const ID_TOKEN_STORE = Symbol.for("IdTokenStore");
/** DI token of the Analytics port (the tag manager data layer). */
export const ANALYTICS = Symbol.for("Analytics");
/** Token of the ConsentStore port (cookie consent). */
export const CONSENT_STORE = Symbol.for("ConsentStore");
/** DI token of the ShippingApi port (PUT /carts/{id}/shipping). */
export const SHIPPING_API = Symbol.for("ShippingApi");
/** DI token of the AddOnWaitingListApi port (/orders/{reference}/add-on-waiting-list). */
export const ADD_ON_WAITING_LIST_API = Symbol.for("AddOnWaitingListApi");
/** DI token of the AccountApi port (GET /account/orders). */
export const ACCOUNT_API = Symbol.for("AccountApi");

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

import { container, type DependencyContainer } from "tsyringe";
import { CART_API, CART_ID_STORE, CLOCK, LOCALE_STORE, SHOP_API } from "../application/ports/tokens.ts";
import { SystemClock } from "./clock/system-clock.ts";
import { CookieLocaleStore } from "./cookies/cookie-locale-store.ts";
import { API_BASE_URL } from "./http/api-base-url.ts";
import { HttpCartApi } from "./http/http-cart-api.ts";
import { HttpShopApi } from "./http/http-shop-api.ts";
import { LocalStorageCartIdStore } from "./storage/local-storage-cart-id-store.ts";

/** Settings of the composition root: the Shop API host ("" = same origin as the page). */
export interface CompositionSettings {
  readonly apiBaseUrl: string;
}

/** Registers every port's browser adapter in a child of the tsyringe root container and returns it (DESIGN "adapters/composition-root.ts"). */
export const composeBrowserContainer = (settings: CompositionSettings): DependencyContainer => {
  const child = container.createChildContainer();
  child.register(API_BASE_URL, { useValue: settings.apiBaseUrl.replace(/\/+$/, "") });
  child.register(SHOP_API, { useClass: HttpShopApi });
  child.register(CART_API, { useClass: HttpCartApi });
  child.register(CART_ID_STORE, { useValue: new LocalStorageCartIdStore() });
  child.register(CLOCK, { useValue: new SystemClock() });
  child.register(LOCALE_STORE, { useValue: new CookieLocaleStore() });
  return child;
};

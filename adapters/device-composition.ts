import { container, type DependencyContainer, instanceCachingFactory } from "tsyringe";
import { CART_ID_STORE, CLOCK, CONSENT_STORE, DEEP_LINK_STORE, ID_TOKEN_STORE, LOCALE_STORE } from "../application/ports/tokens.ts";
import { SystemClock } from "./clock/system-clock.ts";
import { CookieCartIdStore } from "./cookies/cookie-cart-id-store.ts";
import { CookieConsentStore } from "./cookies/cookie-consent-store.ts";
import { CookieDeepLinkStore } from "./cookies/cookie-deep-link-store.ts";
import { CookieIdTokenStore } from "./cookies/cookie-id-token-store.ts";
import { CookieLocaleStore } from "./cookies/cookie-locale-store.ts";
import { API_BASE_URL } from "./http/api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http/http-fetch.ts";
import { TRAVEL_API_BASE_URL } from "./http/travel-api-base-url.ts";

/** Settings of the composition root: the Shop API host ("" = same origin as the page), the Travel API base (default `{apiBaseUrl}/travel-api`) and the fetch the HTTP adapters send with (default the global one). */
export interface CompositionSettings {
  readonly apiBaseUrl: string;
  /** The fetch of every HTTP adapter: default the global fetch; the server's rendering passes one answered in-process. */
  readonly fetch?: HttpFetch;
  /** Travel API base address, requests go to `{travelApiBaseUrl}/{travelId}/en/...` (docs/travel-api.md). */
  readonly travelApiBaseUrl?: string;
}

/**
 * A child container with the adapters that answer on the device (cookie stores, clock) and the HTTP settings: what the
 * synchronous use cases need, without effect.
 */
export const composeDeviceContainer = (settings: CompositionSettings): DependencyContainer => {
  const child = container.createChildContainer();
  const apiBaseUrl = settings.apiBaseUrl.replace(/\/+$/, "");
  child.register(API_BASE_URL, { useValue: apiBaseUrl });
  child.register(HTTP_FETCH, { useValue: settings.fetch ?? globalFetch });
  child.register(TRAVEL_API_BASE_URL, { useValue: (settings.travelApiBaseUrl ?? `${apiBaseUrl}/travel-api`).replace(/\/+$/, "") });
  child.register(CART_ID_STORE, { useFactory: instanceCachingFactory(() => new CookieCartIdStore()) });
  child.register(CLOCK, { useValue: new SystemClock() });
  child.register(LOCALE_STORE, { useFactory: instanceCachingFactory(() => new CookieLocaleStore()) });
  child.register(DEEP_LINK_STORE, { useFactory: instanceCachingFactory(() => new CookieDeepLinkStore()) });
  child.register(CONSENT_STORE, { useFactory: instanceCachingFactory(() => new CookieConsentStore()) });
  child.register(ID_TOKEN_STORE, { useFactory: instanceCachingFactory(() => new CookieIdTokenStore()) });
  return child;
};

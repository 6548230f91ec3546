import { type DependencyContainer, instanceCachingFactory } from "tsyringe";
import {
  ACCOUNT_API,
  ANALYTICS,
  APP_INIT,
  CART_API,
  CART_ID_STORE,
  CONSENT_STORE,
  DEEP_LINK_STORE,
  HOTEL_CART_API,
  ID_TOKEN_STORE,
  LOCALE_STORE,
  MAIL_API,
  NEWSLETTER_API,
  NOTICE_API,
  ORDER_LOOKUP_API,
  ADD_ON_WAITING_LIST_API,
  SHIPPING_API,
  SHOP_API,
  SINGLE_SIGN_ON,
  TRAVEL_API,
  VOUCHER_API,
} from "../application/ports/tokens.ts";
import { DataLayerAnalytics } from "./analytics/data-layer-analytics.ts";
import { CookieCartIdStore } from "./cookies/cookie-cart-id-store.ts";
import { CookieConsentStore } from "./cookies/cookie-consent-store.ts";
import { CookieDeepLinkStore } from "./cookies/cookie-deep-link-store.ts";
import { CookieIdTokenStore } from "./cookies/cookie-id-token-store.ts";
import { CookieLocaleStore } from "./cookies/cookie-locale-store.ts";
import { type CompositionSettings, composeDeviceContainer } from "./device-composition.ts";
import { HttpAccountApi } from "./http/http-account-api.ts";
import { HttpAppInit } from "./http/http-app-init.ts";
import { HttpCartApi } from "./http/http-cart-api.ts";
import { HttpHotelCartApi } from "./http/http-hotel-cart-api.ts";
import { HttpMailApi } from "./http/http-mail-api.ts";
import { HttpNewsletterApi } from "./http/http-newsletter-api.ts";
import { HttpNoticeApi } from "./http/http-notice-api.ts";
import { HttpOrderLookupApi } from "./http/http-order-lookup-api.ts";
import { HttpAddOnWaitingListApi } from "./http/http-add-on-waiting-list-api.ts";
import { HttpShippingApi } from "./http/http-shipping-api.ts";
import { HttpShopApi } from "./http/http-shop-api.ts";
import { HttpTravelApi } from "./http/http-travel-api.ts";
import { HttpVoucherApi } from "./http/http-voucher-api.ts";
import { LazySingleSignOn, mayHoldOidcUser } from "./sso/lazy-single-sign-on.ts";
import type { OidcEnv } from "./sso/oidc-settings-from-env.ts";
import { UnavailableSingleSignOn } from "./sso/unavailable-single-sign-on.ts";

export type { CompositionSettings } from "./device-composition.ts";

/**
 * Registers in `child` the adapters that reach the network or run Effects: the Shop API's and Travel API's HTTP
 * adapters, analytics (the data layer) and single sign-on. The web app registers them after its first render
 * (adapters/device-composition.ts composeDeferredBrowserContainer).
 */
export const registerNetworkAdapters = (child: DependencyContainer): void => {
  child.register(SHOP_API, { useClass: HttpShopApi });
  child.register(CART_API, { useClass: HttpCartApi });
  child.register(VOUCHER_API, { useClass: HttpVoucherApi });
  child.register(SHIPPING_API, { useClass: HttpShippingApi });
  child.register(ORDER_LOOKUP_API, { useClass: HttpOrderLookupApi });
  child.register(ADD_ON_WAITING_LIST_API, { useClass: HttpAddOnWaitingListApi });
  child.register(ACCOUNT_API, { useClass: HttpAccountApi });
  child.register(NOTICE_API, { useClass: HttpNoticeApi });
  child.register(APP_INIT, { useClass: HttpAppInit });
  child.register(MAIL_API, { useClass: HttpMailApi });
  child.register(NEWSLETTER_API, { useClass: HttpNewsletterApi });
  child.register(ANALYTICS, { useFactory: instanceCachingFactory(() => new DataLayerAnalytics()) });
  // Single sign-on with the identity provider of the build (VITE_OIDC_*; default the development provider on the page's
  // origin under /oidc); VITE_OIDC_AUTHORITY=off makes it unavailable (spec §4). Its settings are read in the lazy chunk.
  child.register(SINGLE_SIGN_ON, {
    useFactory: instanceCachingFactory(() => {
      const env = (import.meta.env ?? {}) as OidcEnv;
      if (env.VITE_OIDC_AUTHORITY?.trim() === "off") return new UnavailableSingleSignOn();
      // oidc-client-ts loads on the first single sign-on call that needs it, not with the page: an anonymous
      // visitor's session check only looks for a stored oidc-client-ts user in localStorage (shared by the browser's tabs).
      return new LazySingleSignOn(
        () => import("./sso/oidc-single-sign-on.ts").then((m) => m.oidcSingleSignOnFromEnv(env, globalThis.location.origin)),
        () => env.VITE_OIDC_SILENT_CHECK === "on" || mayHoldOidcUser(globalThis.localStorage),
      );
    }),
  });
  child.register(TRAVEL_API, { useClass: HttpTravelApi });
  child.register(HOTEL_CART_API, { useClass: HttpHotelCartApi });
};

/** Registers every port's browser adapter in a child of the tsyringe root container and returns it (docs/architecture.md "The hexagon"): the device adapters and the network ones. */
export const composeBrowserContainer = (settings: CompositionSettings): DependencyContainer => {
  const child = composeDeviceContainer(settings);
  registerNetworkAdapters(child);
  return child;
};

/**
 * What the server knows of the visitor when rendering a page: its Cookie header, languages, whether over https, and
 * where cookie writes go.
 */
export interface ServerRequestFacts {
  readonly cookie: string;
  readonly languages: ReadonlyArray<string>;
  readonly https?: boolean;
  readonly onCookieWrite?: (setCookie: string) => void;
}

/** A Storage with nothing in it and no memory: the server never sees the browser's localStorage. */
const emptyStorage = (): Storage => ({ length: 0, clear: () => {}, getItem: () => null, key: () => null, removeItem: () => {}, setItem: () => {} });

/**
 * The container the server renders a page with (ui/entry-server.tsx): the browser's adapters over `fetch` to this
 * server, cookie stores on the request's Cookie header, its languages, an empty localStorage.
 */
export const composeServerContainer = (settings: CompositionSettings, request: ServerRequestFacts): DependencyContainer => {
  const child = composeBrowserContainer(settings);
  // Reads see the request's cookies; a write (a store remembering or forgetting a cart) leaves them as they were for
  // the other stores of the same render and goes to onCookieWrite, so the page's answer can set it: the browser
  // hydrates the reads instead of making them, and would otherwise never write what they remember (a deep link's cart).
  const doc = {
    get cookie() {
      return request.cookie;
    },
    set cookie(written: string) {
      request.onCookieWrite?.(written);
    },
    location: { protocol: request.https ? "https:" : "http:" },
  } as Document;
  const nav = { languages: request.languages, language: request.languages[0] ?? "" } as unknown as Navigator;
  child.register(CART_ID_STORE, { useValue: new CookieCartIdStore(doc) });
  child.register(LOCALE_STORE, { useValue: new CookieLocaleStore(doc, nav) });
  child.register(DEEP_LINK_STORE, { useValue: new CookieDeepLinkStore(doc) });
  child.register(CONSENT_STORE, { useValue: new CookieConsentStore(doc) });
  child.register(ID_TOKEN_STORE, { useValue: new CookieIdTokenStore(doc) });
  child.register(ANALYTICS, { useValue: new DataLayerAnalytics({ window: {}, document: doc, storage: emptyStorage() }) });
  return child;
};

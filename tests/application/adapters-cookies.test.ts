// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { CART_COOKIE_MAX_AGE, CookieCartIdStore } from "../../adapters/cookies/cookie-cart-id-store.ts";
import { CookieDeepLinkStore } from "../../adapters/cookies/cookie-deep-link-store.ts";
import { CookieIdTokenStore, PREVIOUS_ID_TOKEN_COOKIE } from "../../adapters/cookies/cookie-id-token-store.ts";
import { deepLinkCookieValue } from "../../domain/deep-links.ts";

/** document.cookie of jsdom, with every Set-Cookie string written recorded. */
const recordingDocument = () => {
  const written: string[] = [];
  const doc = {
    get cookie() {
      return document.cookie;
    },
    set cookie(value: string) {
      written.push(value);
      document.cookie = value;
    },
    location: document.location,
  } as unknown as Document;
  return { doc, written };
};

const clearAllCookies = () => {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

describe("CookieDeepLinkStore (spec §2 deep-link cookie)", () => {
  beforeEach(clearAllCookies);

  it("writes cookie `deeplink` with Max-Age 15552000 and Path=/, and reads back route, slug, category and the raw query", () => {
    const { doc, written } = recordingDocument();
    const store = new CookieDeepLinkStore(doc);
    const value = deepLinkCookieValue("?route=tickets&slug=lowlands-lights&category=camping&utm_source=mail; x=1");
    store.set(value);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^deeplink=/);
    expect(written[0]).toContain("Max-Age=15552000");
    expect(written[0]).toContain("Path=/");
    expect(document.cookie).toMatch(/(^|; )deeplink=/);
    expect(store.get()).toEqual(value);
  });

  it("answers null without a cookie or for a malformed one, and clears it", () => {
    const store = new CookieDeepLinkStore();
    expect(store.get()).toBeNull();
    document.cookie = "deeplink=not-json; Path=/";
    expect(store.get()).toBeNull();
    store.set(deepLinkCookieValue("slug=x"));
    store.clear();
    expect(store.get()).toBeNull();
    expect(document.cookie).not.toMatch(/deeplink=/);
  });
});

describe("CookieIdTokenStore (spec §6 previous-id-token cookie)", () => {
  beforeEach(clearAllCookies);

  it("keeps the id token under `previous-id-token` on Path=/ and forgets it on clear", () => {
    const { doc, written } = recordingDocument();
    const store = new CookieIdTokenStore(doc);
    expect(store.get()).toBeNull();
    store.set("eyJhbGciOi.eyJzdWIiOi.sig");
    expect(written[0]).toMatch(new RegExp(`^${PREVIOUS_ID_TOKEN_COOKIE}=`));
    expect(written[0]).toContain("Path=/");
    expect(written[0]).toContain("Max-Age=2592000");
    expect(store.get()).toBe("eyJhbGciOi.eyJzdWIiOi.sig");
    store.clear();
    expect(store.get()).toBeNull();
  });

  it("leaves the locale cookie alone", () => {
    document.cookie = "locale=nl; Path=/";
    const store = new CookieIdTokenStore();
    store.set("token");
    store.clear();
    expect(document.cookie).toContain("locale=nl");
  });
});

describe("CookieCartIdStore (spec §3 Cart id; read by the server to render the page with the cart)", () => {
  beforeEach(clearAllCookies);

  it("keeps each shop's cart id in its own cookie (Path=/, 7 days, SameSite=Lax) and forgets it by expiring the cookie", () => {
    const { doc, written } = recordingDocument();
    const store = new CookieCartIdStore(doc);
    store.set("lowlands-lights", "c0ffee00-0000-4000-8000-000000000001");
    store.set("northern-nights", "c0ffee00-0000-4000-8000-000000000002");
    expect(written[0]).toMatch(/^festival-shop\.cart\.lowlands-lights=c0ffee00-0000-4000-8000-000000000001;/);
    expect(written[0]).toContain(`Max-Age=${CART_COOKIE_MAX_AGE}`);
    expect(written[0]).toContain("Path=/");
    expect(written[0]).toContain("SameSite=Lax");
    expect(store.get("lowlands-lights")).toBe("c0ffee00-0000-4000-8000-000000000001");
    expect(store.get("northern-nights")).toBe("c0ffee00-0000-4000-8000-000000000002");
    store.clear("lowlands-lights");
    expect(written.at(-1)).toContain("Max-Age=0");
    expect(store.get("lowlands-lights")).toBeNull();
    expect(store.get("northern-nights")).toBe("c0ffee00-0000-4000-8000-000000000002");
  });

  it("reads a Cookie header as the server sees it, and has no cart without one", () => {
    const header = { cookie: "locale=nl; festival-shop.cart.lowlands-lights=c0ffee00-0000-4000-8000-000000000004" } as Document;
    expect(new CookieCartIdStore(header).get("lowlands-lights")).toBe("c0ffee00-0000-4000-8000-000000000004");
    expect(new CookieCartIdStore({ cookie: "" } as Document).get("lowlands-lights")).toBeNull();
  });
});

describe("the server's render container (composeServerContainer)", () => {
  it("reads the request's cookies in every store, and a store's write changes nothing the others read", async () => {
    const { composeServerContainer } = await import("../../adapters/composition-root.ts");
    const { CART_ID_STORE, CONSENT_STORE, DEEP_LINK_STORE } = await import("../../application/ports/tokens.ts");
    const deepLink = encodeURIComponent(JSON.stringify(deepLinkCookieValue("route=tickets&slug=lowlands-lights")));
    const cookie = `cookie_consent=necessary; deeplink=${deepLink}; festival-shop.cart.lowlands-lights=c0ffee00-0000-4000-8000-000000000005`;
    const container = composeServerContainer({ apiBaseUrl: "http://localhost/api/v2" }, { cookie, languages: ["en"] });
    const carts = container.resolve<CookieCartIdStore>(CART_ID_STORE);
    expect(carts.get("lowlands-lights")).toBe("c0ffee00-0000-4000-8000-000000000005");
    carts.clear("lowlands-lights");
    carts.set("northern-nights", "c0ffee00-0000-4000-8000-000000000006");
    expect(carts.get("lowlands-lights")).toBe("c0ffee00-0000-4000-8000-000000000005");
    expect(container.resolve<{ get(): unknown }>(CONSENT_STORE).get()).toBe("necessary");
    expect(container.resolve<CookieDeepLinkStore>(DEEP_LINK_STORE).get()).toMatchObject({ route: "tickets", slug: "lowlands-lights" });
  });

  it("hands every cookie a store writes to onCookieWrite as a Set-Cookie value, Secure when the page came over https", async () => {
    const { composeServerContainer } = await import("../../adapters/composition-root.ts");
    const { CART_ID_STORE } = await import("../../application/ports/tokens.ts");
    const written: string[] = [];
    const container = composeServerContainer({ apiBaseUrl: "http://localhost/api/v2" }, { cookie: "", languages: ["en"], https: true, onCookieWrite: (value) => written.push(value) });
    const carts = container.resolve<CookieCartIdStore>(CART_ID_STORE);
    carts.set("lowlands-lights", "c0ffee00-0000-4000-8000-000000000007");
    carts.clear("northern-nights");
    expect(written).toEqual([
      "festival-shop.cart.lowlands-lights=c0ffee00-0000-4000-8000-000000000007; Max-Age=604800; Path=/; Secure; SameSite=Lax",
      "festival-shop.cart.northern-nights=; Max-Age=0; Path=/; Secure; SameSite=Lax",
    ]);
    expect(carts.get("lowlands-lights")).toBeNull();
  });
});

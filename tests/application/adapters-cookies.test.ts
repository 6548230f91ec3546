// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
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

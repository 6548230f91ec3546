import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  DEEP_LINK_COOKIE,
  DEEP_LINK_PARAMS,
  deepLinkCookieValue,
  deepLinkCartId,
  isDeepLinkCart,
  parseDeepLinkCookie,
  readDeepLinkParams,
  serializeDeepLinkCookie,
  withoutDeepLink,
  withoutDeepLinkCart,
  withQuery,
} from "../../domain/deep-links.ts";

describe("deep-link parameters", () => {
  test("reads route, slug, category, token, cartToken, policyId and cartId", () => {
    const q = "?route=tickets&slug=dgtl&category=vip&token=t&cartToken=ct&policyId=p&cartId=c&utm_source=x&shopToken=s";
    expect(readDeepLinkParams(q)).toEqual({ route: "tickets", slug: "dgtl", category: "vip", token: "t", cartToken: "ct", policyId: "p", cartId: "c" });
    expect(readDeepLinkParams(new URLSearchParams("slug=a&slug=b&route="))).toEqual({ slug: "a" });
  });

  test.prop([fc.dictionary(fc.constantFrom(...DEEP_LINK_PARAMS, "other", "utm_source"), fc.string({ minLength: 1 }))])(
    "round-trips every non-empty parameter through a query string and ignores others",
    (dict) => {
      const q = new URLSearchParams(dict).toString();
      const read = readDeepLinkParams(q);
      for (const name of DEEP_LINK_PARAMS) expect(read[name]).toBe(dict[name]);
      expect(Object.keys(read).every((k) => (DEEP_LINK_PARAMS as ReadonlyArray<string>).includes(k))).toBe(true);
    },
  );
});

describe("query without the deep link's cart (spec §2: the query is kept, the expired cart is not linked again)", () => {
  test("drops every deep-link parameter and keeps the rest in order (Time's up removes the deep link)", () => {
    expect(withoutDeepLink("?utm_source=qa&route=tickets&slug=ll&category=c&token=t&cartToken=ct&policyId=p&cartId=c&foo=1")).toBe("utm_source=qa&foo=1");
    expect(withoutDeepLink("route=tickets")).toBe("");
  });

  test("drops cartToken and cartId and keeps the rest in order", () => {
    expect(withoutDeepLinkCart("?utm_source=qa&cartToken=ct&route=tickets&cartId=c&foo=1")).toBe("utm_source=qa&route=tickets&foo=1");
    expect(withoutDeepLinkCart("cartId=c")).toBe("");
  });

  test.prop([fc.array(fc.tuple(fc.constantFrom(...DEEP_LINK_PARAMS, "utm_source", "foo"), fc.string()), { maxLength: 8 })])(
    "never holds cartToken or cartId and keeps every other parameter with its value",
    (pairs) => {
      const out = new URLSearchParams(withoutDeepLinkCart(new URLSearchParams(pairs)));
      expect(out.has("cartToken") || out.has("cartId")).toBe(false);
      expect([...out]).toEqual(pairs.filter(([name]) => name !== "cartToken" && name !== "cartId"));
    },
  );
});

describe("deep-link cookie", () => {
  test("lives 15552000 seconds with path /", () => {
    expect(DEEP_LINK_COOKIE.maxAgeSeconds).toBe(15_552_000);
    expect(DEEP_LINK_COOKIE.path).toBe("/");
  });

  test("holds route, slug, category and the raw query", () => {
    expect(deepLinkCookieValue("?route=travel&slug=dgtl&x=1")).toEqual({ route: "travel", slug: "dgtl", category: null, query: "route=travel&slug=dgtl&x=1" });
  });

  test.prop([fc.record({ route: fc.option(fc.string()), slug: fc.option(fc.string()), category: fc.option(fc.string()), query: fc.string() })])(
    "round-trips through serialise and parse",
    (value) => {
      expect(parseDeepLinkCookie(serializeDeepLinkCookie(value))).toEqual(value);
    },
  );

  test("rejects malformed cookie text", () => {
    expect(parseDeepLinkCookie("not json")).toBeNull();
    expect(parseDeepLinkCookie('{"route":1,"slug":null,"category":null,"query":""}')).toBeNull();
    expect(parseDeepLinkCookie("null")).toBeNull();
  });
});

describe("deep-link cart", () => {
  test("is flagged with cartToken and cartId outside checkout", () => {
    expect(isDeepLinkCart("cartToken=a&cartId=b", "tickets")).toBe(true);
    expect(isDeepLinkCart("cartToken=a&cartId=b", "checkout")).toBe(false);
    expect(isDeepLinkCart("cartToken=a", "tickets")).toBe(false);
  });

  test.prop([fc.option(fc.string({ minLength: 1 })), fc.option(fc.string({ minLength: 1 })), fc.constantFrom("checkout", "tickets", "")])(
    "needs both ids and a page other than checkout",
    (token, id, page) => {
      const p = new URLSearchParams();
      if (token !== null) p.set("cartToken", token);
      if (id !== null) p.set("cartId", id);
      expect(isDeepLinkCart(p, page)).toBe(token !== null && id !== null && page !== "checkout");
    },
  );

  test("names the linked cart's id only where the cart is flagged", () => {
    expect(deepLinkCartId("cartToken=a&cartId=b", "tickets")).toBe("b");
    expect(deepLinkCartId("cartToken=a&cartId=b", "checkout")).toBeNull();
    expect(deepLinkCartId("cartId=b", "tickets")).toBeNull();
  });

  test.prop([fc.option(fc.string({ minLength: 1 })), fc.option(fc.string({ minLength: 1 })), fc.constantFrom("checkout", "tickets", "")])(
    "gives the query's cartId exactly when isDeepLinkCart flags it",
    (token, id, page) => {
      const p = new URLSearchParams();
      if (token !== null) p.set("cartToken", token);
      if (id !== null) p.set("cartId", id);
      expect(deepLinkCartId(p, page)).toBe(isDeepLinkCart(p, page) ? id : null);
    },
  );

  test("keeps the query on navigation", () => {
    expect(withQuery("/dgtl/tickets", "?a=1")).toBe("/dgtl/tickets?a=1");
    expect(withQuery("/dgtl/tickets", "")).toBe("/dgtl/tickets");
  });
});

describe("withQuery on a path that has a query", () => {
  test("joins the kept query with an ampersand", () => {
    expect(withQuery("/dgtl/checkout?step=2", "a=1")).toBe("/dgtl/checkout?step=2&a=1");
    expect(withQuery("/dgtl/checkout?step=2", new URLSearchParams({ a: "1" }))).toBe("/dgtl/checkout?step=2&a=1");
  });
});

describe("deep-link params of a query string with a doubled question mark", () => {
  test("drop one mark themselves, and the parser drops the other", () => {
    expect(readDeepLinkParams("??slug=dgtl&cartId=c")).toEqual({ slug: "dgtl", cartId: "c" });
    expect(readDeepLinkParams("slug=dgtl?")).toEqual({ slug: "dgtl?" });
  });
});

describe("deep-link cookie without a query text", () => {
  test("is malformed", () => {
    expect(parseDeepLinkCookie('{"route":null,"slug":null,"category":null}')).toBeNull();
    expect(parseDeepLinkCookie('{"route":null,"slug":null,"category":null,"query":5}')).toBeNull();
    expect(parseDeepLinkCookie('{"route":null,"slug":"dgtl","category":null,"query":""}')).toEqual({ route: null, slug: "dgtl", category: null, query: "" });
  });
});

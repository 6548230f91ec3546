import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_API_BODY_LIMIT_BYTES, ACCOUNT_API_SCOPES } from "../../domain/account-api.schema.ts";
import { authorize, logIn, loginForm, oidcBrowser, originOf, postLogin } from "./oidc-browser.ts";
import { freshServer, openPglite, type TestDatabase } from "./server-harness.ts";

/** The account API's scopes and payload bounds, and the provider behind an https proxy (spec §3 Wishlist, §6, §7). */
describe("the development identity provider's guards", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    database = await openPglite();
    // Behind a proxy on 127.0.0.1 (TRUST_PROXY=127.0.0.1): its X-Forwarded-Proto counts.
    app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, trustProxy: ["127.0.0.1"] });
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = originOf(app.server.address());
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const call = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${origin}/oidc/api/account${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) } });
  const WISHLIST = "/wishlists/lowlands-lights-2027/2027";
  const putWishlist = (token: string, preferences: unknown) => call(WISHLIST, token, { method: "PUT", body: JSON.stringify({ preferences }) });

  describe("account API scopes (docs/web-app-ports.md)", () => {
    it("refuses a token with scope openid alone: 403 scope.insufficient on membership, wishlists and newsletter", async () => {
      const { access_token: token, scope } = await logIn(oidcBrowser(origin), "anna@example.com", { scope: "openid" });
      expect(scope).toBe("openid");
      for (const response of [
        await call("/membership", token),
        await call(WISHLIST, token),
        await putWishlist(token, { products: { ll_ticket_weekend: 1 }, totalAmount: 229.5, travelCart: null }),
        await call("/newsletter", token, { method: "POST", body: "{}" }),
      ]) {
        expect(response.status).toBe(403);
        expect((await response.json()).error.code).toBe("scope.insufficient");
      }
    });

    it("answers each call whose scope the token has, and only those", async () => {
      const profileOnly = (await logIn(oidcBrowser(origin), "anna@example.com", { scope: "openid profile" })).access_token;
      expect(ACCOUNT_API_SCOPES).toEqual({ membership: "profile", wishlists: "profile", newsletter: "email" });
      expect((await call("/membership", profileOnly)).status).toBe(200);
      expect((await putWishlist(profileOnly, { products: { ll_ticket_weekend: 1 }, totalAmount: 229.5, travelCart: null })).status).toBe(204);
      expect((await call("/newsletter", profileOnly, { method: "POST", body: "{}" })).status).toBe(403);
      const emailOnly = (await logIn(oidcBrowser(origin), "sam@example.com", { scope: "openid email" })).access_token;
      expect((await call("/newsletter", emailOnly, { method: "POST", body: "{}" })).status).toBe(204);
      expect((await call("/membership", emailOnly)).status).toBe(403);
    });
  });

  describe("wishlist and newsletter payloads (spec §3 Wishlist and pre-registration)", () => {
    let token: string;
    beforeAll(async () => {
      token = (await logIn(oidcBrowser(origin), "lucia@example.com")).access_token;
    });
    const travelCart = {
      hotelCartId: "hc-1",
      travelId: "ll-travel",
      id: "pkg-1",
      name: "Hotel",
      slug: "hotel",
      rating: 4,
      category: "hotel",
      occupation: 2,
      startOfStayDate: "2027-08-20",
      endOfStayDate: "2027-08-23",
      eventId: "lowlands-lights-2027",
      accommodationId: "acc-1",
      images: [],
      state: { soldout: false },
      packageOption: { id: "opt-1", title: "Double room", subtotal: 300 },
      extras: [],
      addOns: [],
      totalPrice: 300,
    };

    const refused = async (response: Response, status = 400) => {
      expect(response.status).toBe(status);
      expect((await response.json()).error).toEqual({ code: expect.any(String), message: expect.any(String) });
    };

    it("keeps a wishlist of the spec's shape (with a travel cart) and refuses a negative total, a quantity that is not a positive integer, and an opaque travel cart with 400", async () => {
      const preferences = { products: { ll_ticket_weekend: 2, ll_tshirt_m: 1 }, totalAmount: 759, travelCart };
      expect((await putWishlist(token, preferences)).status).toBe(204);
      expect(await (await call(WISHLIST, token)).json()).toEqual({ data: { eventId: "lowlands-lights-2027", year: 2027, preferences } });
      await refused(await putWishlist(token, { products: { ll_ticket_weekend: 1 }, totalAmount: -1, travelCart: null }));
      await refused(await putWishlist(token, { products: { ll_ticket_weekend: 0 }, totalAmount: 0, travelCart: null }));
      await refused(await putWishlist(token, { products: { ll_ticket_weekend: -2 }, totalAmount: 0, travelCart: null }));
      await refused(await putWishlist(token, { products: { ll_ticket_weekend: 1e9 }, totalAmount: 0, travelCart: null }));
      await refused(await putWishlist(token, { products: {}, totalAmount: 0, travelCart: { blob: "x".repeat(20_000) } }));
      await refused(await putWishlist(token, { products: {}, totalAmount: 0, travelCart: "opaque" }));
      const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`p${i}`, 1]));
      await refused(await putWishlist(token, { products: many, totalAmount: 0, travelCart: null }));
      // The kept wishlist is left as it was.
      expect(await (await call(WISHLIST, token)).json()).toEqual({ data: { eventId: "lowlands-lights-2027", year: 2027, preferences } });
    });

    it("refuses a 900 KB body before reading it: 413 in the envelope", async () => {
      expect(ACCOUNT_API_BODY_LIMIT_BYTES).toBeLessThan(900_000);
      await refused(await putWishlist(token, { products: {}, totalAmount: 0, travelCart: { blob: "x".repeat(900_000) } }), 413);
      await refused(await call("/newsletter", token, { method: "POST", body: JSON.stringify({ email: `${"x".repeat(900_000)}@example.com` }) }), 413);
    });

    it("refuses a newsletter address that is no e-mail address", async () => {
      await refused(await call("/newsletter", token, { method: "POST", body: JSON.stringify({ email: "not an address" }) }));
      await refused(await call("/newsletter", token, { method: "POST", body: JSON.stringify({ email: `${"x".repeat(300)}@example.com` }) }));
      expect((await call("/newsletter", token, { method: "POST", body: JSON.stringify({ email: "lucia@example.com" }) })).status).toBe(204);
    });
  });

  describe("behind an https proxy (TRUST_PROXY)", () => {
    it("sets its cookies Secure and sends the login back to https:// when the trusted proxy says https, and not for another peer", async () => {
      const b = oidcBrowser(origin, { "x-forwarded-proto": "https" });
      const httpsOrigin = origin.replace("http:", "https:");
      const { response } = await authorize(b, { publicOrigin: httpsOrigin });
      expect(response.status).toBe(303);
      const cookies = b.setCookies.filter((line) => /^_interaction/.test(line));
      expect(cookies.length).toBeGreaterThan(0);
      for (const line of cookies) expect(line).toMatch(/;\s*secure/i);
      const posted = await postLogin(b, await loginForm(b, response), "anna@example.com", "festival");
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toMatch(/^https:\/\//);
      const resumed = await b.request(posted.headers.get("location")!);
      expect(resumed.headers.get("location")).toMatch(new RegExp(`^${httpsOrigin}/login\\?`));
      for (const line of b.setCookies.filter((l) => /^_session=/.test(l))) expect(line).toMatch(/;\s*secure/i);

      // From a peer that is not the trusted proxy, X-Forwarded-Proto changes nothing: plain cookies, http redirects.
      const untrusted = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, trustProxy: ["10.9.9.9"] });
      await untrusted.listen({ port: 0, host: "127.0.0.1" });
      try {
        const peer = oidcBrowser(originOf(untrusted.server.address()), { "x-forwarded-proto": "https" });
        const peerAuth = (await authorize(peer)).response;
        expect(peerAuth.status).toBe(303);
        const peerCookies = peer.setCookies.filter((line) => /^_interaction/.test(line));
        expect(peerCookies.length).toBeGreaterThan(0);
        for (const line of peerCookies) expect(line).not.toMatch(/;\s*secure/i);
        const peerLogin = await postLogin(peer, await loginForm(peer, peerAuth), "anna@example.com", "festival");
        expect(peerLogin.headers.get("location")).toMatch(/^http:\/\//);
      } finally {
        await untrusted.close();
      }
    });
  });
});

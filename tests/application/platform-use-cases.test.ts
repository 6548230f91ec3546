import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { NetworkError } from "../../application/errors.ts";
import { SingleSignOnError, type Wishlist } from "../../application/ports/single-sign-on.port.ts";
import { CheckLogin, NO_MEMBERSHIP } from "../../application/use-cases/check-login.use-case.ts";
import { CompleteLogin } from "../../application/use-cases/complete-login.use-case.ts";
import { InitApp, isLocalHost } from "../../application/use-cases/init-app.use-case.ts";
import { LoadWishlist } from "../../application/use-cases/load-wishlist.use-case.ts";
import { ForgetUserToken } from "../../application/use-cases/forget-user-token.use-case.ts";
import { Logout } from "../../application/use-cases/logout.use-case.ts";
import { PollNotice } from "../../application/use-cases/poll-notice.use-case.ts";
import { ForgetDeepLink } from "../../application/use-cases/forget-deep-link.use-case.ts";
import { RecallDeepLink } from "../../application/use-cases/recall-deep-link.use-case.ts";
import { RememberDeepLink } from "../../application/use-cases/remember-deep-link.use-case.ts";
import { ResolveUserToken } from "../../application/use-cases/resolve-user-token.use-case.ts";
import { SaveWishlist } from "../../application/use-cases/save-wishlist.use-case.ts";
import { SendTransportRequest } from "../../application/use-cases/send-transport-request.use-case.ts";
import { EditAccount } from "../../application/use-cases/edit-account.use-case.ts";
import { StartLogin } from "../../application/use-cases/start-login.use-case.ts";
import { SubscribeNewsletter } from "../../application/use-cases/subscribe-newsletter.use-case.ts";
import { LoadTagManager } from "../../application/use-cases/load-tag-manager.use-case.ts";
import { TrackCartView } from "../../application/use-cases/track-cart-view.use-case.ts";
import { TrackCheckoutStart } from "../../application/use-cases/track-checkout-start.use-case.ts";
import { TrackPageView } from "../../application/use-cases/track-page-view.use-case.ts";
import { TrackPaymentInfo } from "../../application/use-cases/track-payment-info.use-case.ts";
import { TrackPurchase } from "../../application/use-cases/track-purchase.use-case.ts";
import { TrackQuantityChange } from "../../application/use-cases/track-quantity-change.use-case.ts";
import { TrackUpsellClick } from "../../application/use-cases/track-upsell-click.use-case.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aCart } from "../support/object-mother.ts";
import { SwitchAccount } from "../../application/use-cases/switch-account.use-case.ts";
import type { ConsentStore, CookieConsent } from "../../application/ports/consent-store.port.ts";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import type { Cents } from "../../domain/money.ts";
import {
  FixedClock,
  InMemoryAppInit,
  InMemoryDeepLinkStore,
  InMemoryIdTokenStore,
  InMemoryMailApi,
  InMemoryNewsletterApi,
  InMemoryNoticeApi,
  InMemorySingleSignOn,
  RecordingAnalytics,
  SSO_USER,
} from "../support/in-memory-platform.ts";

const run = Effect.runPromise;

describe("PollNotice", () => {
  const at = (h: number, m: number) => new FixedClock(new Date(2027, 7, 20, h, m, 30).getTime());

  it("asks with the local time as HHMM and shows nothing without a title", async () => {
    const notices = new InMemoryNoticeApi();
    expect(await run(new PollNotice(notices, at(9, 5)).execute())).toBeNull();
    expect(notices.asked).toEqual(["0905"]);
  });

  it("answers catalogue error 8002 with the title and text when a notice is published", async () => {
    const notices = new InMemoryNoticeApi();
    notices.notice = { message: { title: "Maintenance", error: "Back at 23:30" } };
    const failure = await run(new PollNotice(notices, at(22, 59)).execute());
    expect(failure).toBeInstanceOf(CatalogueError);
    expect(failure).toMatchObject({ code: 8002, messages: ["Maintenance", "Back at 23:30"] });
    expect(notices.asked).toEqual(["2259"]);
  });

  it("fails with the call's failure so the caller can log it", async () => {
    const notices = new InMemoryNoticeApi();
    notices.failure = new NetworkError({ message: "offline" });
    expect(await run(Effect.flip(new PollNotice(notices, at(1, 0)).execute()))).toBeInstanceOf(NetworkError);
  });
});

describe("InitApp", () => {
  it("recognises local hosts", () => {
    for (const h of ["localhost", "LOCALHOST", "shop.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"]) expect(isLocalHost(h)).toBe(true);
    for (const h of ["shop.example", "10.0.0.1", "localhost.example.com"]) expect(isLocalHost(h)).toBe(false);
  });

  it("skips /api/init on localhost", async () => {
    const init = new InMemoryAppInit();
    expect(await run(new InitApp(init).execute({ origin: "http://localhost:3000", hostname: "localhost" }))).toBe(false);
    expect(init.origins).toEqual([]);
  });

  it("calls /api/init on the page's own origin elsewhere and swallows a failure", async () => {
    const init = new InMemoryAppInit();
    init.failing = true;
    expect(await run(new InitApp(init).execute({ origin: "https://tickets.example", hostname: "tickets.example" }))).toBe(true);
    expect(init.origins).toEqual(["https://tickets.example"]);
  });
});

describe("mail and newsletter", () => {
  it("sends a transport request mail as given, for the shop of the context", async () => {
    const mail = new InMemoryMailApi();
    const request = { eventNamespace: "lowlands-lights-2027", name: "Sam", email: "sam@example.com", persons: 4, departureCity: "Utrecht" };
    const shop = { apiNamespace: "lowlands-lights-2027", shopToken: "sk_demo" };
    await run(new SendTransportRequest(mail).execute({ context: shop, mail: request }));
    expect(mail.sent).toEqual([request]);
    expect(mail.shops).toEqual([shop]);
  });

  it("subscribes only when the newsletter box is ticked", async () => {
    const newsletter = new InMemoryNewsletterApi();
    const subscription = { email: "sam@example.com", locale: "nl", eventNamespace: "lowlands-lights-2027" };
    expect(await run(new SubscribeNewsletter(newsletter).execute({ subscription, ticked: false }))).toBe(false);
    expect(newsletter.subscriptions).toEqual([]);
    expect(await run(new SubscribeNewsletter(newsletter).execute({ subscription, ticked: true }))).toBe(true);
    expect(newsletter.subscriptions).toEqual([subscription]);
  });
});

describe("ResolveUserToken (x-user-token, spec §6)", () => {
  const context = { apiNamespace: "ns", shopToken: "tok" };

  it("prefers the single sign-on user's id_token over the cookie", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const resolve = new ResolveUserToken(sso, new InMemoryIdTokenStore("old.cookie.token"));
    expect(await run(resolve.execute({ context }))).toEqual({ ...context, userToken: SSO_USER.idToken });
  });

  it("falls back to the previous-id-token cookie when nobody is logged in or the session check fails", async () => {
    const sso = new InMemorySingleSignOn();
    expect((await run(new ResolveUserToken(sso, new InMemoryIdTokenStore("old.cookie.token")).execute({ context }))).userToken).toBe("old.cookie.token");
    sso.sessionFailure = new SingleSignOnError({ reason: "unavailable", message: "no provider" });
    expect((await run(new ResolveUserToken(sso, new InMemoryIdTokenStore("old.cookie.token")).execute({ context }))).userToken).toBe("old.cookie.token");
  });

  it("leaves the context without a user token when there is none", async () => {
    const resolve = new ResolveUserToken(new InMemorySingleSignOn(), new InMemoryIdTokenStore());
    expect(await run(resolve.execute({ context }))).toEqual(context);
  });
});

describe("login state (spec §4 Login state)", () => {
  it("is anonymous with membership status 0 without a session", async () => {
    expect(await run(new CheckLogin(new InMemorySingleSignOn()).execute())).toEqual({ user: null, membership: NO_MEMBERSHIP });
  });

  it("loads the membership of a logged-in user", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    expect(await run(new CheckLogin(sso).execute())).toEqual({ user: SSO_USER, membership: { status: 2, level: "gold" } });
  });

  it("completes the login, keeps the id_token in the previous-id-token cookie and loads the membership", async () => {
    const sso = new InMemorySingleSignOn();
    const tokens = new InMemoryIdTokenStore();
    const state = await run(new CompleteLogin(sso, tokens).execute({ callbackUrl: "https://shop.example/callback?code=abc&state=xyz" }));
    expect(state.user).toEqual(SSO_USER);
    expect(state.membership.status).toBe(2);
    expect(tokens.token).toBe(SSO_USER.idToken);
  });

  it("stores nothing when the callback fails", async () => {
    const tokens = new InMemoryIdTokenStore();
    const error = await run(Effect.flip(new CompleteLogin(new InMemorySingleSignOn(), tokens).execute({ callbackUrl: "https://shop.example/callback?error=access_denied" })));
    expect(error).toBeInstanceOf(SingleSignOnError);
    expect(tokens.token).toBeNull();
  });

  it("logs out: forgets the cookie, redirects, and the membership status becomes 0", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const tokens = new InMemoryIdTokenStore("id.token.user-1");
    expect(await run(new Logout(sso, tokens).execute())).toEqual({ user: null, membership: { status: 0, level: null } });
    expect(tokens.token).toBeNull();
    expect(sso.redirects).toEqual(["logout"]);
  });

  it("forgets a refused identity token without a redirect: cookie and single sign-on user gone, the later token none (spec §6)", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const tokens = new InMemoryIdTokenStore("id.token.user-1");
    expect(await run(new ForgetUserToken(sso, tokens).execute())).toEqual({ user: null, membership: { status: 0, level: null } });
    expect(tokens.token).toBeNull();
    expect(sso.user).toBeNull();
    expect(sso.redirects).toEqual([]);
    expect((await run(new ResolveUserToken(sso, tokens).execute({ context: { apiNamespace: "ns", shopToken: "tok" } }))).userToken).toBeUndefined();
  });

  it("switches account: the account gives the shop's cart back, this browser's login is forgotten, the cart id kept, then a login on which the provider asks again (spec §3 logout-and-login, §6)", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const tokens = new InMemoryIdTokenStore("id.token.user-1");
    const cartIds = new InMemoryCartIdStore();
    cartIds.set("lowlands-lights", "cart-of-anna");
    cartIds.set("northern-nights", "other-cart");
    const carts = new InMemoryCartApi([]);
    carts.carts.set("cart-of-anna", aCart({ id: "cart-of-anna" }));
    const context = { apiNamespace: "lowlands-lights-2027", shopToken: "tok", userToken: "id.token.user-1" };
    await run(new SwitchAccount(sso, tokens, cartIds, carts).execute({ slug: "lowlands-lights", context, returnTo: "/lowlands-lights/checkout" }));
    expect(carts.released).toEqual(["cart-of-anna"]);
    expect(tokens.token).toBeNull();
    expect(cartIds.get("lowlands-lights")).toBe("cart-of-anna");
    expect(cartIds.get("northern-nights")).toBe("other-cart");
    expect(sso.user).toBeNull();
    expect(sso.redirects).toEqual(["login(ask again):/lowlands-lights/checkout"]);
  });

  it("switches account although the hand-over fails, and asks nothing of the Shop API without a cart or a login", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const tokens = new InMemoryIdTokenStore("id.token.user-1");
    const cartIds = new InMemoryCartIdStore();
    cartIds.set("lowlands-lights", "paid-cart");
    const carts = new InMemoryCartApi([]);
    carts.carts.set("paid-cart", aCart({ id: "paid-cart", status: "in_payment" }));
    const context = { apiNamespace: "lowlands-lights-2027", shopToken: "tok", userToken: "id.token.user-1" };
    await run(new SwitchAccount(sso, tokens, cartIds, carts).execute({ slug: "lowlands-lights", context, returnTo: "/lowlands-lights/checkout" }));
    expect(carts.released).toEqual([]);
    expect(sso.redirects).toEqual(["login(ask again):/lowlands-lights/checkout"]);
    expect(tokens.token).toBeNull();

    const none = new InMemoryCartApi([]);
    await run(new SwitchAccount(new InMemorySingleSignOn(), new InMemoryIdTokenStore(null), new InMemoryCartIdStore(), none).execute({ slug: "lowlands-lights", context }));
    const anonymous = new InMemoryCartIdStore();
    anonymous.set("lowlands-lights", "cart-1");
    await run(new SwitchAccount(new InMemorySingleSignOn(), new InMemoryIdTokenStore(null), anonymous, none).execute({ slug: "lowlands-lights", context: { apiNamespace: "ns", shopToken: "tok" } }));
    expect(none.calls).toEqual([]);
  });

  it("starts the login and account redirects", async () => {
    const sso = new InMemorySingleSignOn();
    await run(new StartLogin(sso).execute({ returnTo: "/lowlands-lights/tickets" }));
    await run(new EditAccount(sso).execute());
    expect(sso.redirects).toEqual(["login:/lowlands-lights/tickets", "account"]);
  });
});

describe("wishlists (spec §4 Wishlist save, §7)", () => {
  const wishlist: Wishlist = { eventId: "lowlands-lights-2027", year: 2027, preferences: { products: { ll_ticket_weekend: 2, ll_ticket_sunday: 0 }, totalAmount: 45900 as Cents, travelCart: null } };

  it("saves without zero quantities, answers the 4001 confirmation, and loads it back", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const confirmation = await run(new SaveWishlist(sso).execute({ wishlist }));
    expect(confirmation).toMatchObject({ code: 4001 });
    const loaded = await run(new LoadWishlist(sso).execute({ key: { eventId: "lowlands-lights-2027", year: 2027 } }));
    expect(loaded?.preferences.products).toEqual({ ll_ticket_weekend: 2 });
    expect(await run(new LoadWishlist(sso).execute({ key: { eventId: "lowlands-lights-2027", year: 2028 } }))).toBeNull();
  });

  it("fails login-required for an anonymous visitor", async () => {
    const error = await run(Effect.flip(new SaveWishlist(new InMemorySingleSignOn()).execute({ wishlist })));
    expect(error).toMatchObject({ _tag: "SingleSignOnError", reason: "login-required" });
  });
});

describe("RememberDeepLink (spec §2 deep links)", () => {
  it("stores route, slug, category and the raw query when the query names one", () => {
    const store = new InMemoryDeepLinkStore();
    const remember = new RememberDeepLink(store);
    expect(remember.execute({ query: "?slug=lowlands-lights&category=camping&utm_source=mail" })).toEqual({ route: null, slug: "lowlands-lights", category: "camping", query: "slug=lowlands-lights&category=camping&utm_source=mail" });
    expect(new RecallDeepLink(store).execute()).toEqual(store.value);
  });

  it("keeps the stored deep link when the query names none", () => {
    const store = new InMemoryDeepLinkStore();
    const remember = new RememberDeepLink(store);
    remember.execute({ query: "route=tickets" });
    expect(remember.execute({ query: "utm_source=mail" })).toBeNull();
    expect(store.value?.route).toBe("tickets");
  });

  it("forgets the kept deep link (ForgetDeepLink), after which RecallDeepLink answers null", () => {
    const store = new InMemoryDeepLinkStore();
    new RememberDeepLink(store).execute({ query: "slug=lowlands-lights" });
    new ForgetDeepLink(store).execute();
    expect(new RecallDeepLink(store).execute()).toBeNull();
  });
});

describe("the analytics use cases (spec §7 Analytics)", () => {
  const shop = { brand: "lowlands" };
  /** A consent store remembering `consent` (null: not asked yet). */
  const consentOf = (consent: CookieConsent | null): ConsentStore => ({ get: () => consent, set: () => undefined });
  const line = { productId: "ll_ticket_weekend", name: "Weekend ticket", type: "ticket", unitPrice: 21950 as Cents, quantity: 2 };
  const customer = { firstName: "Sam", lastName: "Visser", email: "sam@example.com", phoneNumber: "+31612345678", address: "Dorpsstraat", streetNumber: "1", postalCode: "1234AB", city: "Dronten", country: "NL" };

  it("tracks view_cart with every line as an item in euros", async () => {
    const analytics = new RecordingAnalytics();
    await run(new TrackCartView(analytics).execute({ shop, lines: [line] }));
    expect(analytics.events).toEqual([{ type: "view_cart", items: [{ name: "Weekend ticket", id: "ll_ticket_weekend", price: 219.5, brand: "lowlands", category: "ticket", quantity: 2 }] }]);
  });

  it("tracks add_to_cart then addToCart for a rise, remove_from_cart then removeFromCart for a drop, nothing for no change", async () => {
    const analytics = new RecordingAnalytics();
    const track = new TrackQuantityChange(analytics);
    await run(track.execute({ shop, line, from: 1, to: 3 }));
    await run(track.execute({ shop, line, from: 3, to: 0 }));
    await run(track.execute({ shop, line, from: 2, to: 2 }));
    expect(analytics.events.map((e) => [e.type, e.items[0]?.quantity])).toEqual([
      ["add_to_cart", 2],
      ["addToCart", 2],
      ["remove_from_cart", 3],
      ["removeFromCart", 3],
    ]);
  });

  it("keeps the hashed e-mail and tracks begin_checkout with the customer and the legacy checkout step", async () => {
    const analytics = new RecordingAnalytics();
    await run(new TrackCheckoutStart(analytics, consentOf("all")).execute({ shop, lines: [line], customer }));
    expect(analytics.emails).toEqual(["sam@example.com"]);
    expect(analytics.events.map((e) => e.type)).toEqual(["begin_checkout", "checkout"]);
    expect(analytics.events[0]).toMatchObject({ customer });
  });

  it("tracks add_payment_info, purchase, upsellClick and a page view, and starts the tag manager with the shop's container", async () => {
    const analytics = new RecordingAnalytics();
    await run(new TrackPaymentInfo(analytics).execute({ shop, lines: [line], paymentType: "ideal" }));
    await run(new TrackPurchase(analytics).execute({ shop, lines: [line], transactionId: "123456789" }));
    await run(new TrackUpsellClick(analytics).execute({ shop, line }));
    await run(new LoadTagManager(analytics, consentOf("all")).execute({ tagManagerId: "GTM-ABC123" }));
    await run(new TrackPageView(analytics).execute({ path: "/lowlands-lights/tickets" }));
    expect(analytics.events.map((e) => e.type)).toEqual(["add_payment_info", "purchase", "upsellClick"]);
    expect(analytics.containers).toEqual(["GTM-ABC123"]);
    expect(analytics.pages).toEqual(["/lowlands-lights/tickets"]);
  });

  for (const consent of ["necessary", null] as const) {
    it(`pushes nothing personal and loads no tag manager with consent ${consent ?? "not given yet"}`, async () => {
      const analytics = new RecordingAnalytics();
      await run(new TrackCheckoutStart(analytics, consentOf(consent)).execute({ shop, lines: [line], customer }));
      await run(new LoadTagManager(analytics, consentOf(consent)).execute({ tagManagerId: "GTM-ABC123" }));
      expect(analytics.emails).toEqual([]);
      expect(analytics.containers).toEqual([]);
      expect(analytics.events.map((e) => e.type)).toEqual(["begin_checkout", "checkout"]);
      expect(analytics.events[0]).not.toHaveProperty("customer");
    });
  }
});

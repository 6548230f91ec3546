import { Effect } from "effect";
import { type ApiFailure, NetworkError } from "../../application/errors.ts";
import type { Analytics } from "../../application/ports/analytics.port.ts";
import type { AppInit } from "../../application/ports/app-init.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { Clock } from "../../application/ports/clock.port.ts";
import type { DeepLinkStore } from "../../application/ports/deep-link-store.port.ts";
import type { IdTokenStore } from "../../application/ports/id-token-store.port.ts";
import type { MailApi, TransportRequestMail } from "../../application/ports/mail-api.port.ts";
import type { NewsletterApi, NewsletterSubscription } from "../../application/ports/newsletter-api.port.ts";
import type { NoticeApi } from "../../application/ports/notice-api.port.ts";
import {
  type Membership,
  type NewsletterSignup,
  type LoginOptions,
  type SingleSignOn,
  SingleSignOnError,
  type SsoUser,
  type Wishlist,
  type WishlistKey,
} from "../../application/ports/single-sign-on.port.ts";
import type { AnalyticsEvent } from "../../domain/analytics.ts";
import type { DeepLinkCookieValue } from "../../domain/deep-links.ts";
import { NO_NOTICE, type NoticeAnswer } from "../../domain/notice.schema.ts";

/** A Clock fixed at `ms` (epoch milliseconds), settable. */
export class FixedClock implements Clock {
  constructor(public ms: number) {}
  now() {
    return this.ms;
  }
}

/** In-memory NoticeApi: answers `notice` (or fails with `failure`) and records every `t` asked. */
export class InMemoryNoticeApi implements NoticeApi {
  readonly asked: string[] = [];
  notice: NoticeAnswer = NO_NOTICE;
  failure: ApiFailure | null = null;
  getNotice(t: string) {
    this.asked.push(t);
    return this.failure ? Effect.fail(this.failure) : Effect.succeed(this.notice);
  }
}

/** In-memory AppInit recording the origins called; fails with a NetworkError when `failing`. */
export class InMemoryAppInit implements AppInit {
  readonly origins: string[] = [];
  failing = false;
  init(origin: string) {
    this.origins.push(origin);
    return this.failing ? Effect.fail(new NetworkError({ message: "offline" })) : Effect.void;
  }
}

/** In-memory MailApi recording the sent mails and the shop each was sent for (its namespace and shop token). */
export class InMemoryMailApi implements MailApi {
  readonly sent: TransportRequestMail[] = [];
  readonly shops: Array<Pick<ShopContext, "apiNamespace" | "shopToken">> = [];
  sendTransportRequest(context: ShopContext, mail: TransportRequestMail) {
    return Effect.sync(() => {
      this.sent.push(mail);
      this.shops.push({ apiNamespace: context.apiNamespace, shopToken: context.shopToken });
    });
  }
}

/** In-memory NewsletterApi recording the subscriptions. */
export class InMemoryNewsletterApi implements NewsletterApi {
  readonly subscriptions: NewsletterSubscription[] = [];
  subscribe(subscription: NewsletterSubscription) {
    return Effect.sync(() => void this.subscriptions.push(subscription));
  }
}

/** In-memory DeepLinkStore. */
export class InMemoryDeepLinkStore implements DeepLinkStore {
  value: DeepLinkCookieValue | null = null;
  get() {
    return this.value;
  }
  set(value: DeepLinkCookieValue) {
    this.value = value;
  }
  clear() {
    this.value = null;
  }
}

/** In-memory IdTokenStore (the previous-id-token cookie). */
export class InMemoryIdTokenStore implements IdTokenStore {
  constructor(public token: string | null = null) {}
  get() {
    return this.token;
  }
  set(idToken: string) {
    this.token = idToken;
  }
  clear() {
    this.token = null;
  }
}

/** Analytics fake recording tracked events, remembered e-mails, tag manager loads and page views. */
export class RecordingAnalytics implements Analytics {
  readonly events: AnalyticsEvent[] = [];
  readonly emails: string[] = [];
  readonly containers: Array<string | undefined> = [];
  readonly pages: string[] = [];
  track(event: AnalyticsEvent) {
    return Effect.sync(() => void this.events.push(event));
  }
  rememberEmail(email: string) {
    return Effect.sync(() => void this.emails.push(email));
  }
  loadTagManager(containerId: string | undefined) {
    return Effect.sync(() => void this.containers.push(containerId));
  }
  pageView(path: string) {
    return Effect.sync(() => void this.pages.push(path));
  }
}

/** A logged-in test user. */
export const SSO_USER: SsoUser = { sub: "user-1", idToken: "id.token.user-1", accessToken: "access-user-1", email: "sam.visser@example.com" };

/**
 * In-memory SingleSignOn: a session with `user` (null = anonymous), wishlists keyed "eventId/year", a membership,
 * the redirects started (login, register, logout, account) and the newsletter signups. Account calls without a
 * user fail login-required; `sessionFailure` makes checkSession fail.
 */
export class InMemorySingleSignOn implements SingleSignOn {
  user: SsoUser | null = null;
  membership: Membership = { status: 2, level: "gold" };
  sessionFailure: SingleSignOnError | null = null;
  readonly wishlists = new Map<string, Wishlist>();
  readonly redirects: string[] = [];
  readonly signups: NewsletterSignup[] = [];

  private needUser<A>(then: () => A): Effect.Effect<A, SingleSignOnError> {
    return this.user ? Effect.sync(then) : Effect.fail(new SingleSignOnError({ reason: "login-required", message: "Nobody is logged in." }));
  }
  login(returnTo?: string, options?: LoginOptions) {
    return Effect.sync(() => void this.redirects.push(`login${options?.askAgain ? "(ask again)" : ""}:${returnTo ?? ""}`));
  }
  register(returnTo?: string) {
    return Effect.sync(() => void this.redirects.push(`register:${returnTo ?? ""}`));
  }
  completeLogin(callbackUrl: string) {
    if (!callbackUrl.includes("code=")) return Effect.fail(new SingleSignOnError({ reason: "provider", message: "no code" }));
    this.user = SSO_USER;
    return Effect.succeed(SSO_USER);
  }
  logout() {
    return Effect.sync(() => {
      this.user = null;
      this.redirects.push("logout");
    });
  }
  editAccount() {
    return Effect.sync(() => void this.redirects.push("account"));
  }
  checkSession() {
    return this.sessionFailure ? Effect.fail(this.sessionFailure) : Effect.succeed(this.user);
  }
  forgetUser() {
    return Effect.sync(() => {
      this.user = null;
    });
  }
  getWishlist(key: WishlistKey) {
    return this.needUser(() => this.wishlists.get(`${key.eventId}/${key.year}`) ?? null);
  }
  putWishlist(wishlist: Wishlist) {
    return this.needUser(() => void this.wishlists.set(`${wishlist.eventId}/${wishlist.year}`, wishlist));
  }
  loadMembership() {
    return this.needUser(() => this.membership);
  }
  newsletterSignup(signup: NewsletterSignup) {
    return this.needUser(() => void this.signups.push(signup));
  }
}

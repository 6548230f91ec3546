import { Effect, Schema } from "effect";
import { ErrorResponse, InMemoryWebStorage, type INavigator, type User, UserManager, WebStorageStateStore } from "oidc-client-ts";
import {
  type LoginOptions,
  type Membership,
  type NewsletterSignup,
  type SingleSignOn,
  SingleSignOnError,
  type SsoUser,
  type Wishlist,
  type WishlistKey,
} from "../../application/ports/single-sign-on.port.ts";
import type { UserProfile } from "../../domain/checkout-prefill.ts";
import { type OidcEnv, type OidcSettings, oidcSettingsFromEnv } from "./oidc-settings-from-env.ts";
import { UnavailableSingleSignOn } from "./unavailable-single-sign-on.ts";
import { MembershipAnswer, WishlistAnswer, WishlistBody } from "../../domain/account-api.schema.ts";

/** Settings of single sign-on (defined beside how the build reads them). */
export type { OidcSettings };

/** Injectable parts for tests and other hosts: storage of users and request state, navigators, page navigation (edit account) and fetch. */
export interface OidcHost {
  readonly userStore?: Storage;
  readonly stateStore?: Storage;
  readonly redirectNavigator?: INavigator;
  readonly iframeNavigator?: INavigator;
  readonly navigate?: (url: string) => void;
  readonly fetch?: typeof fetch;
}

/** Scopes asked by default: the id, e-mail, and the profile, phone and address claims of the checkout prefill (spec §3). */
export const DEFAULT_SCOPE = "openid profile email phone address";

/** OAuth errors that mean "nobody is logged in at the provider" (an anonymous visitor, not a failure). */
const ANONYMOUS_ERRORS = new Set(["login_required", "interaction_required", "consent_required", "account_selection_required"]);

const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));
const providerError = (cause: unknown) => new SingleSignOnError({ reason: "provider", message: describe(cause) });

/**
 * The oidc-client-ts UserManager: code flow with PKCE, users in localStorage so every tab finds the session (spec §4),
 * no silent renew.
 */
export const createUserManager = (settings: OidcSettings, host: OidcHost = {}): UserManager =>
  new UserManager(
    {
      authority: settings.authority,
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      post_logout_redirect_uri: settings.postLogoutRedirectUri,
      ...(settings.silentRedirectUri ? { silent_redirect_uri: settings.silentRedirectUri } : {}),
      response_type: "code",
      scope: settings.scope ?? DEFAULT_SCOPE,
      disablePKCE: false,
      automaticSilentRenew: false,
      loadUserInfo: false,
      userStore: new WebStorageStateStore({ store: host.userStore ?? globalThis.localStorage ?? new InMemoryWebStorage() }),
      stateStore: new WebStorageStateStore({ store: host.stateStore ?? globalThis.localStorage ?? new InMemoryWebStorage() }),
    },
    host.redirectNavigator,
    undefined,
    host.iframeNavigator,
  );

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const defined = <T extends object>(record: T): T => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;

/** The checkout prefill profile (spec §3) from the OpenID Connect claims (given_name, family_name, address …). */
export const profileFromClaims = (claims: Record<string, unknown>): UserProfile => {
  const address = typeof claims["address"] === "object" && claims["address"] !== null ? (claims["address"] as Record<string, unknown>) : undefined;
  return defined({
    givenName: text(claims["given_name"]),
    familyName: text(claims["family_name"]),
    gender: text(claims["gender"]),
    phoneNumber: text(claims["phone_number"]),
    email: text(claims["email"]),
    birthdate: text(claims["birthdate"]),
    address: address
      ? defined({
          street: text(address["street_address"]),
          houseNumber: text(address["house_number"]),
          postalCode: text(address["postal_code"]),
          city: text(address["locality"]),
          countryCode: text(address["country"]),
        })
      : undefined,
  });
};

/** A shop path to come back to: only a same-origin absolute path ("/x", never "//host"). */
const shopPath = (value: unknown): string | undefined => (typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : undefined);

/** Maps an oidc-client-ts User to the port's SsoUser (sub, id_token, access_token, e-mail, name, expires_at in epoch seconds, profile claims, the returnTo of the login request's state). */
export const toSsoUser = (user: User): SsoUser => {
  const returnTo = shopPath((user.state as { returnTo?: unknown } | undefined)?.returnTo);
  return {
    sub: user.profile.sub,
    idToken: user.id_token ?? "",
    accessToken: user.access_token,
    ...(typeof user.profile.email === "string" ? { email: user.profile.email } : {}),
    ...(typeof user.profile.name === "string" ? { name: user.profile.name } : {}),
    ...(user.expires_at !== undefined ? { expiresAt: user.expires_at } : {}),
    profile: profileFromClaims(user.profile as Record<string, unknown>),
    ...(returnTo ? { returnTo } : {}),
  };
};

/**
 * SingleSignOn over OpenID Connect with oidc-client-ts: login, callback, logout, session check, account page and
 * account API (docs/web-app-ports.md); failures map to login-required, provider or network.
 */
export class OidcSingleSignOn implements SingleSignOn {
  private readonly fetchFn: typeof fetch;
  private readonly navigate: (url: string) => void;

  constructor(
    private readonly settings: OidcSettings,
    private readonly userManager: UserManager = createUserManager(settings),
    host: Pick<OidcHost, "navigate" | "fetch"> = {},
  ) {
    this.fetchFn = host.fetch ?? ((input, init) => fetch(input, init));
    this.navigate = host.navigate ?? ((url) => globalThis.location.assign(url));
  }

  /** signinRedirect with `returnTo` kept as the request's state; with `askAgain`, prompt=login (the provider asks for an account again). */
  login(returnTo?: string, options?: LoginOptions): Effect.Effect<void, SingleSignOnError> {
    return Effect.tryPromise({ try: () => this.userManager.signinRedirect({ state: { returnTo }, ...(options?.askAgain ? { prompt: "login" } : {}) }), catch: providerError });
  }

  /** signinRedirect with prompt=create (the provider's registration page). */
  register(returnTo?: string): Effect.Effect<void, SingleSignOnError> {
    return Effect.tryPromise({ try: () => this.userManager.signinRedirect({ prompt: "create", state: { returnTo } }), catch: providerError });
  }

  /** signinRedirectCallback: exchanges the code (with the PKCE verifier) for the tokens. */
  completeLogin(callbackUrl: string): Effect.Effect<SsoUser, SingleSignOnError> {
    return Effect.tryPromise({ try: () => this.userManager.signinRedirectCallback(callbackUrl), catch: providerError }).pipe(Effect.map(toSsoUser));
  }

  /** signoutRedirect (removes the stored user, then redirects to the end-session endpoint). */
  logout(): Effect.Effect<void, SingleSignOnError> {
    return Effect.tryPromise({ try: () => this.userManager.signoutRedirect(), catch: providerError });
  }

  /** removeUser: the stored user is dropped (a failure to drop it is logged: the token is refused anyway). */
  forgetUser(): Effect.Effect<void> {
    return Effect.tryPromise(() => this.userManager.removeUser()).pipe(Effect.catch((error) => Effect.logWarning("could not forget the single sign-on user", error)));
  }

  /** Navigates to the provider's account page. */
  editAccount(): Effect.Effect<void, SingleSignOnError> {
    return Effect.try({ try: () => this.navigate(this.settings.accountUrl), catch: providerError });
  }

  /**
   * The stored, unexpired user; else, when a silent redirect page is configured, asks the provider
   * (querySessionStatus, then signinSilent for a live session). login_required and friends answer null.
   */
  checkSession(): Effect.Effect<SsoUser | null, SingleSignOnError> {
    return Effect.tryPromise({
      try: async (): Promise<SsoUser | null> => {
        const stored = await this.userManager.getUser();
        if (stored && !stored.expired) return toSsoUser(stored);
        if (!this.settings.silentRedirectUri) return null;
        const status = await this.userManager.querySessionStatus();
        if (!status?.sub) return null;
        const renewed = await this.userManager.signinSilent();
        return renewed ? toSsoUser(renewed) : null;
      },
      catch: (cause) => cause,
    }).pipe(
      Effect.catch((cause) =>
        cause instanceof ErrorResponse && cause.error !== null && ANONYMOUS_ERRORS.has(cause.error)
          ? Effect.succeed(null)
          : Effect.fail(providerError(cause)),
      ),
    );
  }

  /** GET {accountApiUrl}/wishlists/{eventId}/{year}; 404 answers null. */
  getWishlist(key: WishlistKey): Effect.Effect<Wishlist | null, SingleSignOnError> {
    return this.account("GET", this.wishlistPath(key)).pipe(
      Effect.flatMap(({ status, json }) =>
        status === 404 ? Effect.succeed(null) : this.decode(WishlistAnswer, json).pipe(Effect.map((answer) => answer.data)),
      ),
    );
  }

  /** PUT {accountApiUrl}/wishlists/{eventId}/{year} with `{preferences}` (totalAmount in euros). */
  putWishlist(wishlist: Wishlist): Effect.Effect<void, SingleSignOnError> {
    const body = Schema.encodeSync(WishlistBody)({ preferences: wishlist.preferences });
    return this.account("PUT", this.wishlistPath(wishlist), body).pipe(Effect.flatMap(this.okOrFail("PUT wishlist")));
  }

  /** GET {accountApiUrl}/membership. */
  loadMembership(): Effect.Effect<Membership, SingleSignOnError> {
    return this.account("GET", "/membership").pipe(
      Effect.flatMap((answer) => this.okOrFail("GET membership")(answer).pipe(Effect.as(answer))),
      Effect.flatMap(({ json }) => this.decode(MembershipAnswer, json)),
      Effect.map((answer) => answer.data),
    );
  }

  /** POST {accountApiUrl}/newsletter with `{email}`, or POST {accountApiUrl}/newsletter?{query} with `{}`. */
  newsletterSignup(signup: NewsletterSignup): Effect.Effect<void, SingleSignOnError> {
    const [path, body] = "email" in signup ? ["/newsletter", { email: signup.email }] : [`/newsletter?${signup.query.replace(/^\?/, "")}`, {}];
    return this.account("POST", path, body).pipe(Effect.flatMap(this.okOrFail("POST newsletter")));
  }

  private wishlistPath(key: WishlistKey): string {
    return `/wishlists/${encodeURIComponent(key.eventId)}/${key.year}`;
  }

  private okOrFail(what: string) {
    return ({ status }: { status: number }): Effect.Effect<void, SingleSignOnError> =>
      status >= 200 && status < 300 ? Effect.void : Effect.fail(new SingleSignOnError({ reason: "provider", message: `${what} answered ${status}` }));
  }

  private decode<S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, json: unknown): Effect.Effect<S["Type"], SingleSignOnError> {
    const exit = Schema.decodeUnknownExit(schema)(json);
    return exit._tag === "Success"
      ? Effect.succeed(exit.value)
      : Effect.fail(new SingleSignOnError({ reason: "provider", message: "account API answer does not match the contract" }));
  }

  /** One account API call with the user's bearer access token; login-required without a user or on 401. */
  private account(method: "GET" | "PUT" | "POST", path: string, body?: unknown): Effect.Effect<{ status: number; json: unknown }, SingleSignOnError> {
    return Effect.gen({ self: this }, function* () {
      const user = yield* Effect.tryPromise({ try: () => this.userManager.getUser(), catch: providerError });
      if (!user || user.expired) return yield* Effect.fail(new SingleSignOnError({ reason: "login-required", message: "Nobody is logged in." }));
      const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${user.access_token}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = yield* Effect.tryPromise({
        try: (signal) =>
          this.fetchFn(`${this.settings.accountApiUrl.replace(/\/+$/, "")}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body), signal }),
        catch: (cause) => new SingleSignOnError({ reason: "network", message: describe(cause) }),
      });
      if (response.status === 401) return yield* Effect.fail(new SingleSignOnError({ reason: "login-required", message: "The session has ended." }));
      const text = yield* Effect.tryPromise({ try: () => response.text(), catch: (cause) => new SingleSignOnError({ reason: "network", message: describe(cause) }) });
      let json: unknown;
      try {
        json = text === "" ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (!response.ok && response.status !== 404) {
        return yield* Effect.fail(new SingleSignOnError({ reason: "provider", message: `${method} ${path} answered ${response.status}` }));
      }
      return { status: response.status, json };
    });
  }
}


/** The adapter of the build's settings (oidcSettingsFromEnv), or UnavailableSingleSignOn when they name no provider. Loaded lazily by the composition root. */
export const oidcSingleSignOnFromEnv = (env: OidcEnv, origin: string): SingleSignOn => {
  const settings = oidcSettingsFromEnv(env, origin);
  return settings ? new OidcSingleSignOn(settings) : new UnavailableSingleSignOn();
};

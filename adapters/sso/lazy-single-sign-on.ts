import { Effect } from "effect";
import { type SingleSignOn, SingleSignOnError } from "../../application/ports/single-sign-on.port.ts";

/**
 * SingleSignOn that loads the oidc-client-ts adapter on its first call, not with the page; a failed load fails that
 * call with `network` and the next call tries again.
 */
export class LazySingleSignOn implements SingleSignOn {
  private loading: Promise<SingleSignOn> | null = null;

  /**
   * `load` builds the real adapter (a dynamic import); `mayHaveSession` says whether a session check can find a user at
   * all, else the check answers "nobody" without loading.
   */
  constructor(
    private readonly load: () => Promise<SingleSignOn>,
    private readonly mayHaveSession: () => boolean = () => true,
  ) {}

  private use<A>(call: (sso: SingleSignOn) => Effect.Effect<A, SingleSignOnError>): Effect.Effect<A, SingleSignOnError> {
    return Effect.tryPromise({
      try: () => {
        this.loading ??= this.load().catch((error: unknown) => {
          this.loading = null;
          throw error;
        });
        return this.loading;
      },
      catch: (error) => new SingleSignOnError({ reason: "network", message: `Single sign-on could not be loaded: ${String(error)}` }),
    }).pipe(Effect.flatMap(call));
  }

  login: SingleSignOn["login"] = (returnTo, options) => this.use((sso) => sso.login(returnTo, options));
  completeLogin: SingleSignOn["completeLogin"] = (callbackUrl) => this.use((sso) => sso.completeLogin(callbackUrl));
  logout: SingleSignOn["logout"] = () => this.use((sso) => sso.logout());
  register: SingleSignOn["register"] = (returnTo) => this.use((sso) => sso.register(returnTo));
  editAccount: SingleSignOn["editAccount"] = () => this.use((sso) => sso.editAccount());
  // Nothing loaded means nothing stored here to forget (only a loaded adapter can hold a user).
  forgetUser: SingleSignOn["forgetUser"] = () => (this.loading ? this.use((sso) => sso.forgetUser()).pipe(Effect.ignore) : Effect.void);
  checkSession: SingleSignOn["checkSession"] = () => (this.loading || this.mayHaveSession() ? this.use((sso) => sso.checkSession()) : Effect.succeed(null));
  getWishlist: SingleSignOn["getWishlist"] = (key) => this.use((sso) => sso.getWishlist(key));
  putWishlist: SingleSignOn["putWishlist"] = (wishlist) => this.use((sso) => sso.putWishlist(wishlist));
  loadMembership: SingleSignOn["loadMembership"] = () => this.use((sso) => sso.loadMembership());
  newsletterSignup: SingleSignOn["newsletterSignup"] = (signup) => this.use((sso) => sso.newsletterSignup(signup));
}

/**
 * True when `storage` (localStorage) holds an oidc-client-ts user (`oidc.user:{authority}:{clientId}`): only then can
 * a session check find somebody without asking the provider. False when storage is missing or unreadable.
 */
export const mayHoldOidcUser = (storage: Storage | undefined): boolean => {
  try {
    return Object.keys(storage ?? {}).some((key) => key.startsWith("oidc.user:"));
  } catch {
    return false;
  }
};

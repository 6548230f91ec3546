import "./register.css";
import { useQuery } from "@tanstack/react-query";
import { Lock, LogIn, TriangleAlert, UserRound } from "lucide";
import { Icon } from "../common/icon.tsx";
import { lazy, type ReactNode, Suspense, useEffect, useId } from "react";
import { Button, Heading, Link, ProgressBar } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import { type RegistrationView, registrationViewOf, type WishlistRead } from "../../domain/registration.ts";
import { stepPath } from "../../domain/shop-flow.ts";
import { wishlistKeyOf } from "../../domain/shop.ts";
import { wishlistQuery } from "../items/wishlist.queries.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useSsoActions, useSsoState } from "../shell/login-state.ts";
import { useShopFlow } from "../shell/shop-flow.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { saleOf } from "../../domain/sale-mode.ts";

// "You are registered" (the wishlist table, its pricing and the cart pre-fill) is its own chunk: fetched as soon as a
// logged-in user's wishlist is being read, so it arrives with the wishlist, and no part of the route's first load.
const loadRegistered = () => import("./registered.tsx");
const LazyRegistered = lazy(() => loadRegistered().then((m) => ({ default: m.Registered })));

/**
 * /{slug}/register: the pre-registration overview (spec §1, §2 Routes, §3, §6 Roles, §8 3000 / 3002 / 6000), showing
 * the view domain registrationViewOf decides under a fixed title.
 */
export function RegisterRoute() {
  const { config } = useCurrentShop();
  const sso = useSsoState();
  const { rules } = saleOf(config);
  const pending: WishlistRead = { status: "pending" };
  return (
    <div className="page register">
      <Heading level={1}>
        <FormattedMessage id="step.register" />
      </Heading>
      <Suspense fallback={<Spinner labelId="loading" />}>
        {rules.order === "wishlist" && sso.status === "user" ? (
          <AccountRegistration email={sso.login.user?.email} />
        ) : (
          <RegistrationContent view={registrationViewOf({ rules, sso: sso.status, wishlist: pending })} />
        )}
      </Suspense>
    </div>
  );
}

/** The logged-in user's registration: reads the saved wishlist of this shop's event and year (LoadWishlist, the cache the header's Wishlist button shares) and shows its view. spec §3, §7 get wishlists. */
function AccountRegistration({ email }: { email: string | undefined }) {
  const { config } = useCurrentShop();
  const loadWishlist = useAsyncUseCase((m) => m.LoadWishlist);
  const wishlist = useQuery(wishlistQuery(loadWishlist, wishlistKeyOf(config), email));
  useEffect(() => void loadRegistered().catch(() => undefined), []);
  const read: WishlistRead = wishlist.isError
    ? { status: "failed" }
    : wishlist.isSuccess
      ? { status: "loaded", products: wishlist.data?.preferences.products ?? null }
      : { status: "pending" };
  const view = registrationViewOf({ rules: saleOf(config).rules, sso: "user", wishlist: read });
  return <RegistrationContent view={view} onRetry={() => void wishlist.refetch()} />;
}

/** One view of the registration overview, matched exhaustively on its tag (domain RegistrationView); `onRetry` reads the wishlist again after a failure. */
function RegistrationContent({ view, onRetry }: { view: RegistrationView; onRetry?: () => void }) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const flow = useShopFlow();
  const overview = keepQuery(`/${slug}`);
  switch (view._tag) {
    case "Closed":
      return (
        <Notice code={3002} icon={<Icon node={Lock} size={22} aria-hidden="true" />} titleId="error.3002.title" bodyId="error.3002.body">
          <Link className="button primary large" href={overview}>
            <FormattedMessage id="register.backToOverview" />
          </Link>
        </Notice>
      );
    case "Checking":
      return <Checking />;
    case "LoginNeeded":
      return <LoginPrompt />;
    case "Unavailable":
      return (
        <Notice icon={<Icon node={TriangleAlert} size={22} aria-hidden="true" />} titleId="register.unavailable.title" bodyId="register.unavailable.body">
          <Link className="button primary large" href={overview}>
            <FormattedMessage id="register.backToOverview" />
          </Link>
        </Notice>
      );
    case "Failed":
      return (
        <Notice code={1000} icon={<Icon node={TriangleAlert} size={22} aria-hidden="true" />} titleId="error.1000.title" bodyId="error.1000.body" alert>
          <Button className="button primary large" onPress={onRetry}>
            <FormattedMessage id="error.tryAgain" />
          </Button>
        </Notice>
      );
    case "NotRegistered":
      return (
        <Notice code={3000} icon={<Icon node={UserRound} size={22} aria-hidden="true" />} titleId="error.3000.title" bodyId="error.3000.body">
          <Link className="button primary large" href={keepQuery(stepPath(slug, flow?.[0] ?? "tickets"))}>
            <FormattedMessage id="register.now" />
          </Link>
        </Notice>
      );
    case "Registered":
      return (
        <Suspense fallback={<Checking />}>
          <LazyRegistered products={view.products} />
        </Suspense>
      );
  }
}

/** A react-aria ProgressBar spinner named by the message `labelId`: "loading" while the route's texts arrive, "register.checking" (Checking) while the login state, the saved wishlist or the registered view's code do. */
function Spinner({ labelId }: { labelId: string }) {
  const intl = useIntl();
  return (
    <ProgressBar className="register-checking" isIndeterminate aria-label={intl.formatMessage({ id: labelId })}>
      <div className="spinner" />
    </ProgressBar>
  );
}

/** The spinner while the login state, the saved wishlist or the registered view's code arrive. */
const Checking = () => <Spinner labelId="register.checking" />;

/** A section with an icon, a catalogue (or screen) title as h2, its text, and actions (`children`); `code` marks the spec §8 code shown, `alert` announces the text. */
function Notice({ code, icon, titleId, bodyId, alert, children }: { code?: number; icon: ReactNode; titleId: string; bodyId: string; alert?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="register-view" aria-labelledby={headingId} data-code={code}>
      <Heading level={2} id={headingId} className="register-view-title">
        {icon}
        <FormattedMessage id={titleId} />
      </Heading>
      <p role={alert ? "alert" : undefined}>
        <FormattedMessage id={bodyId} />
      </p>
      <div className="register-actions">{children}</div>
    </section>
  );
}

/** The anonymous visitor's prompt (spec §6 "Anonymous visitor: ... is prompted to log in"): Log in starts the single sign-on login (StartLogin, as the header's profile icon does) coming back to this page. */
function LoginPrompt() {
  const actions = useSsoActions();
  const { pathname, search } = useLocation();
  return (
    <Notice icon={<Icon node={LogIn} size={22} aria-hidden="true" />} titleId="register.login.title" bodyId="register.login.body">
      <Button className="button primary large" onPress={() => actions.login(pathname + search)}>
        <Icon node={LogIn} size={20} aria-hidden="true" />
        <FormattedMessage id="login.button" />
      </Button>
    </Notice>
  );
}

import "./shell.css";
import { lazy, Suspense } from "react";
import { Button, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import { ArrowLeft, ShoppingCart, UserRound } from "lucide";
import { Icon } from "../common/icon.tsx";
import { formatEuro } from "../../domain/money.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { showsProfileIcon } from "../../domain/shop.ts";
import { useBasket, useCurrentShop } from "../shop/shop-context.tsx";
import { CartNotification } from "./cart-notification.tsx";
import { useKeepQuery } from "./keep-query.ts";
import { useSsoActions, useSsoState } from "./login-state.ts";
import { LanguageSelect } from "./site-header.tsx";

// The logged-in profile menu (react-aria Menu and Popover) shows only for a logged-in user, after single sign-on has
// answered, and the previous orders (their lookups, Dialog and Popover) only in an add-on shop: their code is no part of
// the first load either.
const LazyProfileAccountMenu = lazy(() => import("./header-menus.tsx").then((m) => ({ default: m.ProfileAccountMenu })));
const LazyAddOnPreviousOrders = lazy(() => import("./header-menus.tsx").then((m) => ({ default: m.AddOnPreviousOrders })));
// The Wishlist button (with its saved-wishlist query and the loader of its modal) shows only for a logged-in user too.
const LazyWishlistButton = lazy(() => import("../items/wishlist-button.tsx").then((m) => ({ default: m.WishlistButton })));

/** The header cart indicator: a cart icon (lucide SVG) and the total price, opening the cart (checkout route). spec §2 Header. */
function CartIndicator() {
  const { slug } = useCurrentShop();
  const basket = useBasket();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const total = formatEuro(basket?.cart?.totalAmount ?? basket?.basket.total ?? (0 as never));
  return (
    <Link className="cart-indicator" href={keepQuery(`/${slug}/checkout`)} aria-label={intl.formatMessage({ id: "header.cart" }, { total })}>
      <Icon node={ShoppingCart} size={18} aria-hidden="true" />
      <span data-testid="cart-total">{total}</span>
    </Link>
  );
}

/**
 * The user profile icon (spec §2 Header, §4 Login state): hidden for the two brands of spec §1 and while single
 * sign-on is unknown or unavailable; logged out a press starts the login (StartLogin); logged in a react-aria Menu
 * with Account and Log out.
 */
function ProfileMenu() {
  const { config } = useCurrentShop();
  const sso = useSsoState();
  const actions = useSsoActions();
  const { pathname, search } = useLocation();
  const intl = useIntl();
  if (!showsProfileIcon(config) || sso.status === "unknown" || sso.status === "unavailable") return null;
  const label = intl.formatMessage({ id: "header.profile" });
  if (sso.status === "anonymous") {
    return (
      <Button className="button ghost header-button icon-only" aria-label={intl.formatMessage({ id: "header.login" })} onPress={() => actions.login(pathname + search)}>
        <Icon node={UserRound} size={20} aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <span className="button ghost header-button icon-only" aria-hidden="true">
          <Icon node={UserRound} size={20} aria-hidden="true" />
        </span>
      }
    >
      <LazyProfileAccountMenu label={label} onLogout={actions.logout} onAccount={actions.account} />
    </Suspense>
  );
}

/** The header's order buttons: Wishlist for a logged-in user (nothing while the login state is unknown), and Previous orders in an add-on shop. */
function AccountButtons() {
  const { config } = useCurrentShop();
  const sso = useSsoState();
  const intl = useIntl();
  const email = sso.status === "user" ? sso.login.user?.email : undefined;
  return (
    <>
      {sso.status === "user" ? (
        <Suspense fallback={null}>
          <LazyWishlistButton email={email} />
        </Suspense>
      ) : null}
      {config.shopInit.isAddOnShop ? (
        <Suspense fallback={null}>
          <LazyAddOnPreviousOrders email={email} label={intl.formatMessage({ id: "header.previousOrders" })} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Shop header (spec §2 Header): logo or Overview button, Wishlist and Previous orders, language, profile, cart
 * indicator, and the cart notification when stepflow and upsell are No.
 */
export function ShopHeader() {
  const { slug, config } = useCurrentShop();
  const { pathname } = useLocation();
  const keepQuery = useKeepQuery();
  const step = parseShopPath(pathname).step;
  const topLevel = step === null || step === "paymentstatus";
  return (
    <header className="header shop-header">
      {topLevel ? (
        <Link href={keepQuery(`/${slug}`)} className="logo-link">
          <img src={config.shopTheme.logo} alt={config.title} className="logo" width="120" height="40" />
        </Link>
      ) : (
        <Link href={keepQuery(`/${slug}`)} className="button ghost header-button overview-link">
          <Icon node={ArrowLeft} size={18} aria-hidden="true" />
          <FormattedMessage id="header.overview" />
        </Link>
      )}
      <div className="header-actions">
        <AccountButtons />
        <LanguageSelect />
        <ProfileMenu />
        <CartIndicator />
      </div>
      <CartNotification />
    </header>
  );
}

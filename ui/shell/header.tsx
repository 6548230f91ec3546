import "./shell.css";
import { useQuery } from "@tanstack/react-query";
import { Button, Dialog, DialogTrigger, Heading, Label, Link, ListBox, ListBoxItem, Menu, MenuItem, MenuTrigger, Popover, Select } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import { ArrowLeft, Globe, Heart, History, ShoppingCart, UserRound } from "lucide-react";
import { LoadWishlist } from "../../application/use-cases/load-wishlist.use-case.ts";
import { LookUpOrder } from "../../application/use-cases/look-up-order.use-case.ts";
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { formatEuro } from "../../domain/money.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { showsProfileIcon } from "../../domain/shop.schema.ts";
import { useLocale } from "../i18n/locale-provider.tsx";
import { runEffect } from "../run-effect.ts";
import { useBasket, useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { CartNotification } from "./cart-notification.tsx";
import { useKeepQuery } from "./keep-query.ts";
import { useSsoActions, useSsoState } from "./login-state.ts";

/** Language picker (spec §1 locales en, nl, es; the choice is stored in the locale cookie): a globe and the language, its code on narrow screens. */
export function LanguageSelect() {
  const { locale, switchLocale } = useLocale();
  return (
    <Select className="language-select" selectedKey={locale} onSelectionChange={(key) => switchLocale(key as Locale)}>
      <Label className="visually-hidden">
        <FormattedMessage id="header.language" />
      </Label>
      <Button className="button ghost header-button">
        <Globe size={18} aria-hidden="true" />
        <span className="lang-name">{LOCALE_NAMES[locale]}</span>
        <span className="lang-code" aria-hidden="true">
          {locale.toUpperCase()}
        </span>
      </Button>
      <Popover>
        <ListBox className="listbox">
          {SUPPORTED_LOCALES.map((code) => (
            <ListBoxItem key={code} id={code} className="listbox-item">
              {LOCALE_NAMES[code]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** The header cart indicator: a cart icon (lucide SVG) and the total price, opening the cart (checkout route). spec §2 Header. */
function CartIndicator() {
  const { slug } = useCurrentShop();
  const basket = useBasket();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const total = formatEuro(basket?.cart?.totalAmount ?? basket?.basket.total ?? (0 as never));
  return (
    <Link className="cart-indicator" href={keepQuery(`/${slug}/checkout`)} aria-label={intl.formatMessage({ id: "header.cart" }, { total })}>
      <ShoppingCart size={18} aria-hidden="true" />
      <span data-testid="cart-total">{total}</span>
    </Link>
  );
}

/** Wishlist button: shown when the logged-in user's saved wishlist of this event (LoadWishlist) has products; opens the wishlist (checkout route). spec §2 Header. */
function WishlistButton({ email }: { email: string | undefined }) {
  const { slug, config } = useCurrentShop();
  const loadWishlist = useUseCase(LoadWishlist);
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const key = { eventId: config.apiNamespace, year: Number(config.festivalData.dateStart.slice(0, 4)) };
  const wishlist = useQuery({
    queryKey: ["wishlist", key.eventId, key.year, email ?? ""],
    queryFn: () => runEffect(loadWishlist.execute(key)),
    staleTime: 60_000,
    retry: false,
  });
  const hasProducts = Object.values(wishlist.data?.preferences.products ?? {}).some((n) => n > 0);
  if (!hasProducts) return null;
  return (
    <Link className="button ghost header-button" href={keepQuery(`/${slug}/checkout`)} aria-label={intl.formatMessage({ id: "header.wishlist" })}>
      <Heart size={18} aria-hidden="true" />
      <span className="header-button-text">
        <FormattedMessage id="header.wishlist" />
      </span>
    </Link>
  );
}

/** Previous orders button of an add-on shop: shown when the user's orders (LookUpOrder by e-mail) have purchases; opens a list of them. spec §2 Header, §3 Previous order. */
function PreviousOrdersButton({ email }: { email: string }) {
  const { context } = useCurrentShop();
  const lookUpOrder = useUseCase(LookUpOrder);
  const intl = useIntl();
  const orders = useQuery({
    queryKey: ["previous-orders", context.apiNamespace, email],
    queryFn: () => runEffect(lookUpOrder.find(context, { consumer_email: email })),
    staleTime: 60_000,
    retry: false,
  });
  const list = orders.data ? orders.data.original_orders.filter((o) => o.purchases.length > 0) : [];
  if (list.length === 0) return null;
  const label = intl.formatMessage({ id: "header.previousOrders" });
  return (
    <DialogTrigger>
      <Button className="button ghost header-button" aria-label={label}>
        <History size={18} aria-hidden="true" />
        <span className="header-button-text">{label}</span>
      </Button>
      <Popover className="popover">
        <Dialog className="dialog previous-orders">
          <Heading slot="title" level={2}>
            {label}
          </Heading>
          {list.map((order) => (
            <section key={order.reference}>
              <h3>#{order.reference}</h3>
              <ul>
                {order.purchases.map((p, i) => (
                  <li key={`${order.reference}-${i}`}>{p.title}</li>
                ))}
              </ul>
            </section>
          ))}
        </Dialog>
      </Popover>
    </DialogTrigger>
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
        <UserRound size={20} aria-hidden="true" />
      </Button>
    );
  }
  return (
    <MenuTrigger>
      <Button className="button ghost header-button icon-only" aria-label={label}>
        <UserRound size={20} aria-hidden="true" />
      </Button>
      <Popover className="popover">
        <Menu className="menu" aria-label={label} onAction={(key) => (key === "logout" ? actions.logout() : actions.account())}>
          <MenuItem id="account" className="listbox-item">
            <FormattedMessage id="header.account" />
          </MenuItem>
          <MenuItem id="logout" className="listbox-item">
            <FormattedMessage id="header.logout" />
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The buttons that need a logged-in user: Wishlist, and Previous orders in an add-on shop. Nothing while the login state is unknown. */
function AccountButtons() {
  const { config } = useCurrentShop();
  const sso = useSsoState();
  if (sso.status !== "user") return null;
  const email = sso.login.user?.email;
  return (
    <>
      <WishlistButton email={email} />
      {config.shopInit.isAddOnShop && email ? <PreviousOrdersButton email={email} /> : null}
    </>
  );
}

/**
 * Shop header (spec §2 Header): the logo on top-level paths (the overview) and the payment status page, else an
 * Overview back button to the slug route; Wishlist and Previous orders buttons; the language picker; the profile
 * icon; the cart indicator; and, when stepflow and upsell are both No, the cart notification.
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
          <ArrowLeft size={18} aria-hidden="true" />
          <FormattedMessage id="header.overview" />
        </Link>
      )}
      <div className="header-actions">
        <AccountButtons />
        <LanguageSelect />
        <ProfileMenu />
        <CartIndicator />
      </div>
      {config.stepflow === "No" && config.upsell === "No" ? <CartNotification /> : null}
    </header>
  );
}

/** Header of the pages outside a shop (the event chooser, /login): the app's name and the language picker. spec §2 Header. */
export function SiteHeader() {
  return (
    <header className="header">
      <span className="brand">
        <FormattedMessage id="app.title" />
      </span>
      <div className="header-actions">
        <LanguageSelect />
      </div>
    </header>
  );
}

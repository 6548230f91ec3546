import "./shell.css";
import { Button, Label, Link, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import { LOCALE_NAMES, type Locale, SUPPORTED_LOCALES } from "../../domain/locale.ts";
import { formatEuro } from "../../domain/money.ts";
import { useLocale } from "../i18n/locale-provider.tsx";
import { useBasket, useCurrentShop } from "../shop/shop-context.tsx";
import { useKeepQuery } from "./keep-query.ts";

/** Language picker (spec §1 locales en, nl, es; the choice is stored in the locale cookie). */
export function LanguageSelect() {
  const { locale, switchLocale } = useLocale();
  return (
    <Select className="language-select" selectedKey={locale} onSelectionChange={(key) => switchLocale(key as Locale)}>
      <Label className="visually-hidden">
        <FormattedMessage id="header.language" />
      </Label>
      <Button className="button ghost">
        <SelectValue />
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

/** The header cart indicator: the total price, a link to the checkout. spec §2 Header. */
function CartIndicator() {
  const { slug } = useCurrentShop();
  const basket = useBasket();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const total = formatEuro(basket?.cart?.totalAmount ?? basket?.basket.total ?? (0 as never));
  return (
    <Link className="cart-indicator" href={keepQuery(`/${slug}/checkout`)} aria-label={intl.formatMessage({ id: "header.cart" }, { total })}>
      <span aria-hidden="true">🛒</span> <span data-testid="cart-total">{total}</span>
    </Link>
  );
}

/** Shop header: logo on top-level paths and the payment status page, else an Overview back button; the cart indicator; the language picker. spec §2 Header. */
export function ShopHeader() {
  const { slug, config } = useCurrentShop();
  const { pathname } = useLocation();
  const keepQuery = useKeepQuery();
  const topLevel = pathname === `/${slug}` || pathname === `/${slug}/` || pathname === `/${slug}/paymentstatus`;
  return (
    <header className="header">
      {topLevel ? (
        <Link href={keepQuery(`/${slug}`)} className="logo-link">
          <img src={config.shopTheme.logo} alt={config.title} className="logo" width="120" height="40" />
        </Link>
      ) : (
        <Link href={keepQuery(`/${slug}`)} className="button ghost">
          ← <FormattedMessage id="header.overview" />
        </Link>
      )}
      <div className="header-actions">
        <LanguageSelect />
        <CartIndicator />
      </div>
    </header>
  );
}

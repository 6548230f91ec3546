import "./my-festival.css";
import { lazy, Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button, Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { AccountOrder } from "../../domain/account-orders.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { MY_FESTIVAL_PATH } from "../../domain/site-pages.ts";
import { dateLocaleOf } from "../common/format.ts";
import { isTagged } from "../common/is-tagged.ts";
import { Money } from "../common/money.tsx";
import type { ShopApiError } from "../../application/errors.ts";
import { useSsoActions, useSsoState } from "../shell/login-state.ts";
import { SiteHeader } from "../shell/site-header.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { accountOrdersQuery } from "./account-orders.queries.ts";
import { MY_FESTIVAL_MESSAGES } from "./my-festival-messages.ts";
import { MessagesUnderApp } from "../i18n/message-areas.tsx";
import { toSupportedLocale } from "../../domain/locale.ts";

// The profile menu (react-aria Menu and Popover) is shared with the shops' header and loads only for a logged-in user.
const LazyProfileAccountMenu = lazy(() => import("../shell/header-menus.tsx").then((m) => ({ default: m.ProfileAccountMenu })));

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day an instant (ISO 8601) fell on at the festival (Europe/Amsterdam), as spec §1 asks for dates ("1 June 2027"; nl and es with their month names): the server and the browser agree whatever their time zones. One formatter per language. */
const festivalDay = (isoInstant: string, locale: string): string => {
  const dateLocale = dateLocaleOf(locale);
  let format = dayFormats.get(dateLocale);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Amsterdam" });
    dayFormats.set(dateLocale, format);
  }
  return format.format(new Date(isoInstant));
};

/** One order: its shop, number, date and payment state, its purchases and total, and its add-on and upgrade links (spec §2, §3 Previous order, §6). */
function OrderCard({ order }: { order: AccountOrder }) {
  const intl = useIntl();
  const date = order.placedAt === null ? null : festivalDay(order.placedAt, intl.locale);
  const linkLabel = (kind: "addOn" | "upgrade") =>
    order.reference !== null
      ? intl.formatMessage({ id: `myfestival.${kind}LabelNumber` }, { shop: order.shopTitle, reference: order.reference })
      : intl.formatMessage({ id: `myfestival.${kind}Label` }, { shop: order.shopTitle, date: date ?? "" });
  return (
    <li className="card order">
      <div className="order-head">
        <Heading level={2}>
          {order.shopTitle}
        </Heading>
        <span className={`badge payment-state ${order.paymentState}`}>
          <FormattedMessage id={`myfestival.state.${order.paymentState}`} />
        </span>
      </div>
      {order.reference !== null ? (
        <p className="order-number">
          <FormattedMessage id="myfestival.number" values={{ reference: order.reference }} />
        </p>
      ) : null}
      {date !== null ? (
        <p className="muted">
          <FormattedMessage id="myfestival.placedOn" values={{ date }} />
        </p>
      ) : null}
      <ul className="purchases" aria-label={intl.formatMessage({ id: "myfestival.purchases" }, { shop: order.shopTitle })}>
        {order.purchases.map((purchase) => (
          <li key={`${purchase.type}-${purchase.id}`}>
            <span>
              <FormattedMessage id="myfestival.line" values={{ quantity: purchase.quantity, title: purchase.title }} />
            </span>
            <Money cents={(purchase.price * purchase.quantity) as Cents} />
          </li>
        ))}
      </ul>
      <p className="order-total">
        <span>
          <FormattedMessage id="myfestival.total" />
        </span>
        <Money cents={order.totalAmount} />
      </p>
      {order.addOnLink !== null || order.upgradeLink !== null ? (
        <div className="order-links">
          {order.addOnLink !== null ? (
            <Link className="button" href={order.addOnLink} aria-label={linkLabel("addOn")}>
              <FormattedMessage id="myfestival.addOn" />
            </Link>
          ) : null}
          {order.upgradeLink !== null ? (
            <Link className="button primary" href={order.upgradeLink} aria-label={linkLabel("upgrade")}>
              <FormattedMessage id="myfestival.upgrade" />
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** True when the orders were refused for the login (401: no token, or one that is no longer valid): the visitor logs in again. */
const isLoginRefusal = (failure: unknown): boolean => isTagged<ShopApiError>(failure, "ShopApiError") && failure.status === 401;

/**
 * /my-festival (spec §6 Logged-in user): the account's orders in the brand's shops, newest first, with purchases,
 * payment state, total and links; a Log in button when logged out, Try again on a failure.
 */
export function MyFestivalRoute() {
  const own = MY_FESTIVAL_MESSAGES[toSupportedLocale(useIntl().locale) ?? "en"];
  return (
    <MessagesUnderApp tables={[own]}>
      <MyFestivalPage />
    </MessagesUnderApp>
  );
}

/** The page of MyFestivalRoute, under its texts. */
function MyFestivalPage() {
  const intl = useIntl();
  const sso = useSsoState();
  const actions = useSsoActions();
  const email = sso.status === "user" ? sso.login.user?.email : undefined;
  const orders = useQuery({ ...accountOrdersQuery(useAsyncUseCase((m) => m.ListAccountOrders), email), enabled: sso.status !== "unknown" });
  const loggedOut = sso.status === "anonymous" || orders.data === null || (orders.isError && isLoginRefusal(orders.error));
  return (
    <>
      <SiteHeader>
        <Link className="button ghost header-button" href="/">
          <FormattedMessage id="myfestival.shops" />
        </Link>
        {sso.status === "user" ? (
          <Suspense fallback={null}>
            <LazyProfileAccountMenu label={intl.formatMessage({ id: "header.profile" })} onLogout={actions.logout} onAccount={actions.account} />
          </Suspense>
        ) : null}
      </SiteHeader>
      <main id="main" className="page my-festival">
        <Heading level={1}>
          <FormattedMessage id="myfestival.title" />
        </Heading>
        <p>
          <FormattedMessage id="myfestival.intro" />
        </p>
        {loggedOut ? (
          <section className="card">
            <p>
              <FormattedMessage id="myfestival.loggedOut" />
            </p>
            <Button className="button primary" onPress={() => actions.login(MY_FESTIVAL_PATH)}>
              <FormattedMessage id="myfestival.login" />
            </Button>
          </section>
        ) : orders.isError ? (
          <div className="card" role="alert">
            <p>
              <FormattedMessage id="myfestival.failed" />
            </p>
            <Button className="button" onPress={() => void orders.refetch()}>
              <FormattedMessage id="myfestival.retry" />
            </Button>
          </div>
        ) : !orders.data ? (
          <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "myfestival.loading" })} />
        ) : orders.data.length === 0 ? (
          <section className="card">
            <p>
              <FormattedMessage id="myfestival.empty" />
            </p>
            <Link className="button" href="/">
              <FormattedMessage id="myfestival.browse" />
            </Link>
          </section>
        ) : (
          <ul className="order-list" aria-label={intl.formatMessage({ id: "myfestival.orders" })}>
            {orders.data.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useKeepQuery } from "../shell/keep-query.ts";
import { SiteHeader } from "../shell/site-header.tsx";
import { formatFestivalDate } from "../common/format.ts";
import { prefetchWhenIdle } from "../common/prefetch-when-idle.ts";
import { shopsQuery } from "../shop/shop.queries.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { saleOf } from "../../domain/sale-mode.ts";

/** / (index): the event chooser listing every published shop, preview shops marked. spec §2 Routes. */
export function EventChooserRoute() {
  // A shop chosen here needs its theme's colours (ui/theme/theme.queries.ts): their code is fetched while the visitor chooses.
  useEffect(() => prefetchWhenIdle(() => import("../theme/theme-colours.ts")), []);
  const shops = useQuery(shopsQuery(useAsyncUseCase((m) => m.ListShops)));
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  return (
    <>
      <SiteHeader />
      <main id="main" className="page chooser">
        <Heading level={1}>
          <FormattedMessage id="chooser.title" />
        </Heading>
        {shops.isPending ? <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} /> : null}
        {shops.isError ? (
          <p role="alert">
            <FormattedMessage id="error.1000.body" />
          </p>
        ) : null}
        <ul className="shop-list">
          {shops.data?.map((shop) => (
            <li key={shop.slug} className="card shop-card">
              <img src={shop.logo} alt="" width="120" height="40" />
              <Heading level={2}>
                <Link href={keepQuery(`/${shop.slug}`)} aria-label={intl.formatMessage({ id: "chooser.open" }, { title: shop.titleFull })}>
                  {shop.titleFull}
                </Link>
              </Heading>
              <p className="muted">{formatFestivalDate(shop.festivalData.dateStart, intl.locale)}</p>
              {saleOf(shop).rules.order === "none" ? (
                <span className="badge">
                  <FormattedMessage id="chooser.preview" />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}

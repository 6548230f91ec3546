import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { ArrowRight } from "lucide";
import { Icon } from "../common/icon.tsx";
import { stepPath } from "../../domain/shop-flow.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useShopFlow } from "../shell/shop-flow.tsx";
import { formatFestivalDate } from "../common/format.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { lazyPart } from "../common/lazy-part.tsx";
import { saleOf } from "../../domain/sale-mode.ts";

// Only an add-on shop shows the order lookup screen: its code and texts are no part of other shops' overviews.
const AddOnLookupScreen = lazyPart("ui/items/add-on-shop.tsx", () => import("../items/add-on-shop.tsx"), "AddOnLookupScreen", ["addon"]);

/**
 * /{slug}: the shop overview (spec §2 Routes, Header): the festival hero, the order lookup in an add-on shop, and a
 * tile per step of the shop's flow.
 */
export function ShopOverviewRoute() {
  const { slug, config } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const flow = useShopFlow();
  const intl = useIntl();
  return (
    <div className="page overview">
      <section className="hero-card">
        <Heading level={1}>{config.festivalData.title}</Heading>
        <p className="hero-date">
          <FormattedMessage id="overview.startsOn" values={{ date: formatFestivalDate(config.festivalData.dateStart, intl.locale) }} />
          {config.festivalData.location ? ` · ${config.festivalData.location}` : ""}
        </p>
        {saleOf(config).rules.order === "none" && config.previewModusCopy ? (
          <p className="notice">
            <strong>{config.previewModusCopy.title}</strong> {config.previewModusCopy.body}
          </p>
        ) : null}
        {flow?.includes("tickets") ? (
          <Link className="button primary large" href={keepQuery(stepPath(slug, "tickets"))}>
            <FormattedMessage id="overview.buyTickets" />
          </Link>
        ) : null}
      </section>
      {config.shopInit.isAddOnShop ? <AddOnLookupScreen /> : null}
      {flow && flow.length > 0 ? (
        <section className="step-tiles" aria-labelledby="overview-steps">
          <Heading level={2} id="overview-steps" className="visually-hidden">
            <FormattedMessage id="overview.steps" />
          </Heading>
          <ul className="tile-list">
            {flow.map((step) => (
              <li key={step}>
                <Link className="tile" href={keepQuery(stepPath(slug, step))} data-step={step}>
                  <span className="tile-title">
                    <FormattedMessage id={`step.${step}`} />
                  </span>
                  <span className="tile-body">
                    <FormattedMessage id={`overview.tile.${step}`} />
                  </span>
                  <Icon node={ArrowRight} className="tile-arrow" size={20} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : flow === null ? (
        <div className="spinner" role="progressbar" aria-label="…" />
      ) : null}
    </div>
  );
}

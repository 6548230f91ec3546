import { useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router-dom";
import { formatFestivalDate } from "../common/format.ts";
import { Money } from "../common/money.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { filtersFromQuery, queryWithFilters, TravelFilterForm } from "./travel-filters.tsx";
import { preloadStepperField } from "./stepper-field.tsx";
import { categoryLabel, Stars } from "./travel-labels.tsx";
import { TravelOccupantsDialog } from "../items/travel-occupants-notice.tsx";
import { useTravelPackages, useTravelSettings } from "./travel.queries.ts";
import "./travel.css";

/** /{slug}/travel (spec §2 Routes, §3 Travel): the packages of the shop's apiTravelId, non-sold-out first (spec §9), with the hotel filters kept in the query string. */
export function TravelRoute() {
  const { config } = useCurrentShop();
  const travelId = config.apiTravelId;
  return (
    <div className="page travel">
      <Heading level={1}>
        <FormattedMessage id="travel.title" />
      </Heading>
      <TravelOccupantsDialog />
      {travelId ? <TravelPackages travelId={travelId} /> : <p className="notice"><FormattedMessage id="travel.noPackages" /></p>}
    </div>
  );
}

function TravelPackages({ travelId }: { travelId: string }) {
  // The persons field's code comes with the hotel data, not before hydrating (ui/travel/stepper-field.tsx).
  useEffect(preloadStepperField, []);
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const settings = useTravelSettings(travelId);
  const filters = filtersFromQuery(params, settings.data?.persons.default ?? 2);
  const packages = useTravelPackages(travelId, filters);
  const keepQuery = useKeepQuery();
  const { slug } = useCurrentShop();
  if (settings.isError) return <p className="notice"><FormattedMessage id="travel.noPackages" /></p>;
  if (!settings.data) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  return (
    <>
      <TravelFilterForm settings={settings.data} filters={filters} onChange={(next) => setParams(queryWithFilters(params, next), { replace: true })} />
      {packages.data === undefined ? (
        <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />
      ) : packages.data.length === 0 ? (
        <p className="notice" role="status">
          <FormattedMessage id="travel.noPackages" />
        </p>
      ) : (
        <ul className="travel-list" aria-label={intl.formatMessage({ id: "travel.packages" })}>
          {packages.data.map((pkg) => (
            <li key={pkg.id} className={`card travel-card${pkg.state.soldout ? " sold-out" : ""}`}>
              <img src={pkg.images[0] ?? ""} alt="" className="travel-card-image" width={320} height={180} loading="lazy" />
              <div className="travel-card-body">
                <Heading level={2} className="travel-card-title">
                  <Link href={keepQuery(`/${slug}/travel/${pkg.slug}`)}>{pkg.name}</Link>
                </Heading>
                <p className="travel-meta">
                  <Stars rating={pkg.rating} /> <span className="badge">{categoryLabel(intl, pkg.category)}</span>
                  {pkg.state.soldout ? (
                    <span className="badge sold-out-badge">
                      <FormattedMessage id="travel.soldOut" />
                    </span>
                  ) : null}
                </p>
                <p className="muted">
                  <FormattedMessage id="travel.stay" values={{ from: formatFestivalDate(pkg.startOfStayDate, intl.locale), to: formatFestivalDate(pkg.endOfStayDate, intl.locale) }} />
                </p>
                <p className="travel-price">
                  <FormattedMessage id="travel.priceFrom" values={{ price: <Money cents={pkg.price} /> }} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

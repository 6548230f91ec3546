import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useKeepQuery } from "../shell/keep-query.ts";
import { formatFestivalDate } from "../common/format.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";

/** /{slug}: the shop overview with the festival hero (title, start date in British English, hero image) and the way into the tickets. spec §2 Routes, Header. */
export function ShopOverviewRoute() {
  const { slug, config } = useCurrentShop();
  const keepQuery = useKeepQuery();
  return (
    <div className="page overview">
      <section className="hero" style={{ backgroundImage: `url(${config.festivalData.heroImage})` }}>
        <div className="hero-content">
          <Heading level={1}>{config.festivalData.title}</Heading>
          <p className="hero-date">
            <FormattedMessage id="overview.startsOn" values={{ date: formatFestivalDate(config.festivalData.dateStart) }} />
            {config.festivalData.location ? ` · ${config.festivalData.location}` : ""}
          </p>
          {config.previewMode && config.previewModusCopy ? (
            <p className="notice">
              <strong>{config.previewModusCopy.title}</strong> {config.previewModusCopy.body}
            </p>
          ) : null}
          <Link className="button primary large" href={keepQuery(`/${slug}/tickets`)}>
            <FormattedMessage id="overview.buyTickets" />
          </Link>
        </div>
      </section>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { Outlet, useParams } from "react-router-dom";
import { ShopNotFoundError } from "../../application/errors.ts";
import { LoadShop } from "../../application/use-cases/load-shop.use-case.ts";
import { CountdownBar } from "./countdown-bar.tsx";
import { ShopHeader } from "./header.tsx";
import { shopQuery } from "../shop/shop.queries.ts";
import { useShopAnalyticsStart } from "../shop/shop-analytics.ts";
import { ShopProvider } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { NotFoundRoute } from "./not-found.route.tsx";
import { themeCssVariables } from "../theme/theme-colours.ts";
import { useShopTranslations } from "../i18n/locale-provider.tsx";

/** Layout of every /{slug} route: loads the shop config, applies the brand theme, and frames the screen with the header and the countdown bar. spec §2 Header, §3 Shop config. */
export function ShopLayoutRoute() {
  const { slug = "" } = useParams();
  const shop = useQuery(shopQuery(useUseCase(LoadShop), slug));
  const intl = useIntl();
  useShopAnalyticsStart(shop.data?.config);
  useShopTranslations(shop.data?.config.customTranslations);
  if (shop.error instanceof ShopNotFoundError) return <NotFoundRoute />;
  if (shop.isError) {
    return (
      <main id="main" className="page" role="alert">
        {intl.formatMessage({ id: "error.1000.body" })}
      </main>
    );
  }
  if (!shop.data) return <div className="spinner page" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  return (
    <ShopProvider shop={{ slug, ...shop.data }}>
      <div className="shop" style={themeCssVariables(shop.data.config.shopTheme) as React.CSSProperties}>
        <ShopHeader />
        <main id="main">
          <Outlet />
        </main>
        <CountdownBar />
      </div>
    </ShopProvider>
  );
}

import { FormattedMessage } from "react-intl";
import { isPackage } from "../../domain/catalogue.ts";
import { lazyPart } from "../common/lazy-part.tsx";
import { useHydrated } from "../common/use-hydrated.ts";
import { useCart, useCurrentShop, useProducts } from "../shop/shop-context.tsx";
import { upsellTotalOf, useFirstTotal } from "../shop/use-total-change.ts";
import { ItemListPage } from "./item-list-page.tsx";

// The upsell panel (its focus keeping, the offers and domain/upsell.ts, ~1.5 KiB gzipped) is code only a shop with
// upsell Yes runs (spec §3, §4 Upsell), and shows nothing until the total rises: a lazy part that such a shop loads
// once the page has hydrated, no part of any first load (issue 12). The route keeps the first total it saw for it.
const UpsellPanel = lazyPart("ui/upsell/upsell-panel.tsx", () => import("../upsell/upsell-panel.tsx"), "UpsellPanel");

/** /{slug}/tickets (spec §2 Item screens): the ticket items (packages have their own screen) with the shared quantity control, each linking to its detail page, and a link on to the checkout; the upsell panel opens when the total rises here (spec §4 Upsell). */
export function TicketsRoute() {
  const { config } = useCurrentShop();
  const baseline = useFirstTotal(upsellTotalOf(useCart(), useProducts()));
  const hydrated = useHydrated();
  return (
    <>
      <ItemListPage
        titleId="tickets.title"
        className="tickets"
        select={(p) => p.type === "ticket" && !isPackage(p)}
        detailPath={(p) => `tickets/${encodeURIComponent(p.id)}`}
        intro={
          <p className="muted">
            <FormattedMessage id="tickets.maxPerOrder" values={{ max: config.maxTicketAmount }} />
          </p>
        }
      />
      {/* Handed the first total the route saw (useFirstTotal), so a rise while its code loads still opens it. */}
      {config.upsell === "Yes" && hydrated ? <UpsellPanel baseline={baseline} /> : null}
    </>
  );
}

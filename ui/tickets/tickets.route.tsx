import { FormattedMessage } from "react-intl";
import { isPackage } from "../../domain/product-catalogue.ts";
import { lazyPart } from "../common/lazy-part.tsx";
import { useHydrated } from "../common/use-hydrated.ts";
import { useCart, useCurrentShop, useProducts } from "../shop/shop-context.tsx";
import { upsellTotalOf, useFirstTotal } from "../shop/use-total-change.ts";
import { ItemListPage } from "../items/item-list-page.tsx";

// The upsell panel (its focus keeping, the offers and domain/upsell.ts) is code only a shop with
// upsell Yes runs (spec §3, §4 Upsell), and shows nothing until the total rises: a lazy part that such a shop loads
// once the page has hydrated, no part of any first load. The route keeps the first total it saw for it.
const UpsellPanel = lazyPart("ui/items/upsell-panel.tsx", () => import("../items/upsell-panel.tsx"), "UpsellPanel");

/**
 * The upsell panel once the page has hydrated, in its own component so the synchronous render after hydration is this
 * one alone, not the whole item list.
 */
function UpsellOnceHydrated({ baseline }: { readonly baseline: number | undefined }) {
  return useHydrated() ? <UpsellPanel baseline={baseline} /> : null;
}

/** /{slug}/tickets (spec §2 Item screens): the ticket items (packages have their own screen) with the shared quantity control, each linking to its detail page, and a link on to the checkout; the upsell panel opens when the total rises here (spec §4 Upsell). */
export function TicketsRoute() {
  const { config } = useCurrentShop();
  const baseline = useFirstTotal(upsellTotalOf(useCart(), useProducts()));
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
      {config.upsell === "Yes" ? <UpsellOnceHydrated baseline={baseline} /> : null}
    </>
  );
}

import { FormattedMessage } from "react-intl";
import { isPackage } from "../../domain/catalogue.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { UpsellPanel } from "../upsell/upsell-panel.tsx";
import { ItemListPage } from "./item-list-page.tsx";

/** /{slug}/tickets (spec §2 Item screens): the ticket items (packages have their own screen) with the shared quantity control, each linking to its detail page, and a link on to the checkout; the upsell panel opens when the total rises here (spec §4 Upsell). */
export function TicketsRoute() {
  const { config } = useCurrentShop();
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
      <UpsellPanel />
    </>
  );
}

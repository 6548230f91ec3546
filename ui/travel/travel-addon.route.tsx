import { BedDouble } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { addOnBookings, isTravelPurchase } from "../../domain/order-lookup.ts";
import { Money } from "../common/money.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { AddOnGate } from "./add-on-lookup.tsx";
import { useAddOnOrders } from "../shop/add-on-orders.ts";
import "./travel.css";

/**
 * /{slug}/traveladdon (spec §2 Routes, §3 Previous order): with the order's cart token (spec §6), the earlier order's
 * hotel bookings open for add-ons, each linking to its add-ons.
 */
export function TravelAddonRoute() {
  return (
    <div className="page travel travel-addon">
      <Heading level={1}>
        <FormattedMessage id="traveladdon.title" />
      </Heading>
      <AddOnGate>{() => <AddOnBookingList />}</AddOnGate>
    </div>
  );
}

function AddOnBookingList() {
  const { slug } = useCurrentShop();
  const orders = useAddOnOrders();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const bookings = orders ? addOnBookings(orders) : [];
  if (bookings.length === 0)
    return (
      <p className="notice" role="status">
        <FormattedMessage id="traveladdon.noHotel" />
      </p>
    );
  return (
    <ul className="travel-list" aria-label={intl.formatMessage({ id: "traveladdon.bookings" })}>
      {bookings.map(({ offer, order, packageSlug }) => (
        <li key={`${offer.reference}-${packageSlug}`} className="card addon-booking">
          <Heading level={2} className="travel-card-title">
            <Icon node={BedDouble} size={22} aria-hidden="true" /> {offer.cart.package.name}
          </Heading>
          <p className="muted">
            <FormattedMessage id="traveladdon.order" values={{ reference: offer.reference }} />
          </p>
          {order ? (
            <ul className="addon-purchases">
              {order.purchases.filter(isTravelPurchase).map((p) => (
                <li key={p.id}>
                  {p.quantity} × {p.title} · <Money cents={p.price} />
                </li>
              ))}
            </ul>
          ) : null}
          <Link className="button primary" href={keepQuery(`/${slug}/traveladdon/${packageSlug}`)}>
            <FormattedMessage id="traveladdon.open" values={{ name: offer.cart.package.name }} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

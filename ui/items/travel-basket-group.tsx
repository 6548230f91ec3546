import { TravelBookingSummary } from "./travel-booking.tsx";
import { TravelOccupantsNotice } from "./travel-occupants-notice.tsx";
import { useTravelCart } from "../shop/travel-cart.queries.ts";

/**
 * The basket's travel group (spec §2 Basket screen "travel", §3 Travel): the hotel booking of the current cart
 * (package, room, persons, stay, extras with amounts and subtotals) and the occupants rule notice (spec §8). Rendered by
 * the basket between tickets and add-ons; renders nothing while the cart has no hotel booking.
 */
export function TravelBasketGroup(): React.ReactNode {
  const travelCart = useTravelCart();
  if (!travelCart.data) return null;
  return (
    <div className="basket-travel">
      <TravelBookingSummary travelCart={travelCart.data} headingLevel={3} />
      <TravelOccupantsNotice />
    </div>
  );
}

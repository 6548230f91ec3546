import { TravelBookingSummary } from "./travel-booking.tsx";
import { TravelOccupantsNotice } from "./travel-occupants-notice.tsx";
import { useTravelCart } from "../shop/travel-cart.queries.ts";

/**
 * The basket's travel group (spec §2 Basket screen, §3 Travel): the current cart's hotel booking and the occupants
 * notice (spec §8); nothing without a booking.
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

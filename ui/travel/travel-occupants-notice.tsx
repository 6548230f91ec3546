import { TriangleAlert } from "lucide";
import { Icon } from "../common/icon.tsx";
import { TRAVEL_OCCUPANTS_ERROR } from "../../domain/error-catalogue.ts";
import { useCart } from "../shop/shop-context.tsx";

/**
 * The occupants rule on the travel screens (spec §8 validation.travel.occupants.does.not.equal.number.entrance.tickets):
 * while the cart's checkoutErrors carry it (room persons differ from the entrance tickets), its server message shows
 * as a notice; nothing otherwise.
 */
export function TravelOccupantsNotice() {
  const cart = useCart();
  const errors = (cart.data?.checkoutErrors ?? []).filter((e) => e.code === TRAVEL_OCCUPANTS_ERROR);
  if (errors.length === 0) return null;
  return (
    <div className="notice travel-occupants" role="status" data-testid="travel-occupants">
      <Icon node={TriangleAlert} size={18} aria-hidden="true" />
      {errors.map((e) => (
        <p key={e.message}>{e.message}</p>
      ))}
    </div>
  );
}

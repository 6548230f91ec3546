import { useEffect } from "react";
import { TriangleAlert } from "lucide";
import { Icon } from "../common/icon.tsx";
import { checkoutErrorNotice, TRAVEL_OCCUPANTS_ERROR } from "../../domain/error-catalogue.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useContinueGuard } from "../shell/shop-flow.tsx";
import { useCart } from "../shop/shop-context.tsx";

/** The occupants errors among the cart's checkoutErrors (room persons differ from the entrance tickets). */
function useOccupantsErrors(): { cartId: string | null; errors: ReadonlyArray<{ code: string; message: string }> } {
  const cart = useCart();
  return { cartId: cart.data?.id ?? null, errors: cart.data?.checkoutErrors ?? [] };
}

// The occupants state last raised as a dialog (cart id and messages), so a second Next with the same errors goes on;
// cleared once the rule holds.
let raised: string | null = null;

/**
 * The occupants rule on the travel screens (spec §8 8000): a modal of all checkout errors when the visitor continues
 * with Next while the cart's checkoutErrors carry it, once per set; not the moment a room is booked. Renders nothing.
 */
export function TravelOccupantsDialog() {
  const { cartId, errors } = useOccupantsErrors();
  const { show } = useErrorDialog();
  const notice = checkoutErrorNotice(errors);
  const occupants = notice?.code === 8000 ? `${cartId}:${notice.messages.join("\n")}` : null;
  useEffect(() => {
    if (occupants === null) raised = null;
  }, [occupants]);
  useContinueGuard(() => {
    if (occupants === null || notice === null || raised === occupants) return false;
    raised = occupants;
    show({ code: notice.code, message: notice.messages.join("\n") });
    return true;
  });
  return null;
}

/**
 * The occupants rule in the basket's travel group (spec §8): while the cart's checkoutErrors carry it, its server
 * message shows beside the booking, as the basket lists checkout errors; nothing otherwise.
 */
export function TravelOccupantsNotice() {
  const errors = useOccupantsErrors().errors.filter((e) => e.code === TRAVEL_OCCUPANTS_ERROR);
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

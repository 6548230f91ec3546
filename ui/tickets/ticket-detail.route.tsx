import { useParams } from "react-router-dom";
import { DETAIL_PRODUCT_TYPES } from "../../domain/shop-flow.ts";
import { ProductDetail } from "../items/product-detail.tsx";

/** /{slug}/tickets/{id} (spec §2 Routes): one ticket with its image, description, perks and the shared quantity control; an unknown id shows 5001 Product not found and links back to the list. */
export function TicketDetailRoute() {
  const { id = "" } = useParams();
  return <ProductDetail productId={id} backPath="tickets" backLabelId="items.backToTickets" accept={(p) => p.type === DETAIL_PRODUCT_TYPES.tickets} />;
}

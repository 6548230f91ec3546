import { useParams } from "react-router-dom";
import { DETAIL_PRODUCT_TYPES } from "../../domain/shop-flow.ts";
import { ProductDetail } from "../items/product-detail.tsx";

/** /{slug}/extras/{id} (spec §2 Routes): one extra with its image, description and the shared quantity control; an unknown id shows 5001 Product not found. */
export function ExtraDetailRoute() {
  const { id = "" } = useParams();
  return <ProductDetail productId={id} backPath="extras" backLabelId="items.backToExtras" accept={(p) => p.type === DETAIL_PRODUCT_TYPES.extras} />;
}

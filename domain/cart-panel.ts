/** The cart panel. spec §4 Cart status. */
import type { ProductType } from "./product.schema.ts";

/** The panel closes by itself when the basket is empty or holds only insurance (types of the cart lines). spec §4 Cart status. */
export const shouldAutoCloseCart = (cartTypes: ReadonlyArray<ProductType>): boolean => cartTypes.every((t) => t === "insurance");

import type { Product } from "./product.schema.ts";

/** A product is sold out when soldOut is true or its stock is under 1. spec §4 "Cart updates on item screens". */
export const isSoldOut = (product: Pick<Product, "soldOut" | "stock">): boolean =>
  product.soldOut || product.stock < 1;

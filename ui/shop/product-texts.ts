import type { Product } from "../../domain/product.schema.ts";

/** A product text a shop may translate in its custom translations (spec §1, §3): the name, the title and meta.description. */
export type ProductTextField = "name" | "title" | "description";

/** The custom-translation key of a product's text: `product.{id}.{field}` (e.g. product.ll_ticket_camping.name). */
export const productTextKey = (id: string, field: ProductTextField): string => `product.${id}.${field}`;

/** True when a message table has any product text (a key under `product.`), so a shop without them costs no copy. */
export const hasProductTexts = (keys: ReadonlyArray<string>): boolean => keys.some((key) => key.startsWith("product."));

/**
 * The products with their texts in the visitor's language (spec §1 custom translations): a text `text` gives by
 * productTextKey replaces the product's own; the same array when none is given, so screens re-render only on a change.
 */
export const productsInLanguage = (products: ReadonlyArray<Product>, text: (key: string) => string | undefined): ReadonlyArray<Product> => {
  let changed = false;
  const translated = products.map((product) => {
    const name = text(productTextKey(product.id, "name"));
    const title = text(productTextKey(product.id, "title")) ?? (product.title === product.name ? name : undefined);
    const description = product.meta?.description === undefined ? undefined : text(productTextKey(product.id, "description"));
    if (name === undefined && title === undefined && description === undefined) return product;
    changed = true;
    return {
      ...product,
      ...(name === undefined ? {} : { name }),
      ...(title === undefined ? {} : { title }),
      ...(description === undefined || !product.meta ? {} : { meta: { ...product.meta, description } }),
    };
  });
  return changed ? translated : products;
};

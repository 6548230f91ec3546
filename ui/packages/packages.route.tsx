import { availableFirst, isPackage } from "../../domain/product-catalogue.ts";
import { ItemListPage } from "../items/item-list-page.tsx";

/** /{slug}/packages (spec §2 Routes): the package products (meta.categorySlug "packages", domain isPackage), non-sold-out first (§5), listed and added like tickets. */
export function PackagesRoute() {
  return (
    <ItemListPage
      titleId="items.packages.title"
      className="packages"
      select={isPackage}
      order={availableFirst}
      showImage
    />
  );
}

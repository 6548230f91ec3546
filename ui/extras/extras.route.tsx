import { lazyPart } from "../common/lazy-part.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { ItemListPage } from "../items/item-list-page.tsx";

// Only an add-on shop shows which earlier order the extras go to (and the add-on modal): no part of other shops' extras.
const AddOnOrderBar = lazyPart("ui/items/add-on-shop.tsx", () => import("../items/add-on-shop.tsx"), "AddOnOrderBar", ["addon"]);

/**
 * /{slug}/extras (spec §2 Item screens "Extra item"): the extras (lockers, parking…) with the shared quantity control,
 * each linking to /{slug}/extras/{id}; in an add-on shop headed by the earlier order they are added to (spec §1).
 */
export function ExtrasRoute() {
  const { config } = useCurrentShop();
  return (
    <ItemListPage
      titleId="items.extras.title"
      className="extras"
      select={(p) => p.type === "extras"}
      detailPath={(p) => `extras/${encodeURIComponent(p.id)}`}
      intro={config.shopInit.isAddOnShop ? <AddOnOrderBar /> : undefined}
    />
  );
}

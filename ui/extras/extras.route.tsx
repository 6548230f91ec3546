import { ItemListPage } from "../tickets/item-list-page.tsx";

/** /{slug}/extras (spec §2 Item screens "Extra item"): the extras (lockers, parking…) with the shared quantity control, each linking to /{slug}/extras/{id}. */
export function ExtrasRoute() {
  return <ItemListPage titleId="items.extras.title" className="extras" select={(p) => p.type === "extras"} detailPath={(p) => `extras/${encodeURIComponent(p.id)}`} />;
}

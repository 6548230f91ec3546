import type { Product, ProductType } from "./product.schema.ts";
import { isSoldOut } from "./product.ts";

/** The derived product kind of spec §3 Product (mappedType). */
export type MappedType =
  | "insurance"
  | "merchandise"
  | "transportation"
  | "membership"
  | "ticket"
  | "notused"
  | "comparetransport"
  | "extras";

/**
 * mappedType of a product type: transportation and bus_travel -> transportation; insurance, merchandise, membership,
 * ticket, comparetransport, extras map to themselves; travel, hotel, traveladdon, upgrade, addons, reference -> notused.
 * spec §3 Product.
 */
export const mappedType = (type: ProductType): MappedType => {
  switch (type) {
    case "insurance":
    case "merchandise":
    case "membership":
    case "ticket":
    case "comparetransport":
    case "extras":
      return type;
    case "transportation":
    case "bus_travel":
      return "transportation";
    case "travel":
    case "hotel":
    case "traveladdon":
    case "upgrade":
    case "addons":
    case "reference":
      return "notused";
  }
};

/** Category label (en) that marks travel entrance tickets. spec §3 Product categories. */
export const TRAVEL_TICKETS_CATEGORY = "TRAVEL TICKETS";

/** True when one of the product's categories is 'TRAVEL TICKETS' (en or nl label, case and spaces ignored). spec §3. */
export const isTravelEntranceTicket = (product: Pick<Product, "categories">): boolean =>
  // Stryker disable next-line ArrayDeclaration: any fallback element without an en or nl label matches nothing, just like []
  (product.categories ?? []).some((c) =>
    [c.en, c.nl].some((label) => label?.trim().toUpperCase() === TRAVEL_TICKETS_CATEGORY),
  );

/** The travel entrance tickets of a product list, in list order. spec §3. */
export const travelEntranceTickets = <P extends Pick<Product, "categories">>(products: ReadonlyArray<P>): ReadonlyArray<P> =>
  products.filter(isTravelEntranceTicket);

/** What an item screen shows for a product's availability. spec §4 "Cart updates on item screens". */
export type SoldOutDisplay =
  | { readonly _tag: "Available" }
  /** Disabled sold-out button. */
  | { readonly _tag: "SoldOutButton" }
  /** Sold out, but a travel ticket is still available: link to the travel page. */
  | { readonly _tag: "TravelLink" }
  /** overrideSoldout: the custom soldOutText, optionally with a travel button. */
  | { readonly _tag: "CustomText"; readonly text: string; readonly travelButton: boolean };

/**
 * How a product shows its availability: Available, CustomText (overrideSoldout), TravelLink when a travel ticket is
 * left, or SoldOutButton. spec §4 "Cart updates on item screens".
 */
export const soldOutDisplay = (
  product: Pick<Product, "soldOut" | "stock" | "meta">,
  travelTicketAvailable: boolean,
): SoldOutDisplay => {
  if (!isSoldOut(product)) return { _tag: "Available" };
  if (product.meta?.overrideSoldout) {
    return { _tag: "CustomText", text: product.meta.soldOutText ?? "", travelButton: travelTicketAvailable };
  }
  return travelTicketAvailable ? { _tag: "TravelLink" } : { _tag: "SoldOutButton" };
};

/** The special size label of a one-size merchandise item. spec §3 Product. */
export const ONE_SIZE = "ONE SIZE";

/** One size of a merchandise group: the variant product id, its stock and its size label. spec §3. */
export interface MerchandiseSize {
  readonly id: string;
  readonly stock: number;
  readonly size: string;
}

/** A merchandise group: the variants sharing `prefix_{group}_...`, their sizes in list order, and the one-size flag. spec §3. */
export interface MerchandiseGroup<P> {
  readonly group: string;
  readonly products: ReadonlyArray<P>;
  readonly sizes: ReadonlyArray<MerchandiseSize>;
  /** True when the group has exactly one size and it is ONE SIZE (no size buttons). */
  readonly oneSize: boolean;
}

/** Group key of a merchandise id `prefix_{group}_...` (the second `_` part), or null when the id has no second part. spec §3. */
export const merchandiseGroupKey = (id: string): string | null => {
  const part = id.split("_")[1];
  return part === undefined || part === "" ? null : part;
};

/** Size label of a variant: meta.vendorVariantTitle trimmed, ONE SIZE when missing or blank. spec §3. */
export const merchandiseSizeOf = (product: Pick<Product, "meta">): string => {
  const title = product.meta?.vendorVariantTitle?.trim();
  return title === undefined || title === "" ? ONE_SIZE : title;
};

/**
 * Groups merchandise variants by merchandiseGroupKey (ids without a group key form their own group named by the id),
 * keeping first-seen group order and list order of sizes. spec §3 Product "Merchandise ids".
 */
export const groupMerchandise = <P extends Pick<Product, "id" | "stock" | "meta">>(
  products: ReadonlyArray<P>,
): ReadonlyArray<MerchandiseGroup<P>> => {
  const groups = new Map<string, P[]>();
  for (const p of products) {
    const key = merchandiseGroupKey(p.id) ?? p.id;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.entries()].map(([group, members]) => {
    const sizes = members.map((p) => ({ id: p.id, stock: p.stock, size: merchandiseSizeOf(p) }));
    return { group, products: members, sizes, oneSize: sizes.length === 1 && sizes[0]!.size.toUpperCase() === ONE_SIZE };
  });
};

/**
 * Preselected size id of a group: the first size already in the cart (quantity >= 1), else the first size with
 * stock >= 1, else null. `cartProducts` maps product id to quantity. spec §4 "Cart updates on item screens".
 */
export const preselectSize = (
  sizes: ReadonlyArray<MerchandiseSize>,
  cartProducts: Readonly<Record<string, number>> = {},
): string | null =>
  sizes.find((s) => Object.hasOwn(cartProducts, s.id) && (cartProducts[s.id] ?? 0) >= 1)?.id ?? sizes.find((s) => s.stock >= 1)?.id ?? null;

/** True when a travel entrance ticket is still for sale (not sold out), so sold-out items link to the travel page. spec §4. */
export const travelTicketStillAvailable = (products: ReadonlyArray<Pick<Product, "categories" | "soldOut" | "stock">>): boolean =>
  travelEntranceTickets(products).some((p) => !isSoldOut(p));

/** Category slug of the packages screen's products (meta.categorySlug). spec §2 Routes /{slug}/packages, §3 Meta "category slug". */
export const PACKAGES_CATEGORY_SLUG = "packages";

/** True when a product belongs on the packages screen (meta.categorySlug "packages"); such tickets leave the tickets list. spec §2, §3. */
export const isPackage = (product: Pick<Product, "meta">): boolean => product.meta?.categorySlug === PACKAGES_CATEGORY_SLUG;

/** Variants of the transport routes: all departures, Dutch ones (/nl) or the rest of Europe (/eu). spec §2 Routes. */
export type TransportVariant = "all" | "nl" | "eu";

/** Variant of a route parameter: "nl" or "eu" (case ignored), anything else all. spec §2 Routes. */
export const transportVariantOf = (param: string | undefined): TransportVariant => {
  const v = param?.toLowerCase();
  return v === "nl" || v === "eu" ? v : "all";
};

/** True when a transport product departs in `variant`: nl = meta.country NL (the default), eu = any other country, all = every product. spec §2 Routes. */
export const inTransportVariant = (product: Pick<Product, "meta">, variant: TransportVariant): boolean => {
  const dutch = (product.meta?.country ?? "NL").toUpperCase() === "NL";
  return variant === "all" || (variant === "nl" ? dutch : !dutch);
};

/** The products with the ones still for sale first, keeping list order within each part (packages are listed non-sold-out first, spec §5). */
export const availableFirst = <P extends Pick<Product, "soldOut" | "stock">>(products: ReadonlyArray<P>): ReadonlyArray<P> => [
  ...products.filter((p) => !isSoldOut(p)),
  ...products.filter(isSoldOut),
];

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import {
  groupMerchandise,
  isTravelEntranceTicket,
  mappedType,
  merchandiseGroupKey,
  inTransportVariant,
  isPackage,
  merchandiseSizeOf,
  ONE_SIZE,
  preselectSize,
  soldOutDisplay,
  travelEntranceTickets,
  type MerchandiseSize,
} from "../../domain/product-catalogue.ts";
import type { ProductType } from "../../domain/product.schema.ts";
import { aProduct } from "./arbitraries.ts";

const allTypes: ProductType[] = [
  "ticket", "extras", "membership", "merchandise", "transportation", "bus_travel", "travel", "hotel", "traveladdon",
  "upgrade", "insurance", "comparetransport", "addons", "reference",
];

describe("mappedType", () => {
  test("maps every product type as spec §3 derives it", () => {
    expect(allTypes.map(mappedType)).toEqual([
      "ticket", "extras", "membership", "merchandise", "transportation", "transportation", "notused", "notused", "notused",
      "notused", "insurance", "comparetransport", "notused", "notused",
    ]);
  });

  test.prop([fc.constantFrom(...allTypes)])("is always one of the eight mapped types", (t) => {
    expect(["insurance", "merchandise", "transportation", "membership", "ticket", "notused", "comparetransport", "extras"]).toContain(mappedType(t));
  });
});

describe("sold-out rule", () => {
  test.prop([fc.boolean(), fc.integer({ min: -5, max: 20 }), fc.boolean(), fc.boolean(), fc.string()])(
    "shows Available exactly when not soldOut and stock is at least 1",
    (soldOut, stock, override, travel, text) => {
      const d = soldOutDisplay({ soldOut, stock, meta: { overrideSoldout: override, soldOutText: text } }, travel);
      expect(d._tag === "Available").toBe(!soldOut && stock >= 1);
    },
  );

  test("shows the custom soldOutText with overrideSoldout, with a travel button when a travel ticket is left", () => {
    expect(soldOutDisplay({ soldOut: true, stock: 5, meta: { overrideSoldout: true, soldOutText: "Only via travel" } }, true)).toEqual({
      _tag: "CustomText",
      text: "Only via travel",
      travelButton: true,
    });
    expect(soldOutDisplay({ soldOut: false, stock: 0, meta: { overrideSoldout: true } }, false)).toEqual({ _tag: "CustomText", text: "", travelButton: false });
  });

  test("links to travel when sold out and a travel ticket is available, else shows the disabled button", () => {
    expect(soldOutDisplay({ soldOut: true, stock: 0 }, true)).toEqual({ _tag: "TravelLink" });
    expect(soldOutDisplay({ soldOut: true, stock: 0 }, false)).toEqual({ _tag: "SoldOutButton" });
  });
});

describe("travel entrance tickets", () => {
  test("finds tickets in the 'TRAVEL TICKETS' category", () => {
    const a = aProduct({ id: "a", type: "ticket", categories: [{ en: "TRAVEL TICKETS", nl: "REIS TICKETS" }] });
    const b = aProduct({ id: "b", type: "ticket", categories: [{ en: "Weekend" }] });
    const c = aProduct({ id: "c", type: "ticket" });
    expect(travelEntranceTickets([a, b, c]).map((p) => p.id)).toEqual(["a"]);
    expect(isTravelEntranceTicket({ categories: [{ en: " travel tickets " }] })).toBe(true);
  });

  test.prop([fc.array(fc.record({ en: fc.string(), nl: fc.option(fc.string(), { nil: undefined }) }))])(
    "flags a product exactly when some label is TRAVEL TICKETS",
    (categories) => {
      const expected = categories.some((c) => c.en.trim().toUpperCase() === "TRAVEL TICKETS" || c.nl?.trim().toUpperCase() === "TRAVEL TICKETS");
      expect(isTravelEntranceTicket({ categories })).toBe(expected);
    },
  );
});

describe("merchandise variants", () => {
  const shirt = (id: string, size: string | undefined, stock: number) =>
    aProduct({ id, type: "merchandise", stock, meta: size === undefined ? {} : { vendorVariantTitle: size } });

  test("groups variants by the second part of prefix_{group}_... with their sizes", () => {
    const groups = groupMerchandise([
      shirt("merch_tee_s", "S", 0),
      shirt("merch_cap_one", undefined, 3),
      shirt("merch_tee_m", "M", 4),
      shirt("merch_tee_l", "L", 2),
    ]);
    expect(groups.map((g) => g.group)).toEqual(["tee", "cap"]);
    expect(groups[0]!.sizes).toEqual([
      { id: "merch_tee_s", stock: 0, size: "S" },
      { id: "merch_tee_m", stock: 4, size: "M" },
      { id: "merch_tee_l", stock: 2, size: "L" },
    ]);
    expect(groups[0]!.oneSize).toBe(false);
    expect(groups[1]!.sizes[0]!.size).toBe(ONE_SIZE);
    expect(groups[1]!.oneSize).toBe(true);
  });

  test("preselects the first size with stock, or a size already in the cart", () => {
    const sizes: MerchandiseSize[] = [
      { id: "s", stock: 0, size: "S" },
      { id: "m", stock: 4, size: "M" },
      { id: "l", stock: 2, size: "L" },
    ];
    expect(preselectSize(sizes)).toBe("m");
    expect(preselectSize(sizes, { l: 1 })).toBe("l");
    expect(preselectSize([{ id: "s", stock: 0, size: "S" }])).toBeNull();
  });

  test("reads no group from an id without a second part", () => {
    expect(merchandiseGroupKey("tee")).toBeNull();
    expect(merchandiseGroupKey("merch_tee_xl")).toBe("tee");
  });

  const sizesArb = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1 }), stock: fc.integer({ min: -2, max: 5 }), size: fc.string() }), {
    selector: (s) => s.id,
    maxLength: 8,
  });

  test.prop([sizesArb, fc.dictionary(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 3 }))])(
    "preselects a size in the cart first, else one with stock, else none",
    (sizes, cart) => {
      const chosen = preselectSize(sizes, cart);
      const inCart = sizes.filter((s) => (Object.hasOwn(cart, s.id) ? cart[s.id]! : 0) >= 1);
      if (inCart.length > 0) expect(chosen).toBe(inCart[0]!.id);
      else if (sizes.some((s) => s.stock >= 1)) expect(sizes.find((s) => s.id === chosen)!.stock).toBeGreaterThanOrEqual(1);
      else expect(chosen).toBeNull();
    },
  );

  test.prop([fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.nat(50)), { maxLength: 12 })])(
    "keeps every variant exactly once in the group of its key",
    (pairs) => {
      const products = pairs.map(([g, n], i) => shirt(`m_${g}_${n}_${i}`, undefined, 1));
      const groups = groupMerchandise(products);
      expect(groups.flatMap((g) => g.products).length).toBe(products.length);
      for (const g of groups) for (const p of g.products) expect(merchandiseGroupKey(p.id)).toBe(g.group);
    },
  );
});

describe("merchandise group keys and sizes at their edges (spec §3 Product)", () => {
  test("has no group key without a second part or with an empty one", () => {
    expect(merchandiseGroupKey("cap")).toBeNull();
    expect(merchandiseGroupKey("ll__m")).toBeNull();
    expect(merchandiseGroupKey("ll_tshirt_m")).toBe("tshirt");
  });

  test("reads the trimmed vendor variant title, ONE SIZE when it is missing or blank", () => {
    expect(merchandiseSizeOf({})).toBe(ONE_SIZE);
    expect(merchandiseSizeOf({ meta: {} })).toBe(ONE_SIZE);
    expect(merchandiseSizeOf({ meta: { vendorVariantTitle: "   " } })).toBe(ONE_SIZE);
    expect(merchandiseSizeOf({ meta: { vendorVariantTitle: " M " } })).toBe("M");
  });

  test("calls a group one-size only when its single size is ONE SIZE, in any case", () => {
    const variant = (id: string, title?: string) => aProduct({ id, type: "merchandise", meta: title === undefined ? {} : { vendorVariantTitle: title } });
    expect(groupMerchandise([variant("ll_cap_one", "one size")])[0]!.oneSize).toBe(true);
    expect(groupMerchandise([variant("ll_cap_one")])[0]!.oneSize).toBe(true);
    expect(groupMerchandise([variant("ll_tee_m", "M")])[0]!.oneSize).toBe(false);
    expect(groupMerchandise([variant("ll_tee_a"), variant("ll_tee_b", "L")])[0]!.oneSize).toBe(false);
  });

  test("preselects no size the cart holds at zero", () => {
    const sizes: MerchandiseSize[] = [{ id: "m", stock: 0, size: "M" }, { id: "l", stock: 5, size: "L" }];
    expect(preselectSize(sizes, { m: 0 })).toBe("l");
    expect(preselectSize(sizes, { m: 1 })).toBe("m");
  });
});

describe("packages and transport variants (spec §2 Routes)", () => {
  test("a product without meta is no package", () => {
    expect(isPackage({})).toBe(false);
    expect(isPackage({ meta: { categorySlug: "packages" } })).toBe(true);
  });

  test("the all variant lists Dutch and other departures alike", () => {
    expect(inTransportVariant({ meta: { country: "NL" } }, "all")).toBe(true);
    expect(inTransportVariant({ meta: { country: "DE" } }, "all")).toBe(true);
    expect(inTransportVariant({ meta: { country: "DE" } }, "nl")).toBe(false);
    expect(inTransportVariant({ meta: { country: "de" } }, "eu")).toBe(true);
    expect(inTransportVariant({}, "eu")).toBe(false);
  });
});

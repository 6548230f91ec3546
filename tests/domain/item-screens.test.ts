import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { availableFirst, inTransportVariant, isPackage, transportVariantOf, travelTicketStillAvailable } from "../../domain/product-catalogue.ts";
import { extraTicketLimit, itemQuantityMax, STEPPER_DEFAULT_MAX } from "../../domain/quantities.ts";
import { transportRequestErrors } from "../../domain/transport-request.ts";

const small = fc.integer({ min: 0, max: 30 });

describe("itemQuantityMax (spec §5 Quantities)", () => {
  test.prop([small, small, fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined })])(
    "a non-ticket is capped by its maxQuantity (default 9) and by stock plus what the cart holds",
    (stock, inCart, maxQuantity) => {
      const max = itemQuantityMax({ product: { id: "x", type: "extras", stock, maxQuantity }, cartProducts: { x: inCart }, maxTicketAmount: 1, ticketsInCart: 0 });
      expect(max).toBe(Math.min(maxQuantity ?? STEPPER_DEFAULT_MAX, stock + inCart));
    },
  );

  test.prop([fc.integer({ min: 1, max: 12 }), small, small, fc.integer({ min: 0, max: 15 })])(
    "a ticket is capped by maxTicketAmount minus the other tickets, by stock, and by its extra-ticket group",
    (maxTicketAmount, others, inCart, groupMax) => {
      const cartProducts = { t: inCart, other: others };
      const groups = [{ ticketIds: ["t", "other"], maxQuantity: groupMax }];
      const max = itemQuantityMax({
        product: { id: "t", type: "ticket", stock: 1000, maxQuantity: undefined },
        cartProducts,
        maxTicketAmount,
        ticketsInCart: inCart + others,
        extraTicketGroups: groups,
      });
      expect(max).toBe(Math.min(Math.max(0, maxTicketAmount - others), extraTicketLimit(groups, "t", cartProducts)!));
    },
  );
});

describe("catalogue helpers of the item screens (spec §2, §3, §5)", () => {
  it("reads the transport variant and keeps Dutch departures for nl and the others for eu", () => {
    expect([transportVariantOf("NL"), transportVariantOf("eu"), transportVariantOf("detail"), transportVariantOf(undefined)]).toEqual(["nl", "eu", "all", "all"]);
    const be = { meta: { country: "BE" } };
    const nl = { meta: { country: "nl" } };
    expect([inTransportVariant(be, "eu"), inTransportVariant(be, "nl"), inTransportVariant(nl, "nl"), inTransportVariant({}, "nl"), inTransportVariant(be, "all")]).toEqual([true, false, true, true, true]);
  });

  test.prop([fc.array(fc.record({ soldOut: fc.boolean(), stock: fc.integer({ min: -1, max: 3 }), n: fc.nat() }))])(
    "availableFirst keeps every product, the ones for sale first, in list order",
    (products) => {
      const ordered = availableFirst(products);
      const forSale = (p: { soldOut: boolean; stock: number }) => !p.soldOut && p.stock >= 1;
      expect(ordered).toEqual([...products.filter(forSale), ...products.filter((p) => !forSale(p))]);
    },
  );

  it("marks packages by category slug and sees a travel ticket still for sale", () => {
    expect([isPackage({ meta: { categorySlug: "packages" } }), isPackage({ meta: {} })]).toEqual([true, false]);
    const travel = { categories: [{ en: "TRAVEL TICKETS" }], soldOut: false, stock: 2 };
    expect([travelTicketStillAvailable([travel]), travelTicketStillAvailable([{ ...travel, stock: 0 }]), travelTicketStillAvailable([])]).toEqual([true, false, false]);
  });
});

describe("transportRequestErrors (spec §7 Mail; a form shows which field and why)", () => {
  const ok = { name: "Sam", email: "sam@example.com", phoneNumber: "", persons: 3, departureCity: "Zwolle", message: "" };
  it("accepts a complete request", () => expect(transportRequestErrors(ok)).toEqual({}));
  it("names each missing, malformed or out-of-range field", () => {
    expect(transportRequestErrors({ ...ok, name: " ", email: "sam@", persons: 51, departureCity: "" })).toEqual({
      name: { _tag: "Required" },
      email: { _tag: "InvalidEmail" },
      persons: { _tag: "PersonsOutOfRange", min: 1, max: 50 },
      departureCity: { _tag: "Required" },
    });
    expect(transportRequestErrors({ ...ok, persons: 0, message: "x".repeat(4001) })).toEqual({
      persons: { _tag: "PersonsOutOfRange", min: 1, max: 50 },
      message: { _tag: "TooLong", max: 4000 },
    });
  });
});

describe("a ticket's maximum counts the units the cart already holds as stock", () => {
  it("lets the line keep its units plus the stock left", () => {
    const ticket = { id: "t", type: "ticket" as const, stock: 2 };
    expect(itemQuantityMax({ product: ticket, cartProducts: { t: 3 }, maxTicketAmount: 10, ticketsInCart: 3 })).toBe(5);
    expect(itemQuantityMax({ product: ticket, cartProducts: {}, maxTicketAmount: 10, ticketsInCart: 0 })).toBe(2);
  });
});

describe("transport request bounds (spec §7 Mail)", () => {
  const request = { name: "Sam", email: "sam@example.com", phoneNumber: "", persons: 2, departureCity: "Utrecht", message: "" };

  it("takes 1 and 50 persons, not 0 or 51", () => {
    expect(transportRequestErrors({ ...request, persons: 1 })).toEqual({});
    expect(transportRequestErrors({ ...request, persons: 50 })).toEqual({});
    expect(transportRequestErrors({ ...request, persons: 0 }).persons?._tag).toBe("PersonsOutOfRange");
    expect(transportRequestErrors({ ...request, persons: 51 }).persons?._tag).toBe("PersonsOutOfRange");
  });

  it("reads the e-mail address and the texts trimmed, and takes a text of exactly its maximum", () => {
    expect(transportRequestErrors({ ...request, email: " sam@example.com " })).toEqual({});
    expect(transportRequestErrors({ ...request, name: "x".repeat(200) })).toEqual({});
    expect(transportRequestErrors({ ...request, name: ` ${"x".repeat(200)} ` })).toEqual({});
    expect(transportRequestErrors({ ...request, name: "x".repeat(201) })).toEqual({ name: { _tag: "TooLong", max: 200 } });
  });
});

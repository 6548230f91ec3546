import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { PreviousOrders } from "../../domain/order-lookup.schema.ts";
import { addOnBookings, offersTravelAddOns, previousPurchasesOf } from "../../domain/order-lookup.ts";
import { buildShopFlow } from "../../domain/shop-flow.ts";
import { PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";

const orders = Schema.decodeUnknownSync(PreviousOrders)(PREVIOUS_ORDERS);
const withHospitality = (available: boolean, offers = orders.upsell.hospitality.add_on) => ({
  ...orders,
  upsell: { hospitality: { add_on_available: available, add_on: offers } },
});

describe("add-on bookings of previous orders (spec §3 Previous order)", () => {
  it("lists each offer with its order and the package slug derived from the package name", () => {
    const [booking] = addOnBookings(orders);
    expect(booking).toMatchObject({ packageSlug: "hotel-de-duinen", offer: { reference: "123456789" }, order: { reference: "123456789" } });
    expect(addOnBookings(orders)).toHaveLength(1);
  });

  it("lists nothing when add-ons are not available", () => {
    expect(addOnBookings(withHospitality(false))).toEqual([]);
    expect(offersTravelAddOns(withHospitality(false))).toBe(false);
  });

  it("finds the order by reference before orderIndexNumber", () => {
    const offer = { ...orders.upsell.hospitality.add_on[0]!, orderIndexNumber: 7 };
    expect(addOnBookings(withHospitality(true, [offer]))[0]!.order?.reference).toBe("123456789");
  });

  it("turns the flow's travel step into traveladdon once the order with a hotel is known (spec §2 Route guards)", () => {
    const types = ["ticket", "travel", "hotel", ...(offersTravelAddOns(orders) ? (["traveladdon"] as const) : [])] as const;
    const flow = buildShopFlow({ hasPolicy: true, productTypes: [...types], previousPurchases: previousPurchasesOf(orders) });
    expect(flow).toEqual(["tickets", "packages", "traveladdon"]);
    expect(buildShopFlow({ hasPolicy: true, productTypes: ["ticket", "travel", "hotel"], previousPurchases: previousPurchasesOf(null) })).toEqual(["tickets", "packages", "travel"]);
  });

  test.prop([fc.string()])("offers no travel add-ons without a 'Travel:' purchase", (title) => {
    fc.pre(!title.includes("Travel:"));
    const plain = { ...orders, original_orders: orders.original_orders.map((o) => ({ ...o, purchases: o.purchases.map((p) => ({ ...p, title })) })) };
    expect(offersTravelAddOns(plain)).toBe(false);
  });
});

describe("add-on bookings among several orders", () => {
  it("pairs an offer with the order of its reference, not the first order", () => {
    const [first] = orders.original_orders;
    const other = { ...first!, reference: "987654321" };
    const offer = { ...orders.upsell.hospitality.add_on[0]!, orderIndexNumber: 0 };
    const many = { ...withHospitality(true, [offer]), original_orders: [other, first!] };
    expect(addOnBookings(many)[0]!.order?.reference).toBe(offer.reference);
  });

  it("falls back on orderIndexNumber when no order has the offer's reference", () => {
    const [first] = orders.original_orders;
    const offer = { ...orders.upsell.hospitality.add_on[0]!, reference: "000000000", orderIndexNumber: 1 };
    const second = { ...first!, reference: "555555555" };
    expect(addOnBookings({ ...withHospitality(true, [offer]), original_orders: [first!, second] })[0]!.order?.reference).toBe("555555555");
  });
});

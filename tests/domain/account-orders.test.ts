import { describe, expect, it } from "vitest";
import { addOnLinkOf, upgradeLinkOf } from "../../domain/account-orders.ts";

describe("order links (domain/account-orders.ts, spec §2)", () => {
  it("links an order of a shop that sells travel to its add-on lookup, with the order's cart token when it has one", () => {
    expect(addOnLinkOf({ slug: "lowlands-lights", sellsTravel: true, cartToken: null })).toBe("/lowlands-lights/traveladdon");
    expect(addOnLinkOf({ slug: "lowlands-lights", sellsTravel: true, cartToken: "ct a&b" })).toBe("/lowlands-lights/traveladdon?cartToken=ct%20a%26b");
    expect(addOnLinkOf({ slug: "lowlands-members", sellsTravel: false, cartToken: "ct" })).toBeNull();
  });

  it("links an order with an open upgradable order to the upgrade route with its ids, else to nothing", () => {
    expect(upgradeLinkOf("lowlands-lights", { orderId: "LL-1", accessId: "acc-1" })).toBe("/lowlands-lights/upgrade?idt_oss_order_id=LL-1&access_id=acc-1");
    expect(upgradeLinkOf("lowlands-lights", undefined)).toBeNull();
  });
});

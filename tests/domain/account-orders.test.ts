import { describe, expect, it } from "vitest";
import { addOnLinkOf, addOnOfferLinkOf, linkedOrderNumber, upgradeLinkOf } from "../../domain/account-orders.ts";

describe("order links (domain/account-orders.ts, spec §2)", () => {
  it("links an order of a shop that sells travel to its add-on lookup, with the order's cart token when it has one", () => {
    expect(addOnLinkOf({ slug: "lowlands-lights", sellsTravel: true, cartToken: null })).toBe("/lowlands-lights/traveladdon");
    expect(addOnLinkOf({ slug: "lowlands-lights", sellsTravel: true, cartToken: "ct a&b" })).toBe("/lowlands-lights/traveladdon?cartToken=ct%20a%26b");
    expect(addOnLinkOf({ slug: "lowlands-members", sellsTravel: false, cartToken: "ct" })).toBeNull();
  });

  it("links an order of an add-on shop to its extras, and names the order number beside the cart token when given", () => {
    expect(addOnLinkOf({ slug: "lowlands-extras", sellsTravel: false, isAddOnShop: true, cartToken: "ct_1", reference: "123456789" })).toBe(
      "/lowlands-extras/extras?cartToken=ct_1&orderNumber=123456789",
    );
    expect(addOnLinkOf({ slug: "lowlands-lights", sellsTravel: true, cartToken: "ct_2", reference: "987654321" })).toBe("/lowlands-lights/traveladdon?cartToken=ct_2&orderNumber=987654321");
    expect(addOnLinkOf({ slug: "lowlands-extras", sellsTravel: false, isAddOnShop: true, cartToken: null, reference: "123456789" })).toBe("/lowlands-extras/extras");
  });

  it("links an add-on offer to the add-on screen of its hotel, whose path segment is the package name's slug", () => {
    expect(addOnOfferLinkOf({ slug: "lowlands-lights", packageName: "Hotel De Duinen", cartToken: "ct_3", reference: "123456789" })).toBe(
      "/lowlands-lights/traveladdon/hotel-de-duinen?cartToken=ct_3&orderNumber=123456789",
    );
  });

  it("reads the order number an add-on link names, and nothing from a query without one", () => {
    expect(linkedOrderNumber("?cartToken=ct_1&orderNumber=%20123456789%20")).toBe("123456789");
    expect(linkedOrderNumber(new URLSearchParams("orderNumber="))).toBeNull();
    expect(linkedOrderNumber("cartToken=ct_1")).toBeNull();
  });

  it("links an order with an open upgradable order to the upgrade route with its ids, else to nothing", () => {
    expect(upgradeLinkOf("lowlands-lights", { orderId: "LL-1", accessId: "acc-1" })).toBe("/lowlands-lights/upgrade?idt_oss_order_id=LL-1&access_id=acc-1");
    expect(upgradeLinkOf("lowlands-lights", undefined)).toBeNull();
  });
});

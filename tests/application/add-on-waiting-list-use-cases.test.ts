import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { JoinAddOnWaitingList } from "../../application/use-cases/join-add-on-waiting-list.use-case.ts";
import { LeaveAddOnWaitingList } from "../../application/use-cases/leave-add-on-waiting-list.use-case.ts";
import { LoadAddOnWaitingList } from "../../application/use-cases/load-add-on-waiting-list.use-case.ts";
import { SHOP } from "../support/contract-examples.ts";
import { ORDER_CART_TOKEN } from "../support/contract-examples-orders.ts";
import { ADD_ON, TRAVEL_ID } from "../support/contract-examples-travel.ts";
import { InMemoryAddOnWaitingListApi } from "../support/in-memory-add-on-waiting-list.ts";
import { InMemoryTravelApi } from "../support/in-memory-travel.ts";

const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken, cartToken: ORDER_CART_TOKEN };
const reference = ADD_ON.reference;

describe("the add-on waiting list use cases", () => {
  it("LoadAddOnWaitingList answers the order's entries and the package's extras not on sale (the towel)", async () => {
    const api = new InMemoryAddOnWaitingListApi({ [reference]: ORDER_CART_TOKEN });
    const view = await Effect.runPromise(new LoadAddOnWaitingList(api, new InMemoryTravelApi()).execute({ context, reference, travelId: TRAVEL_ID, packageId: "ll_hotel_dunes" }));
    expect(view.entries).toEqual([]);
    expect(view.soldOut.map((e) => e.id)).toEqual(["ll_merch_towel"]);
  });

  it("joins and leaves with the add-on id addon_{reference}_{extraId}", async () => {
    const api = new InMemoryAddOnWaitingListApi({ [reference]: ORDER_CART_TOKEN });
    const joined = await Effect.runPromise(new JoinAddOnWaitingList(api).execute({ context, reference, extraId: "ll_merch_towel" }));
    expect(joined).toEqual([{ addonId: ADD_ON.towel, status: "waiting", position: 1, offerExpiresAt: null }]);
    expect(await Effect.runPromise(new LeaveAddOnWaitingList(api).execute({ context, reference, extraId: "ll_merch_towel" }))).toEqual([]);
    expect(api.calls).toEqual([`join ${reference} ${ADD_ON.towel}`, `leave ${reference} ${ADD_ON.towel}`]);
  });

  it("fails with 404 order.not.found and sends nothing when the visit has no cart token", async () => {
    const api = new InMemoryAddOnWaitingListApi({ [reference]: ORDER_CART_TOKEN });
    const noToken = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };
    const error = await Effect.runPromise(Effect.flip(new JoinAddOnWaitingList(api).execute({ context: noToken, reference, extraId: "ll_merch_towel" })));
    expect(error).toMatchObject({ _tag: "ShopApiError", status: 404, code: "order.not.found" });
    expect(api.calls).toEqual([]);
  });
});

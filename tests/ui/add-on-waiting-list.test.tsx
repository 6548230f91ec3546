// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import { ADD_ON_WAITING_LIST_API, CART_API, CART_ID_STORE, HOTEL_CART_API, TRAVEL_API } from "../../application/ports/tokens.ts";
import { TravelAddonDetailRoute } from "../../ui/travel/travel-addon-detail.route.tsx";
import { TravelAddonRoute } from "../../ui/travel/travel-addon.route.tsx";
import { ORDER_CART_TOKEN, PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";
import { ADD_ON, TRAVEL_ID } from "../support/contract-examples-travel.ts";
import { InMemoryAddOnWaitingListApi } from "../support/in-memory-add-on-waiting-list.ts";
import { InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { InMemoryAddOnCartApi, InMemoryHotelCartApi, InMemoryTravelApi } from "../support/in-memory-travel.ts";
import { InMemoryOrderLookupApi } from "../support/in-memory-vouchers-orders.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const screens = (
  <Routes>
    <Route path="traveladdon" element={<TravelAddonRoute />} />
    <Route path="traveladdon/:detail" element={<TravelAddonDetailRoute />} />
  </Routes>
);

/** The add-on detail of the demo order's hotel with the waiting list fake (the towel is sold out in the example catalogue). */
const render = () => {
  const hotel = new InMemoryHotelCartApi();
  const waiting = new InMemoryAddOnWaitingListApi({ [ADD_ON.reference]: ORDER_CART_TOKEN });
  renderInShop(screens, {
    path: "/lowlands-lights/traveladdon/hotel-de-duinen",
    config: { apiTravelId: TRAVEL_ID },
    context: { cartToken: ORDER_CART_TOKEN },
    orders: new InMemoryOrderLookupApi([{ cartToken: ORDER_CART_TOKEN, answer: PREVIOUS_ORDERS }]),
    register: (di) => {
      di.register(TRAVEL_API, { useValue: new InMemoryTravelApi() });
      di.register(HOTEL_CART_API, { useValue: hotel });
      di.register(CART_API, { useValue: new InMemoryAddOnCartApi(hotel) });
      di.register(CART_ID_STORE, { useValue: new InMemoryCartIdStore() });
      di.register(ADD_ON_WAITING_LIST_API, { useValue: waiting });
    },
  });
  return { hotel, waiting };
};

const openDetail = async () => {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: /Order number/ }), ADD_ON.reference);
  await user.click(screen.getByRole("button", { name: "Find my order" }));
  await screen.findByRole("heading", { level: 1, name: "Hotel De Duinen" });
  return user;
};

const towelRow = async () => within(await screen.findByRole("region", { name: "Sold out" })).getByRole("listitem", { name: "Festival beach towel" });

describe("Add-on waiting list on the add-on detail (spec §1 add-on shop, §3 Previous order)", () => {
  it("offers the sold-out towel's waiting list, shows the place in line after joining, and lets the visitor leave", async () => {
    const { waiting } = render();
    const user = await openDetail();
    const row = await towelRow();
    await user.click(within(row).getByRole("button", { name: "Join the waiting list" }));
    await waitFor(() => expect(within(row).getByRole("status").textContent).toBe("You are number 1 in line for Festival beach towel."));
    expect(waiting.calls).toContain(`join ${ADD_ON.reference} ${ADD_ON.towel}`);
    await user.click(within(row).getByRole("button", { name: "Leave the waiting list" }));
    await waitFor(() => expect(within(row).getByRole("button", { name: "Join the waiting list" })).toBeTruthy());
    expect(waiting.calls).toContain(`leave ${ADD_ON.reference} ${ADD_ON.towel}`);
  });

  it("shows the reserved towel with its deadline on the next visit, and adds it to the order's add-on cart", async () => {
    const { waiting, hotel } = render();
    const user = await openDetail();
    await user.click(within(await towelRow()).getByRole("button", { name: "Join the waiting list" }));
    await waitFor(() => expect(waiting.calls).toContain(`join ${ADD_ON.reference} ${ADD_ON.towel}`));
    waiting.offer(ADD_ON.reference, ADD_ON.towel, "2027-06-01T12:30:00.000Z");
    // The unit reserved for this order is the one its add-on cart gets.
    hotel.extraStock.set("ll_merch_towel", 1);

    await user.click(screen.getByRole("link", { name: "All hotel add-ons" }));
    await user.click(await screen.findByRole("link", { name: "Add extras to Hotel De Duinen" }));
    const row = await towelRow();
    await waitFor(() => expect(within(row).getByRole("status").textContent).toMatch(/^Festival beach towel is reserved for you until \d{2}:\d{2}/));
    await user.click(within(row).getByRole("button", { name: "Add to my order" }));
    await waitFor(() => expect(hotel.calls.some((c) => c.startsWith("changeAddOn") && c.endsWith(`${ADD_ON.towel} 1`))).toBe(true));
    expect(within(await screen.findByTestId("travel-booking")).getByRole("row", { name: /Festival beach towel/ })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import { CART_API, CART_ID_STORE, HOTEL_CART_API, TRAVEL_API } from "../../application/ports/tokens.ts";
import { TravelAddonDetailRoute } from "../../ui/travel/travel-addon-detail.route.tsx";
import { TravelAddonRoute } from "../../ui/travel/travel-addon.route.tsx";
import { ORDER_CART_TOKEN, PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";
import { ADD_ON, TRAVEL_ID } from "../support/contract-examples-travel.ts";
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

/** The add-on screens with the demo order's cart token (deep link cartToken), the Travel API and hotel cart fakes. */
const render = (path: string, cartToken: string | null = ORDER_CART_TOKEN) => {
  const hotel = new InMemoryHotelCartApi();
  const cartIds = new InMemoryCartIdStore();
  const orders = new InMemoryOrderLookupApi([{ cartToken: ORDER_CART_TOKEN, answer: PREVIOUS_ORDERS }]);
  const view = renderInShop(screens, {
    path,
    config: { apiTravelId: TRAVEL_ID },
    context: cartToken ? { cartToken } : {},
    orders,
    register: (di) => {
      di.register(TRAVEL_API, { useValue: new InMemoryTravelApi() });
      di.register(HOTEL_CART_API, { useValue: hotel });
      di.register(CART_API, { useValue: new InMemoryAddOnCartApi(hotel) });
      di.register(CART_ID_STORE, { useValue: cartIds });
    },
  });
  return { ...view, hotel, cartIds, orders };
};

const lookUp = async (orderNumber: string) => {
  const user = userEvent.setup();
  const field = screen.getByRole("textbox", { name: /Order number/ });
  await user.clear(field);
  await user.type(field, orderNumber);
  await user.click(screen.getByRole("button", { name: "Find my order" }));
  return user;
};

describe("Travel add-on list /{slug}/traveladdon (spec §2, §3 Previous order, §4 Add-on lookup, §5 Order number lookup)", () => {
  it("asks for the order's link when the visit has no cart token, and looks nothing up", () => {
    const { orders } = render("/lowlands-lights/traveladdon", null);
    expect(screen.getByText(/Open the add-on link from your order confirmation e-mail/)).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Order number/ })).toBeNull();
    expect(orders.calls).toEqual([]);
  });

  it("says an order number is invalid without a call, that an unknown one has no order, and lists the found order's hotel", async () => {
    const { orders } = render("/lowlands-lights/traveladdon");
    await lookUp("12345");
    expect(await screen.findByText("This is not a valid order number.")).toBeTruthy();
    expect(orders.calls).toEqual([]);
    await lookUp("987654321");
    expect(await screen.findByText("No order was found with this number.")).toBeTruthy();
    await lookUp(`#${ADD_ON.reference}`);
    const booking = (await screen.findByRole("heading", { name: "Hotel De Duinen" })).closest("li")!;
    expect(within(booking).getByText("Order #123456789")).toBeTruthy();
    expect(booking.textContent).toContain("1 × Travel: Hotel De Duinen - Double room · € 378,00");
    expect(within(booking).getByRole("link", { name: "Add extras to Hotel De Duinen" }).getAttribute("href")).toBe("/lowlands-lights/traveladdon/hotel-de-duinen");
    expect(orders.calls).toEqual([{ reference: "987654321" }, { reference: "123456789" }]);
  });
});

describe("Travel add-on link with its order number (the order confirmation and offer e-mails)", () => {
  it("opens on the linked order's hotel without the lookup form: the order is looked up with the link's cart token", async () => {
    const { orders } = render(`/lowlands-lights/traveladdon?cartToken=${ORDER_CART_TOKEN}&orderNumber=${ADD_ON.reference}`);
    const booking = (await screen.findByRole("heading", { name: "Hotel De Duinen" })).closest("li")!;
    expect(within(booking).getByText("Order #123456789")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Order number/ })).toBeNull();
    expect(orders.calls).toEqual([{ reference: "123456789" }]);
  });

  it("leaves the lookup form to the visitor when the linked order is not found", async () => {
    const { orders } = render(`/lowlands-lights/traveladdon?cartToken=${ORDER_CART_TOKEN}&orderNumber=987654321`);
    expect(await screen.findByText("No order was found with this number.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Order number/ })).toBeTruthy();
    expect(orders.calls).toEqual([{ reference: "987654321" }]);
  });
});

describe("Travel add-on lookup failure", () => {
  it("says the lookup failed when get-orders fails, and lets the visitor try again", async () => {
    const { orders } = render("/lowlands-lights/traveladdon");
    orders.failing = true;
    await lookUp(ADD_ON.reference);
    expect(await screen.findByText("We could not look up your order. Please try again.")).toBeTruthy();
    orders.failing = false;
    await lookUp(ADD_ON.reference);
    expect(await screen.findByRole("heading", { name: "Hotel De Duinen" })).toBeTruthy();
  });
});

describe("Travel add-on detail /{slug}/traveladdon/{detail} (spec §3 add-ons addon_{reference}_{extraId}, booked vs available)", () => {
  it("shows what the order booked and the package's extras on sale by category with price and units left (sold-out hidden)", async () => {
    render("/lowlands-lights/traveladdon/hotel-de-duinen");
    await lookUp(ADD_ON.reference);
    expect(await screen.findByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeTruthy();
    const booked = screen.getByRole("region", { name: "Booked with your order" });
    expect(booked.textContent).toContain("1 × Travel: Hotel De Duinen - Double room");
    const available = screen.getByRole("region", { name: "Available add-ons" });
    expect(within(available).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Extras", "Transfers"]);
    expect(within(available).getByRole("listitem", { name: "Breakfast buffet" }).textContent).toContain("€ 18,50 each · 1,000 left");
    expect(within(available).queryByText("Festival beach towel")).toBeNull();
    expect((within(available).getByRole("textbox", { name: "Amount of Breakfast buffet" }) as HTMLInputElement).value).toBe("0");
    expect(screen.queryByTestId("travel-booking")).toBeNull();
  });

  it("adds a breakfast to a new add-on cart with the order's cart token, then shows it booked with its subtotal", async () => {
    const { hotel, cartIds } = render("/lowlands-lights/traveladdon/hotel-de-duinen");
    const user = await lookUp(ADD_ON.reference);
    await user.click(await screen.findByRole("button", { name: "Increase Amount of Breakfast buffet" }));
    const summary = await screen.findByTestId("travel-booking");
    expect(within(summary).getByRole("heading", { name: "Your add-ons: Hotel De Duinen" })).toBeTruthy();
    const cartId = cartIds.get("lowlands-lights");
    expect(cartId).not.toBeNull();
    expect(hotel.addOnCarts.get(cartId!)).toMatchObject({ reference: ADD_ON.reference, cartToken: ORDER_CART_TOKEN });
    expect(hotel.calls).toEqual([`changeAddOn ${cartId} ${ADD_ON.breakfast} 1`]);
    expect(within(summary).getByRole("row", { name: /Breakfast buffet/ }).textContent).toContain("€ 18,50");
    await waitFor(() => expect((screen.getByRole("textbox", { name: "Amount of Breakfast buffet" }) as HTMLInputElement).value).toBe("1"));
    expect(hotel.extraStock.get("ll_extra_breakfast")).toBe(999);
  });

  it("says so when the order has no hotel of that name", async () => {
    render("/lowlands-lights/traveladdon/harbour-inn");
    await lookUp(ADD_ON.reference);
    expect(await screen.findByText("This hotel is not part of your order.")).toBeTruthy();
  });
});

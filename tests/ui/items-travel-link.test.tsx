// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import { ToastProvider } from "../../ui/shell/toasts.tsx";
import { TicketDetailRoute } from "../../ui/tickets/ticket-detail.route.tsx";
import { TicketsRoute } from "../../ui/tickets/tickets.route.tsx";
import { TRAVEL_ID } from "../support/contract-examples-travel.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const soldOutWeekend = aProduct({ id: "ll_ticket_weekend", name: "Weekend ticket", title: "Weekend ticket", soldOut: true, stock: 0 });
const travelTicket = (stock: number) =>
  aProduct({ id: "ll_ticket_travel", name: "Weekend ticket with travel", title: "Weekend ticket with travel", stock, soldOut: stock < 1, categories: [{ en: "TRAVEL TICKETS", nl: "REISTICKETS" }] });

const screens = (
  <ToastProvider>
    <Routes>
      <Route path="tickets" element={<TicketsRoute />} />
      <Route path="tickets/:id" element={<TicketDetailRoute />} />
    </Routes>
  </ToastProvider>
);

const render = (path: string, options: { travelStock: number; travelId?: string }) =>
  renderInShop(screens, {
    path,
    products: [soldOutWeekend, travelTicket(options.travelStock)],
    cart: null,
    config: options.travelId === undefined ? {} : { apiTravelId: options.travelId },
  });

describe("Sold-out tickets and the travel link (spec §4 Cart updates on item screens)", () => {
  it("links a sold-out ticket of the list to the travel page while a travel ticket is left and the shop sells travel", async () => {
    render("/lowlands-lights/tickets", { travelStock: 5, travelId: TRAVEL_ID });
    const links = await screen.findAllByRole("link", { name: "Book with travel" });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("/lowlands-lights/travel");
    expect(screen.queryByRole("button", { name: "Sold out" })).toBeNull();
  });

  it("shows the disabled sold-out button when every travel ticket is sold out too", async () => {
    render("/lowlands-lights/tickets", { travelStock: 0, travelId: TRAVEL_ID });
    const buttons = await screen.findAllByRole("button", { name: "Sold out" });
    expect(buttons.length).toBe(2);
    expect(screen.queryByRole("link", { name: "Book with travel" })).toBeNull();
  });

  it("shows the sold-out button in a shop without travel (no apiTravelId), even with a travel ticket left", async () => {
    render("/lowlands-lights/tickets", { travelStock: 5 });
    expect(await screen.findByRole("button", { name: "Sold out" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Book with travel" })).toBeNull();
  });

  it("links the sold-out ticket's detail screen to the travel page", async () => {
    render("/lowlands-lights/tickets/ll_ticket_weekend", { travelStock: 5, travelId: TRAVEL_ID });
    expect((await screen.findByRole("link", { name: "Book with travel" })).getAttribute("href")).toBe("/lowlands-lights/travel");
  });
});

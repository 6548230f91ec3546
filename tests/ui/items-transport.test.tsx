// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { itemQuantityMax } from "../../domain/quantities.ts";
import { formatTransportTime, TransportCard } from "../../ui/transportation/transport-card.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./render.tsx";

afterEach(cleanup);

const bus = aProduct({
  id: "ll_bus_utrecht",
  name: "Bus from Utrecht",
  title: "Bus from Utrecht",
  type: "transportation",
  price: 24.5,
  serviceCosts: 0,
  stock: 150,
  maxQuantity: 10,
  meta: { city: "Utrecht", country: "NL", pickupLocation: "Utrecht Jaarbeurs P+R", departureTime: "2027-08-20T10:30:00", returnTime: "2027-08-23T12:00:00", people: 1 },
});

describe("TransportCard (spec §2 Transportation card, §9)", () => {
  it("shows country, city, pickup, times in British English with CET, people, price per person as Ticket(s), and both disclaimers", () => {
    renderInShop(<TransportCard product={bus} quantity={{ inCart: 0, max: 10, mode: "select", pending: false, onChangeQuantity: vi.fn() }} />);
    const card = screen.getByRole("heading", { name: "Bus from Utrecht" }).closest("article")!;
    expect(card.textContent).toContain("Netherlands");
    expect(screen.getByText("Utrecht")).toBeTruthy();
    expect(screen.getByText("Utrecht Jaarbeurs P+R")).toBeTruthy();
    expect(screen.getByText("Fri 20 August 2027, 10:30 CET")).toBeTruthy();
    expect(screen.getByText("Mon 23 August 2027, 12:00 CET")).toBeTruthy();
    expect(screen.getByText("1 person")).toBeTruthy();
    expect(card.querySelector(".price")!.textContent).toBe("€ 24,50 per person · Ticket(s)");
    expect(screen.getByText(/Be at the pickup location/)).toBeTruthy();
    expect(screen.getByText(/order fee of €\s5,00/)).toBeTruthy();
  });

  it("books seats with its call-to-action, up to the product's maxQuantity", async () => {
    const onChange = vi.fn();
    const max = itemQuantityMax({ product: bus, cartProducts: {}, maxTicketAmount: 10, ticketsInCart: 0 });
    renderInShop(<TransportCard product={bus} quantity={{ inCart: 0, max, mode: "select", pending: false, onChangeQuantity: onChange }} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 }));
    expect((await screen.findAllByRole("option", {}, { timeout: 10_000 })).at(-1)!.textContent).toBe("10");
    await user.click(screen.getByRole("option", { name: "2" }));
    await user.click(screen.getByRole("button", { name: "Book seats" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it("formats an unparsable time as given", () => {
    expect(formatTransportTime("soon")).toBe("soon");
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Schema } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoomOption, TravelCart, TravelExtra } from "../../domain/travel.schema.ts";
import { RoomOptions, TravelExtras } from "../../ui/travel/travel-choices.tsx";
import { DUNES_EXTRAS, DUNES_OPTIONS, TRAVEL_CART_DOUBLE } from "../support/contract-examples-travel.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const options = DUNES_OPTIONS.map((o) => Schema.decodeSync(RoomOption)(o));
const extras = DUNES_EXTRAS.map((e) => Schema.decodeSync(TravelExtra)(e)).filter((e) => !e.soldOut);
const booked = Schema.decodeSync(TravelCart)(TRAVEL_CART_DOUBLE);
const bookedWithBreakfast = Schema.decodeSync(TravelCart)({
  ...TRAVEL_CART_DOUBLE,
  extras: [{ extraId: "ll_extra_breakfast", amount: 2, subtotal: 37, extra: { name: "Breakfast buffet", category: "extra" } }],
  totalPrice: 415,
});

describe("RoomOptions", () => {
  it("lists each room with its price per person and total, marks the sold-out suite and books the chosen room", async () => {
    const onBook = vi.fn();
    renderWithIntl(<RoomOptions options={options} persons={2} booked={null} disabled={false} onBook={onBook} />);
    const double = screen.getByRole("listitem", { name: "Double room" });
    expect(double.textContent).toContain("€ 189,00 per person");
    expect(double.textContent).toContain("€ 378,00 for 2 persons");
    expect(within(screen.getByRole("listitem", { name: "Family suite" })).getByText("Sold out")).toBeTruthy();
    expect(within(double).queryByText("Sold out")).toBeNull();
    await userEvent.setup().click(within(double).getByRole("button", { name: "Book Double room" }));
    expect(onBook).toHaveBeenCalledWith(options[0]);
  });

  it("marks the booked room, offers to switch the others, and to rebook for other persons", () => {
    renderWithIntl(<RoomOptions options={options} persons={2} booked={booked} disabled={false} onBook={vi.fn()} />);
    expect((within(screen.getByRole("listitem", { name: "Double room" })).getByRole("button", { name: "Booked" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByRole("listitem", { name: "Twin room" })).getByRole("button", { name: "Switch to Twin room" })).toBeTruthy();
    cleanup();
    renderWithIntl(<RoomOptions options={options} persons={1} booked={booked} disabled={false} onBook={vi.fn()} />);
    expect(within(screen.getByRole("listitem", { name: "Double room" })).getByRole("button", { name: "Book for 1 person" })).toBeTruthy();
  });

  it("shows a failed booking's text at its room and disables every button while a travel write is pending", () => {
    const text = "This package combination is sold out.";
    renderWithIntl(<RoomOptions options={options} persons={2} booked={null} disabled onBook={vi.fn()} failure={{ optionId: "ll_dunes_suite", text }} />);
    expect(within(screen.getByRole("listitem", { name: "Family suite" })).getByRole("alert").textContent).toBe(text);
    for (const button of screen.getAllByRole("button")) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("TravelExtras", () => {
  it("groups extras by category and keeps them disabled until a room is booked", () => {
    renderWithIntl(<TravelExtras extras={extras} booked={null} disabled={false} onChange={vi.fn()} />);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Extras", "Transfers"]);
    expect(screen.getByText("Book a room to add extras.")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Amount of Breakfast buffet" }) as HTMLInputElement).disabled).toBe(true);
  });

  it("shows the booked amount and reports a new amount", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithIntl(<TravelExtras extras={extras} booked={bookedWithBreakfast} disabled={false} onChange={onChange} />);
    // The number fields' code loads on first render (ui/travel/stepper-field.tsx).
    const increaseShuttle = await screen.findByRole("button", { name: "Increase Amount of Shuttle hotel - festival" });
    const breakfast = screen.getByRole("textbox", { name: "Amount of Breakfast buffet" }) as HTMLInputElement;
    expect(breakfast.value).toBe("2");
    await user.click(increaseShuttle);
    expect(onChange).toHaveBeenCalledWith(extras[1], 1);
  });
});

// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import fc from "fast-check";
import { Schema } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TravelSettings } from "../../domain/travel.schema.ts";
import { filtersFromQuery, queryWithFilters, TravelFilterForm } from "../../ui/travel/travel-filters.tsx";
import type { TravelFilters } from "../../ui/shop/travel-keys.ts";
import { TRAVEL_SETTINGS } from "../support/contract-examples-travel.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const settings = Schema.decodeSync(TravelSettings)(TRAVEL_SETTINGS);

describe("TravelFilterForm", () => {
  it("reports a persons change with the other filters kept", async () => {
    const onChange = vi.fn();
    renderWithIntl(<TravelFilterForm settings={settings} filters={{ persons: 2, rating: 3 }} onChange={onChange} />);
    const increase = await screen.findByRole("button", { name: /Increase/ });
    const persons = screen.getByRole("textbox", { name: "Persons" });
    await userEvent.setup().click(increase);
    expect(onChange).toHaveBeenLastCalledWith({ persons: 3, rating: 3 });
    expect(persons).toBeTruthy();
  });

  it("offers the settings' categories and ratings and reports the chosen minimum rating", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithIntl(<TravelFilterForm settings={settings} filters={{ persons: 2 }} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: /Rating/ }));
    // The list's code loads on the field's first use.
    const options = (await screen.findAllByRole("option", {}, { timeout: 10_000 })).map((o) => o.textContent);
    expect(options).toEqual(["Any rating", ...[...settings.ratings].sort().map((r) => `${r} stars or more`)]);
    await user.click(screen.getByRole("option", { name: "3 stars or more" }));
    expect(onChange).toHaveBeenLastCalledWith({ persons: 2, rating: 3 });
    await user.click(screen.getByRole("button", { name: /Category/ }));
    expect((await screen.findAllByRole("option", {}, { timeout: 10_000 })).map((o) => o.textContent)).toEqual(["All categories", ...settings.categories.map((c) => c[0]!.toUpperCase() + c.slice(1))]);
  });

  it("clears the rating filter with Any rating", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithIntl(<TravelFilterForm settings={settings} filters={{ persons: 4, rating: 4, category: "hotel" }} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: /Rating/ }));
    await user.click(screen.getByRole("option", { name: "Any rating" }));
    expect(onChange).toHaveBeenLastCalledWith({ persons: 4, category: "hotel" });
  });
});

describe("filters in the query string", () => {
  const filtersArb: fc.Arbitrary<TravelFilters> = fc.record(
    {
      persons: fc.integer({ min: 1, max: 50 }),
      category: fc.constantFrom("hotel", "glamping"),
      rating: fc.integer({ min: 1, max: 5 }),
      date: fc.constantFrom("2027-08-19", "2027-08-22"),
    },
    { requiredKeys: ["persons"] },
  );

  it("reads back what it wrote and keeps the other parameters", () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const params = queryWithFilters(new URLSearchParams("lang=nl&category=old"), filters);
        expect(filtersFromQuery(params, 2)).toEqual(filters);
        expect(params.get("lang")).toBe("nl");
      }),
    );
  });

  it("falls back to the default persons for persons outside 1..50 and drops bad dates", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 51 })), (persons) => {
        expect(filtersFromQuery(new URLSearchParams(`persons=${persons}&date=2027-02-30`), 3)).toEqual({ persons: 3 });
      }),
    );
  });
});

import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { quantityChangeEvent } from "../../domain/analytics.ts";
import { RoomOption, TravelExtra } from "../../domain/travel.schema.ts";
import { extraAnalyticsLine, roomAnalyticsLine } from "../../ui/travel/travel-analytics.ts";
import { DUNES_EXTRAS, DUNES_OPTIONS } from "../support/contract-examples-travel.ts";

const double = Schema.decodeSync(RoomOption)(DUNES_OPTIONS[0]!);
const breakfast = Schema.decodeSync(TravelExtra)(DUNES_EXTRAS[0]!);

describe("travel analytics (spec §7 item data)", () => {
  it("a booked room is an add_to_cart of the persons at the price per person, carrying the room price in euros", () => {
    const event = quantityChangeEvent(roomAnalyticsLine({ name: "Hotel De Duinen", category: "hotel" }, double, 2), 0, 2, "Lowlands");
    expect(event).toEqual({
      type: "add_to_cart",
      items: [{ name: "Hotel De Duinen", id: "ll_dunes_double", price: 189, brand: "Lowlands", category: "hotel", quantity: 2, variant: "Double room", roomPrice: 378 }],
    });
  });

  it("lowering an extra is a remove_from_cart of the difference", () => {
    const event = quantityChangeEvent(extraAnalyticsLine(breakfast, 1), 3, 1, "Lowlands");
    expect(event?.type).toBe("remove_from_cart");
    expect(event?.items[0]).toMatchObject({ id: "ll_extra_breakfast", price: 18.5, quantity: 2 });
  });
});

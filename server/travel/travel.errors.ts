import { Data } from "effect";
import { NO_ROOM_STOCK_SERVER_TEXT } from "../../domain/error-catalogue.ts";
import type { FailureFields } from "../failure.ts";

/*
 * The travel module's failures (spec §7 hotel calls, §8). Statuses: server/http/failure-status.ts.
 */

/** `5002`: the travel id is not the shop's (spec §8 "No travel packages found"). */
export class NoTravelPackages extends Data.TaggedError("NoTravelPackages")<FailureFields> {}
/** `5001`: unknown room option, extra, add-on or package. spec §8. */
export class TravelProductNotFound extends Data.TaggedError("TravelProductNotFound")<FailureFields> {}
/** `5000` with the server text the shop replaces (spec §8 "There is no stock for one of the rooms you want to book"). */
export class NoRoomStock extends Data.TaggedError("NoRoomStock")<FailureFields> {}
/** `hotel.not.booked`: extras need a booked room first. */
export class HotelNotBooked extends Data.TaggedError("HotelNotBooked")<FailureFields> {}

/** NoTravelPackages `5002` (`message` defaults to the spec's text). spec §8. */
export const noTravelPackages = (message = "No travel packages found."): NoTravelPackages => new NoTravelPackages({ code: "5002", message });
/** TravelProductNotFound `5001` for an unknown `what` (room option, extra, add-on). spec §8. */
export const travelProductNotFound = (what: string): TravelProductNotFound => new TravelProductNotFound({ code: "5001", message: `This ${what} was not found.` });
/** NoRoomStock `5000`. spec §8. */
export const noRoomStock = (): NoRoomStock => new NoRoomStock({ code: "5000", message: NO_ROOM_STOCK_SERVER_TEXT });
/** HotelNotBooked `hotel.not.booked`. */
export const hotelNotBooked = (): HotelNotBooked => new HotelNotBooked({ code: "hotel.not.booked", message: "Book a room before adding extras." });

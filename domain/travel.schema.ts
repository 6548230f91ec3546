import { Schema } from "effect";
import { MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "./hotel-persons.ts";
import { isIsoDate } from "./travel.ts";
import { EurosAsCents } from "./money.schema.ts";

/** Persons of a hotel search or booking: an integer 1..50. spec §3 Hotel filters, §9. */
export const HotelPersons = Schema.Int.check(Schema.isBetween({ minimum: MIN_HOTEL_PERSONS, maximum: MAX_HOTEL_PERSONS }));

/** A calendar date YYYY-MM-DD (stay dates, the packages `date` filter). spec §7 Travel API. */
export const IsoDate = Schema.String.check(Schema.makeFilter((s: string) => isIsoDate(s) || "a date YYYY-MM-DD"));

/** Extra categories of the Travel API. spec §3 Travel "Extras have a category (extra, transfer, merchandise)". */
export const ExtraCategory = Schema.Literals(["extra", "transfer", "merchandise"]);
/** extra | transfer | merchandise. */
export type ExtraCategory = typeof ExtraCategory.Type;

/**
 * GET /travel-api/{travelId}/en/settings: the search form's limits (persons 1..50, default persons), the
 * categories and star ratings on offer, the festival stay window and the currency (EUR). spec §7 Travel API, §9.
 */
export const TravelSettings = Schema.Struct({
  travelId: Schema.String,
  eventId: Schema.String,
  currency: Schema.Literal("EUR"),
  persons: Schema.Struct({ min: Schema.Int, max: Schema.Int, default: Schema.Int }),
  categories: Schema.Array(Schema.String),
  ratings: Schema.Array(Schema.Int),
  startOfStayDate: IsoDate,
  endOfStayDate: IsoDate,
});
/** Decoded travel settings. */
export type TravelSettings = typeof TravelSettings.Type;

/** The fields a package shares with the travel cart that books it (spec §3 Travel package). */
const packageFields = {
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  rating: Schema.Int,
  category: Schema.String,
  occupation: Schema.Int,
  startOfStayDate: IsoDate,
  endOfStayDate: IsoDate,
  eventId: Schema.String,
  accommodationId: Schema.String,
  images: Schema.Array(Schema.String),
  state: Schema.Struct({ soldout: Schema.Boolean }),
};

/**
 * One travel package (spec §3 Travel): ids, name, slug, rating, category, occupation, stay, images, soldout for the
 * asked persons and the lowest price per person (cents).
 */
export const TravelPackage = Schema.Struct({ ...packageFields, price: EurosAsCents });
/** A decoded travel package (price in cents). */
export type TravelPackage = typeof TravelPackage.Type;
/** A travel package on the wire (price in euros). */
export type TravelPackageEncoded = typeof TravelPackage.Encoded;

/** A room inside a room option: its name and how many persons sleep in it. spec §3 "Room options with rooms". */
export const Room = Schema.Struct({ name: Schema.String, persons: Schema.Int });
/** A room of a room option. */
export type Room = typeof Room.Type;

/**
 * One room option (spec §3 Travel): its rooms, occupation, price per person for the stay, total for the asked persons
 * (cents), units left and soldOut.
 */
export const RoomOption = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  rooms: Schema.Array(Room),
  occupation: Schema.Int,
  price: EurosAsCents,
  totalPrice: EurosAsCents,
  stock: Schema.Int,
  soldOut: Schema.Boolean,
});
/** A decoded room option (cents). */
export type RoomOption = typeof RoomOption.Type;
/** A room option on the wire (euros). */
export type RoomOptionEncoded = typeof RoomOption.Encoded;

/** One extra of GET …/options/extras (spec §3 Travel): name, category, price per unit (cents inside), units left, soldOut. */
export const TravelExtra = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  category: ExtraCategory,
  price: EurosAsCents,
  stock: Schema.Int,
  soldOut: Schema.Boolean,
});
/** A decoded travel extra (cents). */
export type TravelExtra = typeof TravelExtra.Type;
/** A travel extra on the wire (euros). */
export type TravelExtraEncoded = typeof TravelExtra.Encoded;

/** Query of GET …/packages: persons 1..50, categories (comma list on the wire), minimum star rating, a night of the stay. spec §3 Hotel filters. */
export interface PackageSearch {
  readonly persons?: number;
  readonly categories?: ReadonlyArray<string>;
  readonly rating?: number;
  readonly date?: string;
}

/** Query of GET …/packages/{packageId}/options: persons 1..50 and optionally the stay (YYYY-MM-DD). spec §7 Travel API. */
export interface OptionSearch {
  readonly persons: number;
  readonly startOfStay?: string;
  readonly endOfStay?: string;
}

/** A booked extra in the travel cart: id, amount, subtotal (cents inside) and the extra's name. spec §3 Travel extras. */
export const BookedExtra = Schema.Struct({
  extraId: Schema.String,
  amount: Schema.Int,
  subtotal: EurosAsCents,
  extra: Schema.Struct({ name: Schema.String, category: ExtraCategory }),
});
/** A decoded booked extra. */
export type BookedExtra = typeof BookedExtra.Type;

/** A booked add-on (addon_{reference}_{extraId}) of an add-on cart: quantity, subtotal (cents inside), the extra's name. spec §3, §7 add-ons. */
export const BookedAddOn = Schema.Struct({
  addonId: Schema.String,
  quantity: Schema.Int,
  subtotal: EurosAsCents,
  hotelCartId: Schema.NullOr(Schema.String),
  extra: Schema.Struct({ name: Schema.String, category: ExtraCategory }),
});
/** A decoded booked add-on. */
export type BookedAddOn = typeof BookedAddOn.Type;

/**
 * The travel cart of a cart for one travel id (spec §3 Travel package): persons booked, the room option, extras,
 * add-ons and total (cents); `data` null when nothing is booked.
 */
export const TravelCart = Schema.Struct({
  hotelCartId: Schema.NullOr(Schema.String),
  travelId: Schema.String,
  ...packageFields,
  packageOption: Schema.NullOr(Schema.Struct({ id: Schema.String, title: Schema.String, subtotal: EurosAsCents })),
  extras: Schema.Array(BookedExtra),
  addOns: Schema.Array(BookedAddOn),
  totalPrice: EurosAsCents,
});
/** A decoded travel cart (cents). */
export type TravelCart = typeof TravelCart.Type;
/** A travel cart on the wire (euros). */
export type TravelCartEncoded = typeof TravelCart.Encoded;

/** The travel cart answer: the cart, or null when nothing is booked for the travel id. */
export const TravelCartAnswer = Schema.NullOr(TravelCart);

/** Body of PUT /carts/{cartId}/products/hotel/{travelId}: the room option id and the persons (1..50, default the option's occupation). spec §7. */
export const PutHotelRoom = Schema.Struct({ productId: Schema.NonEmptyString, persons: Schema.optional(HotelPersons) });
/** A PUT hotel body. */
export type PutHotelRoom = typeof PutHotelRoom.Type;

/** Body of POST …/extras: the extra and its new amount (1..50, replaces the booked amount). spec §7. */
export const PostHotelExtra = Schema.Struct({ extraId: Schema.NonEmptyString, amount: HotelPersons });
/** A POST extras body. */
export type PostHotelExtra = typeof PostHotelExtra.Type;

/** Body of DELETE …/extras: the extra to give back. spec §7. */
export const DeleteHotelExtra = Schema.Struct({ extraId: Schema.NonEmptyString });
/** A DELETE extras body. */
export type DeleteHotelExtra = typeof DeleteHotelExtra.Type;

/** Body of PATCH and DELETE …/add-ons: addonId, quantity (at least 1, at most 50), optional hotelCartId. spec §7. */
export const HotelAddOnChange = Schema.Struct({
  addonId: Schema.NonEmptyString,
  quantity: HotelPersons,
  hotelCartId: Schema.optional(Schema.String),
});
/** A PATCH/DELETE add-ons body. */
export type HotelAddOnChange = typeof HotelAddOnChange.Type;

/** Body of DELETE …/add-ons: the same as PATCH, quantity optional (ignored: the add-on is removed whole). spec §7. */
export const RemoveHotelAddOn = Schema.Struct({
  addonId: Schema.NonEmptyString,
  quantity: Schema.optional(HotelPersons),
  hotelCartId: Schema.optional(Schema.String),
});
/** A DELETE add-ons body. */
export type RemoveHotelAddOn = typeof RemoveHotelAddOn.Type;


import type {
  RoomOptionEncoded,
  TravelCartEncoded,
  TravelExtraEncoded,
  TravelPackageEncoded,
  TravelSettings,
} from "../../domain/travel.schema.ts";

/** Provider name of the Travel API in the Pact files (its own pact: contracts/festival-shop-web-travel-api.json). */
export const TRAVEL_PROVIDER = "travel-api";
/** The demo shop's travel id (shop config apiTravelId). */
export const TRAVEL_ID = "lowlands-lights-2027-travel";
/** Reference, cart token and add-on id of the demo previous order's breakfast add-on (COMMON.md shared ids). */
export const ADD_ON = {
  reference: "123456789",
  cartToken: "ct_demo_4b8e2f6a1c9d",
  breakfast: "addon_123456789_ll_extra_breakfast",
  towel: "addon_123456789_ll_merch_towel",
} as const;

/** Example settings on the wire. */
export const TRAVEL_SETTINGS: typeof TravelSettings.Encoded = {
  travelId: TRAVEL_ID,
  eventId: "lowlands-lights-2027",
  currency: "EUR",
  persons: { min: 1, max: 50, default: 2 },
  categories: ["hotel", "glamping"],
  ratings: [3, 4],
  startOfStayDate: "2027-08-19",
  endOfStayDate: "2027-08-23",
};

/** Example package on the wire (price from, euros per person). */
export const DUNES_PACKAGE: TravelPackageEncoded = {
  id: "ll_hotel_dunes",
  name: "Hotel De Duinen",
  slug: "hotel-de-duinen",
  rating: 4,
  category: "hotel",
  occupation: 4,
  startOfStayDate: "2027-08-19",
  endOfStayDate: "2027-08-23",
  eventId: "lowlands-lights-2027",
  accommodationId: "acc_de_duinen",
  images: ["/assets/hero-lowlands.svg"],
  state: { soldout: false },
  price: 169.5,
};

/** The other demo packages (wire). */
export const OTHER_PACKAGES: ReadonlyArray<TravelPackageEncoded> = [
  { ...DUNES_PACKAGE, id: "ll_hotel_harbour", name: "Harbour Inn", slug: "harbour-inn", rating: 3, occupation: 2, startOfStayDate: "2027-08-20", accommodationId: "acc_harbour_inn", price: 119 },
  { ...DUNES_PACKAGE, id: "ll_glamping_lake", name: "Lakeside Glamping", slug: "lakeside-glamping", rating: 3, category: "glamping", occupation: 6, accommodationId: "acc_lakeside", price: 99 },
];

/** Example room options of Hotel De Duinen for 2 persons (wire). */
export const DUNES_OPTIONS: ReadonlyArray<RoomOptionEncoded> = [
  { id: "ll_dunes_double", title: "Double room", rooms: [{ name: "Double room", persons: 2 }], occupation: 2, price: 189, totalPrice: 378, stock: 200, soldOut: false },
  { id: "ll_dunes_twin", title: "Twin room", rooms: [{ name: "Twin room", persons: 2 }], occupation: 2, price: 169.5, totalPrice: 339, stock: 8, soldOut: false },
  {
    id: "ll_dunes_suite",
    title: "Family suite",
    rooms: [{ name: "Bedroom", persons: 2 }, { name: "Living room with sofa bed", persons: 2 }],
    occupation: 4,
    price: 249,
    totalPrice: 498,
    stock: 0,
    soldOut: true,
  },
];

/** Example extras of Hotel De Duinen (wire). */
export const DUNES_EXTRAS: ReadonlyArray<TravelExtraEncoded> = [
  { id: "ll_extra_breakfast", name: "Breakfast buffet", category: "extra", price: 18.5, stock: 1000, soldOut: false },
  { id: "ll_transfer_shuttle", name: "Shuttle hotel - festival", category: "transfer", price: 12, stock: 100, soldOut: false },
  { id: "ll_merch_towel", name: "Festival beach towel", category: "merchandise", price: 24.95, stock: 0, soldOut: true },
];

/** Example travel cart: a double room at Hotel De Duinen for 2 persons (wire). */
export const TRAVEL_CART_DOUBLE: TravelCartEncoded = {
  hotelCartId: "4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  travelId: TRAVEL_ID,
  id: "ll_hotel_dunes",
  name: "Hotel De Duinen",
  slug: "hotel-de-duinen",
  rating: 4,
  category: "hotel",
  occupation: 2,
  startOfStayDate: "2027-08-19",
  endOfStayDate: "2027-08-23",
  eventId: "lowlands-lights-2027",
  accommodationId: "acc_de_duinen",
  images: ["/assets/hero-lowlands.svg"],
  state: { soldout: false },
  packageOption: { id: "ll_dunes_double", title: "Double room", subtotal: 378 },
  extras: [],
  addOns: [],
  totalPrice: 378,
};

import type { Tx } from "../db/database.ts";
import { travelExtras, travelOptions, travelPackages } from "../db/schema.ts";
import type { ExtraData, OptionData, PackageData } from "../travel/travel-store.ts";

/** Travel id of the Lowlands Lights hotel packages (shop config apiTravelId). spec §3 Shop config. */
export const LOWLANDS_TRAVEL_ID = "lowlands-lights-2027-travel";

/** A demo package with its room options and extras (euros, initial stock). */
interface DemoPackage {
  readonly id: string;
  readonly data: PackageData;
  readonly options: ReadonlyArray<{ readonly id: string; readonly data: OptionData; readonly stock: number }>;
  readonly extras: ReadonlyArray<{ readonly id: string; readonly data: ExtraData; readonly stock: number }>;
}

const EVENT_ID = "lowlands-lights-2027";

/**
 * The demo hotel packages around the festival (per person for the whole stay, euros), with sold-out rooms and extras;
 * large stocks where Pact provider states book on every run. spec §3 Travel.
 */
export const DEMO_TRAVEL: ReadonlyArray<DemoPackage> = [
  {
    id: "ll_hotel_dunes",
    data: {
      name: "Hotel De Duinen",
      rating: 4,
      category: "hotel",
      startOfStayDate: "2027-08-19",
      endOfStayDate: "2027-08-23",
      eventId: EVENT_ID,
      accommodationId: "acc_de_duinen",
      images: ["/assets/hero-lowlands.svg"],
    },
    options: [
      { id: "ll_dunes_double", data: { title: "Double room", rooms: [{ name: "Double room", persons: 2 }], price: 189 }, stock: 200 },
      { id: "ll_dunes_twin", data: { title: "Twin room", rooms: [{ name: "Twin room", persons: 2 }], price: 169.5 }, stock: 8 },
      {
        id: "ll_dunes_suite",
        data: { title: "Family suite", rooms: [{ name: "Bedroom", persons: 2 }, { name: "Living room with sofa bed", persons: 2 }], price: 249 },
        stock: 0,
      },
    ],
    extras: [
      { id: "ll_extra_breakfast", data: { name: "Breakfast buffet", category: "extra", price: 18.5 }, stock: 1000 },
      { id: "ll_transfer_shuttle", data: { name: "Shuttle hotel - festival", category: "transfer", price: 12 }, stock: 100 },
      { id: "ll_merch_towel", data: { name: "Festival beach towel", category: "merchandise", price: 24.95 }, stock: 0 },
    ],
  },
  {
    id: "ll_hotel_harbour",
    data: {
      name: "Harbour Inn",
      rating: 3,
      category: "hotel",
      startOfStayDate: "2027-08-20",
      endOfStayDate: "2027-08-23",
      eventId: EVENT_ID,
      accommodationId: "acc_harbour_inn",
      images: ["/assets/hero-lowlands.svg"],
    },
    options: [
      { id: "ll_harbour_single", data: { title: "Single room", rooms: [{ name: "Single room", persons: 1 }], price: 119 }, stock: 4 },
      { id: "ll_harbour_double", data: { title: "Double room", rooms: [{ name: "Double room", persons: 2 }], price: 139 }, stock: 6 },
    ],
    extras: [{ id: "ll_harbour_parking", data: { name: "Parking", category: "extra", price: 15 }, stock: 40 }],
  },
  {
    id: "ll_glamping_lake",
    data: {
      name: "Lakeside Glamping",
      rating: 3,
      category: "glamping",
      startOfStayDate: "2027-08-19",
      endOfStayDate: "2027-08-23",
      eventId: EVENT_ID,
      accommodationId: "acc_lakeside",
      images: ["/assets/hero-lowlands.svg"],
    },
    options: [
      { id: "ll_lake_bell_tent", data: { title: "Bell tent", rooms: [{ name: "Bell tent", persons: 4 }], price: 99 }, stock: 10 },
      { id: "ll_lake_lodge", data: { title: "Safari lodge", rooms: [{ name: "Safari lodge", persons: 6 }], price: 129 }, stock: 3 },
    ],
    extras: [{ id: "ll_lake_firewood", data: { name: "Firewood basket", category: "extra", price: 8 }, stock: 60 }],
  },
];

/** Seeds the demo travel packages, room options and extras (spec §3 Travel) inside the catalogue transaction. */
export const seedDemoTravel = async (tx: Tx): Promise<void> => {
  for (const [position, pkg] of DEMO_TRAVEL.entries()) {
    await tx.insert(travelPackages).values({ travelId: LOWLANDS_TRAVEL_ID, id: pkg.id, position, data: pkg.data });
    for (const [index, option] of pkg.options.entries()) {
      await tx.insert(travelOptions).values({ travelId: LOWLANDS_TRAVEL_ID, packageId: pkg.id, id: option.id, position: index, data: option.data, stock: option.stock });
    }
    for (const [index, extra] of pkg.extras.entries()) {
      await tx.insert(travelExtras).values({ travelId: LOWLANDS_TRAVEL_ID, packageId: pkg.id, id: extra.id, position: index, data: extra.data, stock: extra.stock });
    }
  }
};

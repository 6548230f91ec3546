import { Schema } from "effect";
import { DEFAULT_HOTEL_PERSONS, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { TravelSettings, type RoomOptionEncoded, type TravelExtraEncoded, type TravelPackageEncoded } from "../../domain/travel.schema.ts";
import type { Db } from "../db/database.ts";
import {
  extraView,
  findPackageRow,
  listExtraRows,
  listOptionRows,
  listPackageRows,
  optionOccupation,
  optionView,
  packageView,
  type OptionRow,
  type PackageRow,
} from "./travel-store.ts";
import { noTravelPackages, TravelProductNotFound } from "./travel.errors.ts";

const encodeSettings = Schema.encodeSync(TravelSettings);

/** The travel id has no packages: `5002` "No travel packages found". spec §8. */
const unknownTravel = (travelId: string) => noTravelPackages(`No travel packages found for '${travelId}'.`);

/** The travel id has no such package: `5001`. spec §8. */
const unknownPackage = (packageId: string) => new TravelProductNotFound({ code: "5001", message: `No travel package '${packageId}'.` });

/** The packages of a travel id; NoTravelPackages when it has none. */
const packagesOf = async (db: Db, travelId: string): Promise<PackageRow[]> => {
  const packages = await listPackageRows(db, travelId);
  if (packages.length === 0) throw unknownTravel(travelId);
  return packages;
};

/** One package of a travel id; NoTravelPackages for an unknown travel id, TravelProductNotFound for an unknown package. */
const packageOf = async (db: Db, travelId: string, packageId: string): Promise<PackageRow> => {
  const row = await findPackageRow(db, travelId, packageId);
  if (!row) {
    if ((await listPackageRows(db, travelId)).length === 0) throw unknownTravel(travelId);
    throw unknownPackage(packageId);
  }
  return row;
};

/** Comma-separated categories, lower-cased; undefined when none is named (then every category matches). */
const categoriesOf = (text: string | undefined): string[] | undefined => {
  const list = (text ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
};

/** The Travel API settings of a travel id (spec §7 Travel API): persons range, categories, ratings and the whole stay; NoTravelPackages when unknown. */
export const travelSettingsOf = async (db: Db, travelId: string): Promise<typeof TravelSettings.Encoded> => {
  const packages = await packagesOf(db, travelId);
  const options = await listOptionRows(db, travelId);
  const ratings = [...new Set(packages.map((p) => p.data.rating))].sort((a, b) => a - b);
  const starts = packages.map((p) => p.data.startOfStayDate).sort();
  const ends = packages.map((p) => p.data.endOfStayDate).sort();
  const maxOccupation = Math.max(MIN_HOTEL_PERSONS, ...options.map((o) => optionOccupation(o.data)));
  return encodeSettings({
    travelId,
    eventId: packages[0]!.data.eventId,
    currency: "EUR",
    persons: { min: MIN_HOTEL_PERSONS, max: MAX_HOTEL_PERSONS, default: Math.min(DEFAULT_HOTEL_PERSONS, maxOccupation) },
    categories: [...new Set(packages.map((p) => p.data.category))],
    ratings,
    startOfStayDate: starts[0]!,
    endOfStayDate: ends[ends.length - 1]!,
  });
};

/** The filters of a package search (spec §7 Travel API): persons a room must sleep, categories (comma-separated), minimum rating, a night of the stay (ISO date). */
export interface PackageSearch {
  readonly persons?: number | undefined;
  readonly category?: string | undefined;
  readonly rating?: number | undefined;
  readonly date?: string | undefined;
}

/** The packages of a travel id that match `search`, priced for its persons; NoTravelPackages when the travel id is unknown. */
export const travelPackagesOf = async (db: Db, travelId: string, search: PackageSearch): Promise<TravelPackageEncoded[]> => {
  const packages = await packagesOf(db, travelId);
  const options = await listOptionRows(db, travelId);
  const optionsOf = (id: string): OptionRow[] => options.filter((o) => o.packageId === id);
  const categories = categoriesOf(search.category);
  return packages
    .filter((p) => categories === undefined || categories.includes(p.data.category.toLowerCase()))
    .filter((p) => search.rating === undefined || p.data.rating >= search.rating)
    .filter((p) => search.date === undefined || (p.data.startOfStayDate <= search.date && search.date < p.data.endOfStayDate))
    .filter((p) => search.persons === undefined || optionsOf(p.id).some((o) => optionOccupation(o.data) >= search.persons!))
    .map((p) => packageView(p, optionsOf(p.id), search.persons));
};

/** A package's room options that sleep `persons`, for the package's own stay only (another stay has none); the package failures of packageOf. */
export const packageOptionsOf = async (
  db: Db,
  travelId: string,
  packageId: string,
  stay: { readonly persons: number; readonly startOfStay?: string | undefined; readonly endOfStay?: string | undefined },
): Promise<RoomOptionEncoded[]> => {
  const row = await packageOf(db, travelId, packageId);
  // Packages are sold for their own stay; a different stay has no options.
  const sameStay = (stay.startOfStay === undefined || stay.startOfStay === row.data.startOfStayDate) && (stay.endOfStay === undefined || stay.endOfStay === row.data.endOfStayDate);
  const options = sameStay ? await listOptionRows(db, travelId, row.id) : [];
  return options.filter((o) => optionOccupation(o.data) >= stay.persons).map((o) => optionView(o, stay.persons));
};

/** A package's extras; with `packageOptionId`, TravelProductNotFound when that room option is not the package's. */
export const packageExtrasOf = async (db: Db, travelId: string, packageId: string, packageOptionId: string | undefined): Promise<TravelExtraEncoded[]> => {
  const row = await packageOf(db, travelId, packageId);
  if (packageOptionId !== undefined) {
    const options = await listOptionRows(db, travelId, row.id);
    if (!options.some((o) => o.id === packageOptionId)) {
      throw new TravelProductNotFound({ code: "5001", message: `No room option '${packageOptionId}' in package '${row.id}'.` });
    }
  }
  return (await listExtraRows(db, travelId, row.id)).map(extraView);
};

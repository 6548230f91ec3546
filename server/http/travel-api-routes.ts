import type { FastifyInstance, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { IsoDate, TravelSettings, type TravelPackageEncoded } from "../../domain/travel.schema.ts";
import { DEFAULT_HOTEL_PERSONS, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
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
} from "../travel/travel-store.ts";
import { invalidRequest } from "../failure.ts";
import { noTravelPackages, TravelProductNotFound } from "../travel/travel.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";


const PersonsParam = Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: MIN_HOTEL_PERSONS, maximum: MAX_HOTEL_PERSONS }));
const RatingParam = Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 5 }));
const TravelParams = Schema.Struct({ travelId: Schema.NonEmptyString });
const PackageParams = Schema.Struct({ travelId: Schema.NonEmptyString, packageId: Schema.NonEmptyString });
const PackagesQuery = Schema.Struct({
  persons: Schema.optional(PersonsParam),
  category: Schema.optional(Schema.String),
  rating: Schema.optional(RatingParam),
  date: Schema.optional(IsoDate),
});
const OptionsQuery = Schema.Struct({
  persons: PersonsParam,
  startOfStay: Schema.optional(IsoDate),
  endOfStay: Schema.optional(IsoDate),
});
const ExtrasQuery = Schema.Struct({ packageOptionId: Schema.optional(Schema.NonEmptyString) });
const encodeSettings = Schema.encodeSync(TravelSettings);

/** 404 `5002` "No travel packages found": the travel id has no packages. spec §8. */
export const unknownTravel = (travelId: string) => noTravelPackages(`No travel packages found for '${travelId}'.`);
/** 404 `5001`: the travel id has no such package. spec §8. */
export const unknownPackage = (packageId: string) => new TravelProductNotFound({ code: "5001", message: `No travel package '${packageId}'.` });

const categoriesOf = (text: string | undefined): string[] | undefined => {
  const list = (text ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
};

/**
 * Travel API (spec §7 Travel API): settings, packages, options, extras under /travel-api/{travelId}/en. Public and
 * read-only (no shop headers): it answers catalogue data only, like the separate Travel API host in production.
 * Envelope `{data}` / `{error:{code,message}}` as the Shop API. 404 5002 unknown travel id, 404 5001 unknown
 * package or option, 400 request.invalid for a bad query (persons outside 1–50, malformed date). docs/travel-api.md.
 */
export const travelApiRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db } = deps;
  const packagesOf = async (request: FastifyRequest): Promise<{ travelId: string; packages: PackageRow[] }> => {
    const { travelId } = decodeOrThrow(TravelParams, request.params, "path");
    const packages = await listPackageRows(db, travelId);
    if (packages.length === 0) throw unknownTravel(travelId);
    return { travelId, packages };
  };
  const packageOf = async (request: FastifyRequest) => {
    const { travelId, packageId } = decodeOrThrow(PackageParams, request.params, "path");
    const row = await findPackageRow(db, travelId, packageId);
    if (!row) {
      if ((await listPackageRows(db, travelId)).length === 0) throw unknownTravel(travelId);
      throw unknownPackage(packageId);
    }
    return { travelId, row };
  };

  app.get("/:travelId/en/settings", async (request) => {
    const { travelId, packages } = await packagesOf(request);
    const options = await listOptionRows(db, travelId);
    const ratings = [...new Set(packages.map((p) => p.data.rating))].sort((a, b) => a - b);
    const starts = packages.map((p) => p.data.startOfStayDate).sort();
    const ends = packages.map((p) => p.data.endOfStayDate).sort();
    const maxOccupation = Math.max(MIN_HOTEL_PERSONS, ...options.map((o) => optionOccupation(o.data)));
    return {
      data: encodeSettings({
        travelId,
        eventId: packages[0]!.data.eventId,
        currency: "EUR",
        persons: { min: MIN_HOTEL_PERSONS, max: MAX_HOTEL_PERSONS, default: Math.min(DEFAULT_HOTEL_PERSONS, maxOccupation) },
        categories: [...new Set(packages.map((p) => p.data.category))],
        ratings,
        startOfStayDate: starts[0]!,
        endOfStayDate: ends[ends.length - 1]!,
      }),
    };
  });

  app.get("/:travelId/en/packages", async (request) => {
    const query = decodeOrThrow(PackagesQuery, request.query, "query");
    const { travelId, packages } = await packagesOf(request);
    const options = await listOptionRows(db, travelId);
    const optionsOf = (id: string): OptionRow[] => options.filter((o) => o.packageId === id);
    const categories = categoriesOf(query.category);
    const found: TravelPackageEncoded[] = packages
      .filter((p) => categories === undefined || categories.includes(p.data.category.toLowerCase()))
      .filter((p) => query.rating === undefined || p.data.rating >= query.rating)
      .filter((p) => query.date === undefined || (p.data.startOfStayDate <= query.date && query.date < p.data.endOfStayDate))
      .filter((p) => query.persons === undefined || optionsOf(p.id).some((o) => optionOccupation(o.data) >= query.persons!))
      .map((p) => packageView(p, optionsOf(p.id), query.persons));
    return { data: found };
  });

  app.get("/:travelId/en/packages/:packageId/options", async (request) => {
    const query = decodeOrThrow(OptionsQuery, request.query, "query");
    if (query.startOfStay !== undefined && query.endOfStay !== undefined && query.startOfStay >= query.endOfStay) {
      throw invalidRequest("Invalid query: endOfStay: must be after startOfStay");
    }
    const { travelId, row } = await packageOf(request);
    // Packages are sold for their own stay; a different stay has no options.
    const sameStay =
      (query.startOfStay === undefined || query.startOfStay === row.data.startOfStayDate) &&
      (query.endOfStay === undefined || query.endOfStay === row.data.endOfStayDate);
    const options = sameStay ? await listOptionRows(db, travelId, row.id) : [];
    return {
      data: options
        .filter((o) => optionOccupation(o.data) >= query.persons)
        .map((o) => optionView(o, query.persons)),
    };
  });

  app.get("/:travelId/en/packages/:packageId/options/extras", async (request) => {
    const query = decodeOrThrow(ExtrasQuery, request.query, "query");
    const { travelId, row } = await packageOf(request);
    if (query.packageOptionId !== undefined) {
      const options = await listOptionRows(db, travelId, row.id);
      if (!options.some((o) => o.id === query.packageOptionId)) {
        throw new TravelProductNotFound({ code: "5001", message: `No room option '${query.packageOptionId}' in package '${row.id}'.` });
      }
    }
    return { data: (await listExtraRows(db, travelId, row.id)).map(extraView) };
  });
};

import type { FastifyInstance } from "fastify";
import { Schema } from "effect";
import { IsoDate } from "../../domain/travel.schema.ts";
import { MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { packageExtrasOf, packageOptionsOf, travelPackagesOf, travelSettingsOf } from "../travel/travel-catalogue.ts";
import { invalidRequest } from "../failure.ts";
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

/**
 * Travel API (spec §7 Travel API; docs/travel-api.md): settings, packages, options and extras under /travel-api/{travelId}/en,
 * public and read-only like the separate host in production; the travel module answers, its failures map to statuses.
 */
export const travelApiRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db } = deps;

  app.get("/:travelId/en/settings", async (request) => {
    const { travelId } = decodeOrThrow(TravelParams, request.params, "path");
    return { data: await travelSettingsOf(db, travelId) };
  });

  app.get("/:travelId/en/packages", async (request) => {
    const query = decodeOrThrow(PackagesQuery, request.query, "query");
    const { travelId } = decodeOrThrow(TravelParams, request.params, "path");
    return { data: await travelPackagesOf(db, travelId, query) };
  });

  app.get("/:travelId/en/packages/:packageId/options", async (request) => {
    const query = decodeOrThrow(OptionsQuery, request.query, "query");
    if (query.startOfStay !== undefined && query.endOfStay !== undefined && query.startOfStay >= query.endOfStay) {
      throw invalidRequest("Invalid query: endOfStay: must be after startOfStay");
    }
    const { travelId, packageId } = decodeOrThrow(PackageParams, request.params, "path");
    return { data: await packageOptionsOf(db, travelId, packageId, query) };
  });

  app.get("/:travelId/en/packages/:packageId/options/extras", async (request) => {
    const query = decodeOrThrow(ExtrasQuery, request.query, "query");
    const { travelId, packageId } = decodeOrThrow(PackageParams, request.params, "path");
    return { data: await packageExtrasOf(db, travelId, packageId, query.packageOptionId) };
  });
};

import type { Effect } from "effect";
import type { OptionSearch, PackageSearch, RoomOption, TravelExtra, TravelPackage, TravelSettings } from "../../domain/travel.schema.ts";
import type { ApiFailure } from "../errors.ts";

/**
 * Port to the Travel API (spec §7 Travel API; docs/travel-api.md), a public read-only host of its own. Failures are
 * ShopApiError with the answer's code (404 5002 unknown travel id, 404 5001 unknown package/option, 400
 * request.invalid), NetworkError or UnexpectedAnswerError. Money in cents.
 */
export interface TravelApi {
  /** GET /{travelId}/en/settings: persons range (1..50), categories, ratings, stay window, currency EUR. */
  getSettings(travelId: string): Effect.Effect<TravelSettings, ApiFailure>;
  /** GET /{travelId}/en/packages?persons&category=a,b&rating&date: the packages matching the hotel filters (may be empty). */
  searchPackages(travelId: string, search: PackageSearch): Effect.Effect<ReadonlyArray<TravelPackage>, ApiFailure>;
  /** GET /{travelId}/en/packages/{packageId}/options?persons&startOfStay&endOfStay: room options that sleep the persons. */
  getOptions(travelId: string, packageId: string, search: OptionSearch): Effect.Effect<ReadonlyArray<RoomOption>, ApiFailure>;
  /** GET /{travelId}/en/packages/{packageId}/options/extras?packageOptionId: the package's extras (extra, transfer, merchandise). */
  getExtras(travelId: string, packageId: string, packageOptionId?: string): Effect.Effect<ReadonlyArray<TravelExtra>, ApiFailure>;
}

import { Data, Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { NO_TRAVEL_PACKAGES } from "../../domain/error-catalogue.ts";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import { serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import type { TravelPackage } from "../../domain/travel.schema.ts";
import { isHotelPersons, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { TravelApi } from "../ports/travel-api.port.ts";
import { TRAVEL_API } from "../ports/tokens.ts";

/** The hotel search names persons outside 1..50 (or not whole); nothing is asked of the Travel API. spec §9. */
export class InvalidHotelPersons extends Data.TaggedError("InvalidHotelPersons")<{
  readonly persons: number;
  readonly min: number;
  readonly max: number;
}> {}

/** Input of SearchTravelPackages: the shop's apiTravelId and the hotel filters (persons 1..50, categories, minimum stars, a night of the stay). */
export interface SearchTravelPackagesInput {
  readonly travelId: string;
  readonly persons: number;
  readonly categories?: ReadonlyArray<string>;
  readonly rating?: number;
  readonly date?: string;
}

const noPackages = () => new CatalogueError({ code: 5002, messages: [NO_TRAVEL_PACKAGES] });

/**
 * Searches the travel packages with the hotel filters (spec §3 Hotel filters, §7 Travel API). Fails with
 * InvalidHotelPersons for persons outside 1..50 (spec §9), CatalogueError 5002 when no package matches or the travel id
 * is unknown (spec §8 "No travel packages found"), or another ApiFailure.
 */
@injectable()
export class SearchTravelPackages {
  constructor(@inject(TRAVEL_API) private readonly travelApi: TravelApi) {}

  /** The matching packages (never empty). */
  execute(input: SearchTravelPackagesInput): Effect.Effect<ReadonlyArray<TravelPackage>, InvalidHotelPersons | CatalogueError | ApiFailure> {
    return Effect.suspend((): Effect.Effect<ReadonlyArray<TravelPackage>, InvalidHotelPersons | CatalogueError | ApiFailure> => {
      if (!isHotelPersons(input.persons)) {
        return Effect.fail(new InvalidHotelPersons({ persons: input.persons, min: MIN_HOTEL_PERSONS, max: MAX_HOTEL_PERSONS }));
      }
      const search = {
        persons: input.persons,
        ...(input.categories && input.categories.length > 0 ? { categories: input.categories } : {}),
        ...(input.rating === undefined ? {} : { rating: input.rating }),
        ...(input.date === undefined ? {} : { date: input.date }),
      };
      return this.travelApi.searchPackages(input.travelId, search).pipe(
        Effect.catchIf(
          (e): e is ShopApiError => e instanceof ShopApiError && serverCodeMeaning(e.code).then === "noResults",
          () => Effect.fail(noPackages()),
        ),
        Effect.flatMap((packages) => (packages.length === 0 ? Effect.fail(noPackages()) : Effect.succeed(packages))),
      );
    });
  }
}

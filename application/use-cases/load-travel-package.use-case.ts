import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { NO_TRAVEL_PACKAGES } from "../../domain/error-catalogue.ts";
import { CatalogueError } from "../../domain/error-catalogue.errors.ts";
import type { RoomOption, TravelExtra, TravelPackage } from "../../domain/travel.schema.ts";
import { isHotelPersons, MAX_HOTEL_PERSONS, MIN_HOTEL_PERSONS } from "../../domain/hotel-persons.ts";
import { isExtraOnSale } from "../../domain/travel-extras.ts";
import type { ApiFailure } from "../errors.ts";
import type { TravelApi } from "../ports/travel-api.port.ts";
import { TRAVEL_API } from "../ports/tokens.ts";
import { InvalidHotelPersons } from "./search-travel-packages.use-case.ts";

/** Input of LoadTravelPackage: the shop's apiTravelId, the package slug of the route, the persons (1..50) and optionally the stay. */
export interface LoadTravelPackageInput {
  readonly travelId: string;
  readonly slug: string;
  readonly persons: number;
  readonly startOfStay?: string;
  readonly endOfStay?: string;
}

/** One package's detail: the package, its room options for the persons (sold-out ones included, marked soldOut) and its extras on sale (sold-out extras left out, spec §9 "Sold-out room extras are hidden"). */
export interface TravelPackageDetail {
  readonly pkg: TravelPackage;
  readonly options: ReadonlyArray<RoomOption>;
  readonly extras: ReadonlyArray<TravelExtra>;
}

/**
 * Loads the package of slug `slug` (spec §3 Travel), its room options and its extras on sale (spec §7, §9). Fails with
 * InvalidHotelPersons, CatalogueError 5002 or an ApiFailure.
 */
@injectable()
export class LoadTravelPackage {
  constructor(@inject(TRAVEL_API) private readonly travelApi: TravelApi) {}

  /** The package, its room options and the extras on sale. */
  execute(input: LoadTravelPackageInput): Effect.Effect<TravelPackageDetail, InvalidHotelPersons | CatalogueError | ApiFailure> {
    return Effect.suspend((): Effect.Effect<TravelPackageDetail, InvalidHotelPersons | CatalogueError | ApiFailure> => {
      if (!isHotelPersons(input.persons)) return Effect.fail(new InvalidHotelPersons({ persons: input.persons, min: MIN_HOTEL_PERSONS, max: MAX_HOTEL_PERSONS }));
      return this.travelApi.searchPackages(input.travelId, {}).pipe(
        Effect.flatMap((packages): Effect.Effect<TravelPackageDetail, CatalogueError | ApiFailure> => {
          const pkg = packages.find((p) => p.slug === input.slug);
          if (!pkg) return Effect.fail(new CatalogueError({ code: 5002, messages: [NO_TRAVEL_PACKAGES] }));
          const stay = {
            ...(input.startOfStay ? { startOfStay: input.startOfStay } : {}),
            ...(input.endOfStay ? { endOfStay: input.endOfStay } : {}),
          };
          return Effect.all({
            options: this.travelApi.getOptions(input.travelId, pkg.id, { persons: input.persons, ...stay }),
            extras: this.travelApi.getExtras(input.travelId, pkg.id),
          }).pipe(Effect.map(({ options, extras }) => ({ pkg, options, extras: extras.filter(isExtraOnSale) })));
        }),
      );
    });
  }
}

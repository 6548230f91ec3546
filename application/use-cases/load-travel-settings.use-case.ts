import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { TravelSettings } from "../../domain/travel.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { TravelApi } from "../ports/travel-api.port.ts";
import { TRAVEL_API } from "../ports/tokens.ts";

/** Loads the hotel search form's limits for the shop's apiTravelId (persons, categories, ratings, stay window). spec §3 Hotel filters, §7 Travel API settings. */
@injectable()
export class LoadTravelSettings {
  constructor(@inject(TRAVEL_API) private readonly travelApi: TravelApi) {}

  /** The travel settings; fails with ShopApiError 5002 for an unknown travel id, or another ApiFailure. */
  execute({ travelId }: { readonly travelId: string }): Effect.Effect<TravelSettings, ApiFailure> {
    return this.travelApi.getSettings(travelId);
  }
}

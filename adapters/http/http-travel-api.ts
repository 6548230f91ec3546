import { Effect, Schema } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../../application/errors.ts";
import type { TravelApi } from "../../application/ports/travel-api.port.ts";
import {
  type OptionSearch,
  type PackageSearch,
  RoomOption,
  TravelExtra,
  TravelPackage,
  TravelSettings,
} from "../../domain/travel.schema.ts";
import { sendShopApiRequest } from "./shop-api-request.ts";
import { TRAVEL_API_BASE_URL } from "./travel-api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";

const PackageList = Schema.Array(TravelPackage);
const OptionList = Schema.Array(RoomOption);
const ExtraList = Schema.Array(TravelExtra);

const withQuery = (path: string, query: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
};

/**
 * TravelApi over HTTP (spec §7 Travel API, docs/travel-api.md): public GETs decoded with the domain travel Schemas
 * (cents); a refusal becomes ShopApiError with its code.
 */
@injectable()
export class HttpTravelApi implements TravelApi {
  constructor(
    @inject(TRAVEL_API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  private get<S extends Schema.Top & { readonly DecodingServices: never }>(path: string, schema: S): Effect.Effect<S["Type"], ApiFailure> {
    return sendShopApiRequest(this.baseUrl, { method: "GET", path, prefix: "" }, schema, this.http);
  }

  private root(travelId: string): string {
    return `/${encodeURIComponent(travelId)}/en`;
  }

  /** GET /{travelId}/en/settings. */
  getSettings(travelId: string): Effect.Effect<TravelSettings, ApiFailure> {
    return this.get(`${this.root(travelId)}/settings`, TravelSettings);
  }

  /** GET /{travelId}/en/packages?persons&category=a,b&rating&date. */
  searchPackages(travelId: string, search: PackageSearch): Effect.Effect<ReadonlyArray<TravelPackage>, ApiFailure> {
    const query = { persons: search.persons, category: search.categories?.join(","), rating: search.rating, date: search.date };
    return this.get(withQuery(`${this.root(travelId)}/packages`, query), PackageList);
  }

  /** GET /{travelId}/en/packages/{packageId}/options?persons&startOfStay&endOfStay. */
  getOptions(travelId: string, packageId: string, search: OptionSearch): Effect.Effect<ReadonlyArray<RoomOption>, ApiFailure> {
    const path = `${this.root(travelId)}/packages/${encodeURIComponent(packageId)}/options`;
    return this.get(withQuery(path, { persons: search.persons, startOfStay: search.startOfStay, endOfStay: search.endOfStay }), OptionList);
  }

  /** GET /{travelId}/en/packages/{packageId}/options/extras?packageOptionId. */
  getExtras(travelId: string, packageId: string, packageOptionId?: string): Effect.Effect<ReadonlyArray<TravelExtra>, ApiFailure> {
    const path = `${this.root(travelId)}/packages/${encodeURIComponent(packageId)}/options/extras`;
    return this.get(withQuery(path, { packageOptionId }), ExtraList);
  }
}

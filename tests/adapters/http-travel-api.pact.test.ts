import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpTravelApi } from "../../adapters/http/http-travel-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { ExtraCategory } from "../../domain/travel.schema.ts";
import { CONSUMER, PACT_DIR } from "../support/contract-examples.ts";
import { oneOf } from "../support/contract-examples-matchers.ts";
import { DUNES_EXTRAS, DUNES_OPTIONS, DUNES_PACKAGE, TRAVEL_ID, TRAVEL_PROVIDER, TRAVEL_SETTINGS } from "../support/contract-examples-travel.ts";

const { eachLike, arrayContaining, integer, string, regex, boolean } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: TRAVEL_PROVIDER, dir: PACT_DIR, logLevel: "warn" });

const STATE = "the demo travel packages are published";
const ROOT = `/${TRAVEL_ID}/en`;
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const ACCEPT = { accept: "application/json" };
const failure = (code: string, message: string) => ({ error: { code, message: string(message) } });

const packageBody = {
  id: string(DUNES_PACKAGE.id),
  name: string(DUNES_PACKAGE.name),
  slug: string(DUNES_PACKAGE.slug),
  rating: integer(DUNES_PACKAGE.rating),
  category: string(DUNES_PACKAGE.category),
  occupation: integer(DUNES_PACKAGE.occupation),
  startOfStayDate: regex(DATE, DUNES_PACKAGE.startOfStayDate),
  endOfStayDate: regex(DATE, DUNES_PACKAGE.endOfStayDate),
  eventId: string(DUNES_PACKAGE.eventId),
  accommodationId: string(DUNES_PACKAGE.accommodationId),
  images: eachLike(DUNES_PACKAGE.images[0]),
  state: { soldout: boolean(false) },
  price: DUNES_PACKAGE.price,
};
const option = DUNES_OPTIONS[0]!;
const optionBody = {
  id: string(option.id),
  title: string(option.title),
  rooms: eachLike({ name: string(option.rooms[0]!.name), persons: integer(2) }),
  occupation: integer(option.occupation),
  price: option.price,
  totalPrice: option.totalPrice,
  stock: integer(option.stock),
  soldOut: boolean(false),
};
const extra = DUNES_EXTRAS[0]!;
const extraBody = {
  id: string(extra.id),
  name: string(extra.name),
  category: oneOf(ExtraCategory.literals, extra.category),
  price: extra.price,
  stock: integer(extra.stock),
  soldOut: boolean(false),
};

describe("HttpTravelApi against the Travel API contract", () => {
  it("reads the settings: persons 1 to 50, categories, ratings, stay window, EUR (GET /{travelId}/en/settings)", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for the travel settings")
      .withRequest("GET", `${ROOT}/settings`, (b) => b.headers(ACCEPT))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          data: {
            travelId: TRAVEL_ID,
            eventId: string(TRAVEL_SETTINGS.eventId),
            currency: "EUR",
            persons: { min: 1, max: 50, default: integer(2) },
            categories: eachLike("hotel"),
            ratings: eachLike(integer(4)),
            startOfStayDate: regex(DATE, TRAVEL_SETTINGS.startOfStayDate),
            endOfStayDate: regex(DATE, TRAVEL_SETTINGS.endOfStayDate),
          },
        }),
      )
      .executeTest(async (server) => {
        const settings = await Effect.runPromise(new HttpTravelApi(server.url).getSettings(TRAVEL_ID));
        expect(settings).toMatchObject({ currency: "EUR", persons: { min: 1, max: 50 }, startOfStayDate: "2027-08-19" });
      }));

  it("searches packages with the hotel filters and decodes the price from in cents (GET …/packages)", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a package search for 2 persons in hotels or glamping rated 3 or more")
      .withRequest("GET", `${ROOT}/packages`, (b) => b.headers(ACCEPT).query({ persons: "2", category: "hotel,glamping", rating: "3" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(packageBody) }))
      .executeTest(async (server) => {
        const packages = await Effect.runPromise(
          new HttpTravelApi(server.url).searchPackages(TRAVEL_ID, { persons: 2, categories: ["hotel", "glamping"], rating: 3 }),
        );
        expect(packages[0]).toMatchObject({ id: "ll_hotel_dunes", slug: "hotel-de-duinen", price: 16950, state: { soldout: false } });
      }));

  it("answers an empty list when no package sleeps the persons", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a package search for 50 persons")
      .withRequest("GET", `${ROOT}/packages`, (b) => b.headers(ACCEPT).query({ persons: "50" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: [] }))
      .executeTest(async (server) => {
        expect(await Effect.runPromise(new HttpTravelApi(server.url).searchPackages(TRAVEL_ID, { persons: 50 }))).toEqual([]);
      }));

  it("fails with ShopApiError 404 5002 for an unknown travel id", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a package search under an unknown travel id")
      .withRequest("GET", "/no-such-travel/en/packages", (b) => b.headers(ACCEPT).query({ persons: "2" }))
      .willRespondWith(404, (b) => b.jsonBody(failure("5002", "No travel packages found for 'no-such-travel'.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpTravelApi(server.url).searchPackages("no-such-travel", { persons: 2 })));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 404, code: "5002" });
      }));

  it("fails with ShopApiError 400 request.invalid for persons outside 1 to 50", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a package search for 51 persons")
      .withRequest("GET", `${ROOT}/packages`, (b) => b.headers(ACCEPT).query({ persons: "51" }))
      .willRespondWith(400, (b) => b.jsonBody(failure("request.invalid", "Invalid query: persons: Expected a value between 1 and 50")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpTravelApi(server.url).searchPackages(TRAVEL_ID, { persons: 51 })));
        expect(error).toMatchObject({ status: 400, code: "request.invalid" });
      }));

  it("lists room options with rooms, price per person and stock (GET …/packages/{packageId}/options)", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for the room options of Hotel De Duinen for 2 persons")
      .withRequest("GET", `${ROOT}/packages/ll_hotel_dunes/options`, (b) =>
        b.headers(ACCEPT).query({ persons: "2", startOfStay: "2027-08-19", endOfStay: "2027-08-23" }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(optionBody) }))
      .executeTest(async (server) => {
        const options = await Effect.runPromise(
          new HttpTravelApi(server.url).getOptions(TRAVEL_ID, "ll_hotel_dunes", { persons: 2, startOfStay: "2027-08-19", endOfStay: "2027-08-23" }),
        );
        expect(options[0]).toMatchObject({ id: "ll_dunes_double", price: 18900, totalPrice: 37800, soldOut: false });
      }));

  it("fails with ShopApiError 404 5001 for an unknown package", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for the room options of an unknown package")
      .withRequest("GET", `${ROOT}/packages/ll_no_such_package/options`, (b) => b.headers(ACCEPT).query({ persons: "2" }))
      .willRespondWith(404, (b) => b.jsonBody(failure("5001", "No travel package 'll_no_such_package'.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpTravelApi(server.url).getOptions(TRAVEL_ID, "ll_no_such_package", { persons: 2 })));
        expect(error).toMatchObject({ status: 404, code: "5001" });
      }));

  it("lists the extras of a room option with category and sold-out flag (GET …/options/extras)", () =>
    pact
      .addInteraction()
      .given(STATE)
      .uponReceiving("a request for the extras of the double room at Hotel De Duinen")
      .withRequest("GET", `${ROOT}/packages/ll_hotel_dunes/options/extras`, (b) => b.headers(ACCEPT).query({ packageOptionId: "ll_dunes_double" }))
      .willRespondWith(200, (b) => b.jsonBody({ data: arrayContaining(extraBody) }))
      .executeTest(async (server) => {
        const extras = await Effect.runPromise(new HttpTravelApi(server.url).getExtras(TRAVEL_ID, "ll_hotel_dunes", "ll_dunes_double"));
        expect(extras[0]).toMatchObject({ id: "ll_extra_breakfast", category: "extra", price: 1850, soldOut: false });
      }));
});


import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpNoticeApi } from "../../adapters/http/http-notice-api.ts";
import { ShopApiError } from "../../application/errors.ts";
import { noticeFailure } from "../../domain/notice.schema.ts";
import { CONSUMER, PACT_DIR } from "../support/contract-examples.ts";
import { NOTICE_PROVIDER, PUBLISHED_NOTICE } from "../support/site-contract-examples.ts";

const { regex, string, like } = MatchersV3;
/**
 * The notice answer's content type: the spec calls it "a JSON string" and the adapter parses the text whatever the
 * header says, so the contract asks for no particular content type.
 */
const ANY_CONTENT_TYPE = { "Content-Type": regex("^.*$", "application/json") };
const pact = new PactV4({ consumer: CONSUMER, provider: NOTICE_PROVIDER, dir: PACT_DIR, logLevel: "warn" });
/** Any valid "HHMM" time query. */
const T = (example: string) => regex("^([01]\\d|2[0-3])[0-5]\\d$", example);

describe("HttpNoticeApi against the notice contract (spec §7 Other calls)", () => {
  it("reads no notice (title null) and shows nothing", () =>
    pact
      .addInteraction()
      .given("no notice is published")
      .uponReceiving("a notice poll while no notice is published")
      .withRequest("GET", "/api/notice", (b) => b.query({ t: T("1230") }))
      // No title (absent or null) means no notice (spec §7); the contract demands no more than that of the message.
      .willRespondWith(200, (b) => b.headers(ANY_CONTENT_TYPE).jsonBody({ message: like({}) }))
      .executeTest(async (server) => {
        const notice = await Effect.runPromise(new HttpNoticeApi(server.url).getNotice("1230"));
        expect(notice.message.title ?? null).toBeNull();
        expect(noticeFailure(notice)).toBeNull();
      }));

  it("reads a published notice, which surfaces as catalogue error 8002", () =>
    pact
      .addInteraction()
      .given("a notice is published", PUBLISHED_NOTICE)
      .uponReceiving("a notice poll while a notice is published")
      .withRequest("GET", "/api/notice", (b) => b.query({ t: T("0905") }))
      .willRespondWith(200, (b) => b.headers(ANY_CONTENT_TYPE).jsonBody({ message: { title: PUBLISHED_NOTICE.title, error: PUBLISHED_NOTICE.error } }))
      .executeTest(async (server) => {
        const notice = await Effect.runPromise(new HttpNoticeApi(server.url).getNotice("0905"));
        expect(noticeFailure(notice)).toMatchObject({ code: 8002, messages: [PUBLISHED_NOTICE.title, PUBLISHED_NOTICE.error] });
      }));

  it("fails with ShopApiError 400 request.invalid for a time query that is not a clock time", () =>
    pact
      .addInteraction()
      .uponReceiving("a notice poll with the time 25:61")
      .withRequest("GET", "/api/notice", (b) => b.query({ t: "2561" }))
      .willRespondWith(400, (b) => b.jsonBody({ error: { code: "request.invalid", message: string("Invalid notice query: t: Expected a clock time") } }))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpNoticeApi(server.url).getNotice("2561")));
        expect(error).toBeInstanceOf(ShopApiError);
        expect(error).toMatchObject({ status: 400, code: "request.invalid" });
      }));
});

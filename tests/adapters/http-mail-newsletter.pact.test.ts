import { MatchersV3, PactV4 } from "@pact-foundation/pact";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { HttpMailApi, TRANSPORT_REQUEST_MAIL_PATH } from "../../adapters/http/http-mail-api.ts";
import { HttpNewsletterApi, NEWSLETTER_SUBSCRIPTIONS_PATH } from "../../adapters/http/http-newsletter-api.ts";
import { CONSUMER, SHOP, SHOP_HEADERS, STATES, PACT_DIR } from "../support/contract-examples.ts";
import { failure } from "../support/contract-examples-matchers.ts";
import { WEB_HOST_PROVIDER } from "../support/site-contract-examples.ts";

const { like } = MatchersV3;
const pact = new PactV4({ consumer: CONSUMER, provider: WEB_HOST_PROVIDER, dir: PACT_DIR, logLevel: "warn" });

const MAIL = {
  eventNamespace: SHOP.apiNamespace,
  name: "Sanne de Vries",
  email: "sanne@example.org",
  phoneNumber: "+31612345678",
  persons: 4,
  departureCity: "Utrecht",
  message: "We would like a bus from Utrecht.",
};
const SUBSCRIPTION = { email: "sanne@example.org", firstName: "Sanne", lastName: "de Vries", locale: "nl", eventNamespace: SHOP.apiNamespace };

describe("HttpMailApi and HttpNewsletterApi against the web host contract (spec §7 Other calls: Mail, Newsletter)", () => {
  it("sends a transport request mail with the shop's headers and accepts the 202 (POST /api/mail/transport-requests)", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a transport request mail")
      .withRequest("POST", TRANSPORT_REQUEST_MAIL_PATH, (b) => b.headers(SHOP_HEADERS).jsonBody(MAIL))
      .willRespondWith(202, (b) => b.jsonBody({ data: like({ id: "3f1c2b9e-6d0a-4c7e-9b1f-2a4d6c8e0f13" }) }))
      .executeTest(async (server) => {
        await Effect.runPromise(new HttpMailApi(server.url).sendTransportRequest(SHOP, MAIL));
      }));

  it("fails with ShopApiError 401 shop.token.invalid for a transport request with a wrong shop token", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a transport request mail with a wrong shop token")
      .withRequest("POST", TRANSPORT_REQUEST_MAIL_PATH, (b) => b.headers({ ...SHOP_HEADERS, authorization: "Bearer sk_wrong" }).jsonBody(MAIL))
      .willRespondWith(401, (b) => b.jsonBody(failure("shop.token.invalid", "The shop token is missing or invalid.")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpMailApi(server.url).sendTransportRequest({ ...SHOP, shopToken: "sk_wrong" }, MAIL)));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 401, code: "shop.token.invalid" });
      }));

  it("fails with ShopApiError 400 request.invalid for a transport request without persons", () =>
    pact
      .addInteraction()
      .given(STATES.catalogue)
      .uponReceiving("a transport request mail for 0 persons")
      .withRequest("POST", TRANSPORT_REQUEST_MAIL_PATH, (b) => b.headers(SHOP_HEADERS).jsonBody({ ...MAIL, persons: 0 }))
      .willRespondWith(400, (b) => b.jsonBody(failure("request.invalid", "Invalid transport request: persons: Expected a value between 1 and 50")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpMailApi(server.url).sendTransportRequest(SHOP, { ...MAIL, persons: 0 })));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 400, code: "request.invalid" });
      }));

  it("subscribes to the newsletter and accepts the 202 (POST /api/newsletter/subscriptions)", () =>
    pact
      .addInteraction()
      .uponReceiving("a newsletter subscription")
      .withRequest("POST", NEWSLETTER_SUBSCRIPTIONS_PATH, (b) => b.jsonBody(SUBSCRIPTION))
      .willRespondWith(202, (b) => b.jsonBody({ data: like({ id: "7a2e4c6b-1d3f-4e5a-8b9c-0d1e2f3a4b5c" }) }))
      .executeTest(async (server) => {
        await Effect.runPromise(new HttpNewsletterApi(server.url).subscribe(SUBSCRIPTION));
      }));

  it("fails with ShopApiError 400 request.invalid for an address that is no e-mail", () =>
    pact
      .addInteraction()
      .uponReceiving("a newsletter subscription with an address that is no e-mail")
      .withRequest("POST", NEWSLETTER_SUBSCRIPTIONS_PATH, (b) => b.jsonBody({ ...SUBSCRIPTION, email: "not-an-address" }))
      .willRespondWith(400, (b) => b.jsonBody(failure("request.invalid", "Invalid newsletter subscription: email: Expected an e-mail address")))
      .executeTest(async (server) => {
        const error = await Effect.runPromise(Effect.flip(new HttpNewsletterApi(server.url).subscribe({ ...SUBSCRIPTION, email: "not-an-address" })));
        expect(error).toMatchObject({ _tag: "ShopApiError", status: 400, code: "request.invalid" });
      }));
});

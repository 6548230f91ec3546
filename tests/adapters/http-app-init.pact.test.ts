import { PactV4 } from "@pact-foundation/pact";
import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { HttpAppInit } from "../../adapters/http/http-app-init.ts";
import { CONSUMER, PACT_DIR } from "../support/contract-examples.ts";
import { WEB_HOST_PROVIDER } from "../support/site-contract-examples.ts";

const pact = new PactV4({ consumer: CONSUMER, provider: WEB_HOST_PROVIDER, dir: PACT_DIR, logLevel: "warn" });

describe("HttpAppInit against the web host contract (spec §7 Other calls)", () => {
  it("calls GET {origin}/api/init and accepts 204 without a body", () =>
    pact
      .addInteraction()
      .uponReceiving("the app-start init call")
      .withRequest("GET", "/api/init")
      .willRespondWith(204)
      .executeTest(async (server) => {
        const exit = await Effect.runPromiseExit(new HttpAppInit().init(server.url));
        expect(Exit.isSuccess(exit)).toBe(true);
      }));
});

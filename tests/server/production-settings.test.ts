import { describe, expect, it } from "vitest";
import { providerStatesEnabled } from "../../server/http/provider-state-routes.ts";
import { DEFAULT_QUEUE_ADMIT_PER_MINUTE, DEFAULT_QUEUE_TOKEN_TTL_SECONDS, queueAdmitPerMinute, queueTokenSecret, queueTokenSettingsFromEnv, queueTokenTtlSeconds } from "../../server/queue/queue-settings.ts";
import { assertNoProviderStatesInProduction, demoCatalogueAllowed } from "../../server/server-settings.ts";

const SECRET = "a-queue-token-secret-of-32-chars-or-more";

describe("settings that keep demo and test doors shut in production", () => {
  it("needs QUEUE_TOKEN_SECRET of at least 32 characters in production and takes the environment's anywhere", () => {
    expect(() => queueTokenSecret({ NODE_ENV: "production" })).toThrow(/QUEUE_TOKEN_SECRET/);
    expect(() => queueTokenSecret({ NODE_ENV: "production", QUEUE_TOKEN_SECRET: "  " })).toThrow(/QUEUE_TOKEN_SECRET/);
    expect(() => queueTokenSecret({ QUEUE_TOKEN_SECRET: "too-short" })).toThrow(/at least 32/);
    expect(queueTokenSecret({ NODE_ENV: "production", QUEUE_TOKEN_SECRET: SECRET })).toBe(SECRET);
    expect(new TextDecoder().decode(queueTokenSettingsFromEnv({ QUEUE_TOKEN_SECRET: SECRET }).secret)).toBe(SECRET);
  });

  it("signs with a random secret of this process when a server is built without one (tests, scripts)", () => {
    const a = queueTokenSettingsFromEnv({}).secret;
    const b = queueTokenSettingsFromEnv({}).secret;
    expect(a.length).toBe(32);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it("reads QUEUE_TOKEN_TTL_SECONDS as whole positive seconds (default 1800)", () => {
    expect(queueTokenTtlSeconds({})).toBe(DEFAULT_QUEUE_TOKEN_TTL_SECONDS);
    expect(queueTokenTtlSeconds({ QUEUE_TOKEN_TTL_SECONDS: "600" })).toBe(600);
    for (const bad of ["0", "-5", "1.5", "soon"]) expect(() => queueTokenTtlSeconds({ QUEUE_TOKEN_TTL_SECONDS: bad })).toThrow(/QUEUE_TOKEN_TTL_SECONDS/);
  });

  it("seeds the demo catalogue and runs the demo queue in production only when enabled", () => {
    expect(demoCatalogueAllowed({})).toBe(true);
    expect(demoCatalogueAllowed({ NODE_ENV: "production" })).toBe(false);
    expect(demoCatalogueAllowed({ NODE_ENV: "production", DEMO_CATALOGUE: "yes" })).toBe(false);
    expect(demoCatalogueAllowed({ NODE_ENV: "production", DEMO_CATALOGUE: "enabled" })).toBe(true);
  });

  it("reads QUEUE_ADMIT_PER_MINUTE as a positive whole number of visitors per minute, 600 when unset", () => {
    expect(queueAdmitPerMinute({})).toBe(DEFAULT_QUEUE_ADMIT_PER_MINUTE);
    expect(DEFAULT_QUEUE_ADMIT_PER_MINUTE).toBe(600);
    expect(queueAdmitPerMinute({ QUEUE_ADMIT_PER_MINUTE: " 1200 " })).toBe(1200);
    for (const bad of ["0", "-5", "1.5", "many"]) expect(() => queueAdmitPerMinute({ QUEUE_ADMIT_PER_MINUTE: bad })).toThrow(/QUEUE_ADMIT_PER_MINUTE/);
  });

  it("opens the provider-state endpoint only with PACT_PROVIDER_STATES=enabled outside production, and refuses that setting in production", () => {
    expect(providerStatesEnabled({})).toBe(false);
    expect(providerStatesEnabled({ NODE_ENV: "development" })).toBe(false);
    expect(providerStatesEnabled({ PACT_PROVIDER_STATES: "enabled" })).toBe(true);
    expect(providerStatesEnabled({ NODE_ENV: "production", PACT_PROVIDER_STATES: "enabled" })).toBe(false);
    expect(() => assertNoProviderStatesInProduction({ NODE_ENV: "production", PACT_PROVIDER_STATES: "enabled" })).toThrow(/PACT_PROVIDER_STATES/);
    expect(() => assertNoProviderStatesInProduction({ PACT_PROVIDER_STATES: "enabled" })).not.toThrow();
  });
});

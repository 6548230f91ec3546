import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import type { SingleSignOn } from "../../application/ports/single-sign-on.port.ts";
import { LazySingleSignOn, mayHoldOidcUser } from "../../adapters/sso/lazy-single-sign-on.ts";
import { oidcSettingsFromEnv } from "../../adapters/sso/oidc-settings-from-env.ts";
import { profileFromClaims } from "../../adapters/sso/oidc-single-sign-on.ts";

const ORIGIN = "http://localhost:3000";

describe("single sign-on settings of the build (docs/web-app-ports.md)", () => {
  it("uses the development identity provider on the page's origin by default", () => {
    expect(oidcSettingsFromEnv({}, ORIGIN)).toEqual({
      authority: `${ORIGIN}/oidc`,
      clientId: "festival-shop",
      redirectUri: `${ORIGIN}/login`,
      postLogoutRedirectUri: `${ORIGIN}/`,
      accountUrl: `${ORIGIN}/oidc/account`,
      accountApiUrl: `${ORIGIN}/oidc/api/account`,
    });
  });

  it("is off with VITE_OIDC_AUTHORITY=off, takes an absolute authority as is, and a silent check only when asked", () => {
    expect(oidcSettingsFromEnv({ VITE_OIDC_AUTHORITY: "off" }, ORIGIN)).toBeNull();
    const external = oidcSettingsFromEnv({ VITE_OIDC_AUTHORITY: "https://id.example.com/", VITE_OIDC_CLIENT_ID: "shop", VITE_OIDC_SILENT_CHECK: "on" }, ORIGIN);
    expect(external).toMatchObject({ authority: "https://id.example.com", clientId: "shop", silentRedirectUri: `${ORIGIN}/login` });
  });

  it("finds a stored oidc-client-ts user in sessionStorage, and nobody in unreadable storage", () => {
    const storage = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, "{}"])) as unknown as Storage;
    expect(mayHoldOidcUser(storage(["cart", `oidc.user:${ORIGIN}/oidc:festival-shop`]))).toBe(true);
    expect(mayHoldOidcUser(storage(["cart", "oidc.state"]))).toBe(false);
    expect(mayHoldOidcUser(undefined)).toBe(false);
    expect(mayHoldOidcUser(new Proxy({}, { ownKeys: () => { throw new Error("blocked"); } }) as Storage)).toBe(false);
  });

  it("maps the OpenID Connect claims to the checkout prefill profile (spec §3)", () => {
    expect(
      profileFromClaims({
        sub: "acc-anna",
        given_name: "Anna",
        family_name: "de Vries",
        gender: "female",
        email: "anna@example.com",
        birthdate: "1999-04-12",
        phone_number: "+31612345678",
        address: { street_address: "Kerkstraat", house_number: "12", postal_code: "1017 GC", locality: "Amsterdam", country: "NL" },
      }),
    ).toEqual({
      givenName: "Anna",
      familyName: "de Vries",
      gender: "female",
      email: "anna@example.com",
      birthdate: "1999-04-12",
      phoneNumber: "+31612345678",
      address: { street: "Kerkstraat", houseNumber: "12", postalCode: "1017 GC", city: "Amsterdam", countryCode: "NL" },
    });
    expect(profileFromClaims({ sub: "x", given_name: "", address: "not an object" })).toEqual({});
  });
});

describe("LazySingleSignOn (oidc-client-ts off the first load)", () => {
  const real = { checkSession: () => Effect.succeed({ sub: "u", idToken: "i", accessToken: "a" }) } as unknown as SingleSignOn;

  it("answers an anonymous session check without loading the adapter when no session can exist", async () => {
    let loads = 0;
    const sso = new LazySingleSignOn(async () => (loads++, real), () => false);
    expect(await Effect.runPromise(sso.checkSession())).toBeNull();
    expect(loads).toBe(0);
  });

  it("loads the adapter and asks it when a session may exist", async () => {
    let loads = 0;
    const sso = new LazySingleSignOn(async () => (loads++, real), () => true);
    expect(await Effect.runPromise(sso.checkSession())).toMatchObject({ sub: "u" });
    expect(loads).toBe(1);
  });
});

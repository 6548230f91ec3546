import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { prefillCheckoutValues, splitPhoneNumber, type UserProfile } from "../../domain/checkout-prefill.ts";
import type { CheckoutFormValues } from "../../domain/checkout-validation.ts";
import { COUNTRIES } from "../../domain/countries.ts";

const EMPTY: CheckoutFormValues = {
  gender: "",
  firstName: "",
  lastName: "",
  countryCode: "31",
  phoneNumber: "",
  email: "",
  dateOfBirth: { day: "", month: "", year: "" },
  address: "",
  streetNumber: "",
  streetNumberExtension: "",
  postalCode: "",
  city: "",
  country: "NL",
  state: "",
};

const ANNA: UserProfile = {
  givenName: "Anna",
  familyName: "de Vries",
  gender: "female",
  phoneNumber: "+31612345678",
  email: "anna@example.com",
  birthdate: "1999-04-12",
  address: { street: "Kerkstraat", houseNumber: "12", postalCode: "1017 GC", city: "Amsterdam", countryCode: "be" },
};

describe("checkout prefill from the single sign-on profile (spec §3 Checkout form)", () => {
  it("fills every field of an empty form from the profile", () => {
    expect(prefillCheckoutValues(EMPTY, ANNA)).toEqual({
      ...EMPTY,
      gender: "female",
      firstName: "Anna",
      lastName: "de Vries",
      countryCode: "31",
      phoneNumber: "612345678",
      email: "anna@example.com",
      dateOfBirth: { day: 12, month: 4, year: 1999 },
      address: "Kerkstraat",
      streetNumber: "12",
      postalCode: "1017 GC",
      city: "Amsterdam",
      country: "BE",
    });
  });

  it("splits a phone number on the longest known prefix, and gives up without a plus or a known prefix", () => {
    expect(splitPhoneNumber("+353 87 123 4567")).toEqual({ countryCode: "353", phoneNumber: "871234567" });
    expect(splitPhoneNumber("+32-470-12-34-56")).toEqual({ countryCode: "32", phoneNumber: "470123456" });
    expect(splitPhoneNumber("0612345678")).toBeNull();
    expect(splitPhoneNumber("+999123")).toBeNull();
  });

  it("keeps an unknown gender or country out of the form", () => {
    const filled = prefillCheckoutValues(EMPTY, { gender: "unknown", address: { countryCode: "ZZ" } });
    expect(filled.gender).toBe("");
    expect(filled.country).toBe("NL");
  });

  test.prop([fc.record({ firstName: fc.string({ minLength: 1 }), email: fc.string({ minLength: 1 }), city: fc.string({ minLength: 1 }), phoneNumber: fc.string({ minLength: 1 }) })])(
    "never overwrites what the visitor typed",
    (typed) => {
      const values = { ...EMPTY, ...typed };
      const filled = prefillCheckoutValues(values, ANNA);
      expect(filled.firstName).toBe(typed.firstName);
      expect(filled.email).toBe(typed.email);
      expect(filled.city).toBe(typed.city);
      expect(filled.phoneNumber).toBe(typed.phoneNumber);
    },
  );

  test.prop([fc.record({ givenName: fc.option(fc.string(), { nil: undefined }), email: fc.option(fc.string(), { nil: undefined }) })])(
    "is idempotent: a second prefill changes nothing",
    (profile) => {
      const once = prefillCheckoutValues(EMPTY, profile as UserProfile);
      expect(prefillCheckoutValues(once, profile as UserProfile)).toEqual(once);
    },
  );
});

describe("pre-registration wishlist fee (spec §9 'The pre-registration wishlist fee is added to the total')", () => {
  it("counts orderServiceFeeWishlist in pre-registration only", async () => {
    const { wishlistFeeOf } = await import("../../domain/pricing.ts");
    const fee = 150 as never;
    expect(wishlistFeeOf({ preregistration: true, orderServiceFeeWishlist: fee })).toEqual({ wishlistFee: 150 });
    expect(wishlistFeeOf({ preregistration: false, orderServiceFeeWishlist: fee })).toEqual({});
    expect(wishlistFeeOf({ preregistration: true })).toEqual({});
  });
});

describe("prefill of a date of birth given as text", () => {
  const empty: CheckoutFormValues = {
    gender: "", firstName: "", lastName: "", countryCode: "", phoneNumber: "", email: "", dateOfBirth: "",
    address: "", streetNumber: "", streetNumberExtension: "", postalCode: "", city: "", country: "",
  };

  it("fills an empty text date from the profile and keeps a typed one", () => {
    expect(prefillCheckoutValues(empty, { birthdate: "1990-02-03" }).dateOfBirth).toEqual({ day: 3, month: 2, year: 1990 });
    expect(prefillCheckoutValues({ ...empty, dateOfBirth: "1985-01-01" }, { birthdate: "1990-02-03" }).dateOfBirth).toBe("1985-01-01");
  });
});

describe("prefill edge cases", () => {
  it("trims the profile's texts", () => {
    const filled = prefillCheckoutValues(EMPTY, { givenName: "  Anna ", familyName: " de Vries ", address: { city: " Amsterdam " } });
    expect(filled.firstName).toBe("Anna");
    expect(filled.lastName).toBe("de Vries");
    expect(filled.city).toBe("Amsterdam");
  });

  it("keeps a chosen date of birth and fills none from a birthdate that is not exactly YYYY-MM-DD", () => {
    const chosen = { day: 1, month: 1, year: 1985 };
    expect(prefillCheckoutValues({ ...EMPTY, dateOfBirth: chosen }, ANNA).dateOfBirth).toEqual(chosen);
    for (const birthdate of ["x1999-04-12", "1999-04-12T00:00:00Z", "1999-4-12", ""]) {
      expect(prefillCheckoutValues(EMPTY, { birthdate }).dateOfBirth).toEqual(EMPTY.dateOfBirth);
    }
  });

  it("keeps a chosen gender and sets none from a profile without one", () => {
    expect(prefillCheckoutValues({ ...EMPTY, gender: "male" }, ANNA).gender).toBe("male");
    expect(prefillCheckoutValues(EMPTY, {}).gender).toBe("");
    expect(prefillCheckoutValues(EMPTY, { gender: "other" }).gender).toBe("other");
  });

  it("reads an address without a country code", () => {
    const filled = prefillCheckoutValues({ ...EMPTY, country: "" }, { address: { street: "Kerkstraat" } });
    expect(filled.address).toBe("Kerkstraat");
    expect(filled.country).toBe("");
  });
});

describe("phone prefixes of the country list", () => {
  it("never start one another, so a number matches prefixes of one length only", () => {
    const prefixes = [...new Set(COUNTRIES.map((c) => c.phonePrefix))];
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  test.prop([fc.constantFrom(...COUNTRIES), fc.stringMatching(/^[0-9]{6,10}$/)])("split every number back into its country's prefix", (country, rest) => {
    expect(splitPhoneNumber(`+${country.phonePrefix}${rest}`)).toEqual({ countryCode: country.phonePrefix, phoneNumber: rest });
  });
});

describe("prefill keeps a typed street number and address", () => {
  it("fills the house number only into an empty street number", () => {
    expect(prefillCheckoutValues({ ...EMPTY, streetNumber: "5" }, ANNA).streetNumber).toBe("5");
    expect(prefillCheckoutValues(EMPTY, { address: { street: "Kerkstraat" } }).streetNumber).toBe("");
  });

  it("sets the profile's country only while the address is still empty", () => {
    expect(prefillCheckoutValues({ ...EMPTY, address: "Dorpsstraat" }, ANNA).country).toBe("NL");
    expect(prefillCheckoutValues(EMPTY, ANNA).country).toBe("BE");
  });
});

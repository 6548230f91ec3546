import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { prefillCheckoutValues, splitPhoneNumber, type UserProfile } from "../../domain/checkout-prefill.ts";
import type { CheckoutFormValues } from "../../domain/checkout-validation.ts";

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

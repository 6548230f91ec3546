import type { CheckoutFormValues } from "./checkout-validation.ts";
import { COUNTRIES } from "./countries.ts";

/**
 * The single sign-on user's profile as the checkout prefill reads it (spec §3 "The user profile prefill reads
 * givenName, familyName, gender, phoneNumber, email, birthdate and address {street, houseNumber, postalCode, city,
 * countryCode}"). Every field may be missing.
 */
export interface UserProfile {
  readonly givenName?: string;
  readonly familyName?: string;
  readonly gender?: string;
  /** International form, "+31612345678". */
  readonly phoneNumber?: string;
  readonly email?: string;
  /** YYYY-MM-DD. */
  readonly birthdate?: string;
  readonly address?: {
    readonly street?: string;
    readonly houseNumber?: string;
    readonly postalCode?: string;
    readonly city?: string;
    readonly countryCode?: string;
  };
}

const GENDERS = new Set(["male", "female", "other"]);

/** Splits "+31612345678" into the longest known phone prefix of the country list and the rest ("31", "612345678"); null when no prefix matches. */
export const splitPhoneNumber = (phone: string): { countryCode: string; phoneNumber: string } | null => {
  const digits = phone.replace(/[\s-]/g, "");
  // Stryker disable next-line StringLiteral: an early exit only; the prefix filter below already requires the plus
  if (!digits.startsWith("+")) return null;
  const matches = COUNTRIES.map((c) => c.phonePrefix).filter((p) => digits.startsWith(`+${p}`));
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: no phone prefix in COUNTRIES starts another one (tests/domain/checkout-prefill.test.ts), so the order of the matches never matters
  const prefix = matches.sort((a, b) => b.length - a.length)[0];
  return prefix ? { countryCode: prefix, phoneNumber: digits.slice(prefix.length + 1) } : null;
};

/** True when the date of birth of the form is still empty (no dropdown chosen). */
const dateEmpty = (date: CheckoutFormValues["dateOfBirth"]): boolean =>
  typeof date === "string" ? date === "" : `${date.day}${date.month}${date.year}` === "";

/**
 * The checkout form prefilled from the profile (spec §3): only fields the visitor has not filled in yet are set, so a
 * prefill never overwrites what was typed; an unknown gender or country and a phone without a known prefix stay empty.
 */
export const prefillCheckoutValues = (values: CheckoutFormValues, profile: UserProfile): CheckoutFormValues => {
  const fill = (current: string, next: string | undefined) => (current === "" && next ? next.trim() : current);
  const phone = profile.phoneNumber ? splitPhoneNumber(profile.phoneNumber) : null;
  const country = profile.address?.countryCode?.toUpperCase();
  // Stryker disable next-line StringLiteral: the fallback only has to fail the pattern, which any non-date text does
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(profile.birthdate ?? "");
  return {
    ...values,
    gender: values.gender === "" && profile.gender && GENDERS.has(profile.gender) ? (profile.gender as CheckoutFormValues["gender"]) : values.gender,
    firstName: fill(values.firstName, profile.givenName),
    lastName: fill(values.lastName, profile.familyName),
    email: fill(values.email, profile.email),
    ...(phone && values.phoneNumber === "" ? phone : {}),
    ...(birth && dateEmpty(values.dateOfBirth) ? { dateOfBirth: { day: Number(birth[3]), month: Number(birth[2]), year: Number(birth[1]) } } : {}),
    address: fill(values.address, profile.address?.street),
    streetNumber: values.streetNumber === "" && profile.address?.houseNumber ? profile.address.houseNumber : values.streetNumber,
    postalCode: fill(values.postalCode, profile.address?.postalCode),
    city: fill(values.city, profile.address?.city),
    ...(country && COUNTRIES.some((c) => c.code === country) && values.address === "" ? { country } : {}),
  };
};

import { fc, test } from "@fast-check/vitest";
import { Schema } from "effect";
import { describe, expect } from "vitest";
import { CartDetails } from "../../domain/cart.schema.ts";
import {
  AGE_RULE_AT_EVENT_START,
  AGE_RULE_CURRENTLY,
  ageOn,
  birthYearOptions,
  BRAZILIAN_STATES,
  CANADIAN_PROVINCES,
  composePhoneNumber,
  EMAIL_TYPO_WARNING,
  emailTypoWarning,
  errorsAfterEdit,
  FIELD_MESSAGE,
  FIELD_TOO_LONG,
  formatIsoDate,
  isGenderOptionalBrand,
  meetsAgeRequirement,
  isEmail,
  isNumber,
  isRealDate,
  isStateRequired,
  parseDateOfBirth,
  REQUIRED_FIELDS,
  toCartDetails,
  US_STATES,
  validateCartDetails,
  validateCheckoutForm,
  type CheckoutContext,
  type CheckoutFormValues,
} from "../../domain/checkout-validation.ts";

const now = new Date("2025-06-15T12:00:00Z");
const ctx: CheckoutContext = { genderOptional: false, paymentProvider: "paylogic", now, festivalStart: "2025-08-01" };

const valid: CheckoutFormValues = {
  gender: "female",
  firstName: "Anna",
  lastName: "de Vries",
  countryCode: "31",
  phoneNumber: "612345678",
  email: " Anna.DeVries@Example.NL ",
  dateOfBirth: { day: 3, month: 2, year: 1990 },
  address: "Damstraat",
  streetNumber: "12",
  streetNumberExtension: "",
  postalCode: "1012 AB",
  city: "Amsterdam",
  country: "nl",
};

describe("validateCheckoutForm", () => {
  test("accepts a complete form", () => {
    expect(validateCheckoutForm(valid, ctx)).toEqual({});
  });

  test("flags every empty required field with error.field_required", () => {
    const empty: CheckoutFormValues = {
      gender: "", firstName: "", lastName: "", countryCode: "", phoneNumber: "", email: "", dateOfBirth: { day: "", month: "", year: "" },
      address: "", streetNumber: "", streetNumberExtension: "", postalCode: "", city: "", country: "",
    };
    const errors = validateCheckoutForm(empty, ctx);
    for (const f of REQUIRED_FIELDS) expect(errors[f]).toBe(FIELD_MESSAGE.required);
    expect(errors.streetNumberExtension).toBeUndefined();
    expect(errors.state).toBeUndefined();
  });

  test.prop([fc.constantFrom(...REQUIRED_FIELDS), fc.constantFrom("", "   ")])("flags a blanked required field", (field, blank) => {
    const values = { ...valid, [field]: field === "dateOfBirth" ? { day: blank, month: 1, year: 1990 } : blank } as CheckoutFormValues;
    expect(validateCheckoutForm(values, ctx)[field]).toBe(FIELD_MESSAGE.required);
  });

  test("does not require gender for the gender-optional brand", () => {
    expect(validateCheckoutForm({ ...valid, gender: "" }, { ...ctx, genderOptional: true })).toEqual({});
  });

  test("requires streetNumber to be a number, email to be valid and dateOfBirth to be real", () => {
    const errors = validateCheckoutForm({ ...valid, streetNumber: "12a", email: "anna@", dateOfBirth: "1990-02-30" }, ctx);
    expect(errors).toEqual({ streetNumber: FIELD_MESSAGE.number, email: FIELD_MESSAGE.email, dateOfBirth: FIELD_MESSAGE.date });
  });

  test("requires a state for adyen with US or CA and for paylogic with US or BR", () => {
    expect(isStateRequired("adyen", "US")).toBe(true);
    expect(isStateRequired("adyen", "ca")).toBe(true);
    expect(isStateRequired("adyen", "BR")).toBe(false);
    expect(isStateRequired("paylogic", "US")).toBe(true);
    expect(isStateRequired("paylogic", "BR")).toBe(true);
    expect(isStateRequired("paylogic", "CA")).toBe(false);
    expect(isStateRequired("test", "US")).toBe(false);
    expect(validateCheckoutForm({ ...valid, country: "US" }, ctx).state).toBe(FIELD_MESSAGE.required);
    expect(validateCheckoutForm({ ...valid, country: "US", state: "ny" }, ctx).state).toBeUndefined();
  });

  test("lists 51 US states with DC, 13 Canadian provinces and territories and 27 Brazilian states", () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.some((s) => s.code === "DC")).toBe(true);
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(BRAZILIAN_STATES).toHaveLength(27);
    for (const list of [US_STATES, CANADIAN_PROVINCES, BRAZILIAN_STATES]) expect(new Set(list.map((s) => s.code)).size).toBe(list.length);
  });

  test("applies 'Yes, 18 at event start' to the age at the festival start", () => {
    const c = { ...ctx, ageRequirements: AGE_RULE_AT_EVENT_START };
    expect(validateCheckoutForm({ ...valid, dateOfBirth: "2007-08-01" }, c)).toEqual({});
    expect(validateCheckoutForm({ ...valid, dateOfBirth: "2007-08-02" }, c)).toEqual({ dateOfBirth: FIELD_MESSAGE.ageRequirements });
  });

  test("applies 'Yes, currently 18 years' to the age today", () => {
    const c = { ...ctx, ageRequirements: AGE_RULE_CURRENTLY };
    expect(validateCheckoutForm({ ...valid, dateOfBirth: "2007-06-15" }, c)).toEqual({});
    expect(validateCheckoutForm({ ...valid, dateOfBirth: "2007-06-16" }, c)).toEqual({ dateOfBirth: "ageRequirementsError" });
  });

  const dateArb = fc.record({ year: fc.integer({ min: 1900, max: 2030 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });

  test.prop([dateArb, dateArb])("passes the current-age rule exactly when the age today is at least 18", (birth, today) => {
    const c = { ...ctx, ageRequirements: AGE_RULE_CURRENTLY, now: new Date(`${formatIsoDate(today)}T10:00:00Z`) };
    const errors = validateCheckoutForm({ ...valid, dateOfBirth: formatIsoDate(birth) }, c);
    expect(errors.dateOfBirth === undefined).toBe(ageOn(birth, today) >= 18);
  });
});

describe("errorsAfterEdit (spec §5: a fixed field no longer shows its error)", () => {
  const empty: CheckoutFormValues = { ...valid, firstName: "", email: "", dateOfBirth: { day: 0, month: 0, year: 0 } };
  const errors = validateCheckoutForm(empty, ctx);

  test("drops the error of each edited field and keeps the others", () => {
    const after = errorsAfterEdit(errors, empty, { ...empty, firstName: "Anna" });
    expect(after.firstName).toBeUndefined();
    expect(after.email).toBe(errors.email);
    expect(errorsAfterEdit(errors, empty, { ...empty, dateOfBirth: { day: 3, month: 0, year: 0 } }).dateOfBirth).toBeUndefined();
  });

  test.prop([fc.subarray(REQUIRED_FIELDS.filter((f) => f !== "dateOfBirth" && f !== "gender" && f !== "streetNumber"))])(
    "keeps exactly the errors of the fields left as they were",
    (edited) => {
      const edit = Object.fromEntries(edited.map((field) => [field, "x"])) as Partial<CheckoutFormValues>;
      const after = errorsAfterEdit(errors, empty, { ...empty, ...edit });
      for (const field of Object.keys(errors) as Array<keyof CheckoutFormValues>) {
        expect(after[field]).toBe((edited as ReadonlyArray<string>).includes(field) && empty[field] !== "x" ? undefined : errors[field]);
      }
    },
  );
});

describe("dates", () => {
  test("knows leap days", () => {
    expect(isRealDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 1900, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 2, day: 29 })).toBe(true);
  });

  test.prop([fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })])(
    "accepts exactly the dates the calendar has and round-trips YYYY-MM-DD",
    (d) => {
      const iso = d.toISOString().slice(0, 10);
      const parsed = parseDateOfBirth(iso);
      expect(parsed).not.toBeNull();
      expect(formatIsoDate(parsed!)).toBe(iso);
      expect(parseDateOfBirth({ day: String(parsed!.day), month: parsed!.month, year: parsed!.year })).toEqual(parsed);
    },
  );

  test.prop([fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })])(
    "agrees with the UTC calendar on which dates are real",
    (year, month, day) => {
      const d = new Date(Date.UTC(2000, month - 1, day));
      d.setUTCFullYear(year);
      const real = month >= 1 && month <= 12 && day >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
      expect(isRealDate({ year, month, day })).toBe(real);
    },
  );

  test("offers birth years from 10 to 100 years back", () => {
    const years = birthYearOptions(now);
    expect(years[0]).toBe(2015);
    expect(years.at(-1)).toBe(1925);
    expect(years).toHaveLength(91);
  });
});

describe("helper checks", () => {
  test.prop([fc.integer()])("treats any signed integer text as a number", (n) => {
    expect(isNumber(String(n))).toBe(true);
    expect(isNumber(`+${Math.abs(n)}`)).toBe(true);
    expect(isNumber(`${n}.5`)).toBe(false);
  });

  test("checks email lowercased against a standard pattern", () => {
    expect(isEmail("ANNA@EXAMPLE.COM")).toBe(true);
    expect(isEmail("anna@example")).toBe(false);
    expect(isEmail("anna example@x.nl")).toBe(false);
  });

  test.prop([fc.emailAddress()])("accepts generated addresses in any case", (email) => {
    fc.pre(/\.[a-z]{2,}$/.test(email));
    expect(isEmail(email.toUpperCase())).toBe(isEmail(email));
  });
});

describe("email typo warning", () => {
  test("warns for .con, .co, gmai, gmil, hotmai and homail", () => {
    for (const e of ["a@gmail.con", "a@gmail.co", "a@gmai.com", "a@gmil.com", "a@hotmai.com", "a@homail.nl"]) expect(emailTypoWarning(e)).not.toBeNull();
    for (const e of ["a@gmail.com", "a@hotmail.com", "a@company.co.uk", "a@con.nl"]) expect(emailTypoWarning(e)).toBeNull();
  });

  test.prop([fc.stringMatching(/^[a-z]{1,10}$/), fc.constantFrom("com", "nl", "de", "org")])("does not warn for ordinary domains", (name, tld) => {
    fc.pre(!["gmai", "gmil", "hotmai", "homail"].includes(name));
    expect(emailTypoWarning(`x@${name}.${tld}`)).toBeNull();
  });
});

describe("toCartDetails", () => {
  test("builds the PUT /carts/{cartId} payload", () => {
    const r = toCartDetails(valid, ctx);
    expect(r).toEqual({
      _tag: "Valid",
      details: {
        gender: "female",
        firstName: "Anna",
        middleName: " ",
        lastName: "de Vries",
        phoneNumber: "+31612345678",
        email: "anna.devries@example.nl",
        dateOfBirth: "1990-02-03",
        address: "Damstraat",
        streetNumber: 12,
        streetNumberExtension: " ",
        postalCode: "1012 AB",
        city: "Amsterdam",
        country: "NL",
      },
    });
  });

  test("sends gender other for the gender-optional brand, the state when required and redirectUri for adyen", () => {
    const r = toCartDetails({ ...valid, gender: "", country: "US", state: "dc" }, { ...ctx, genderOptional: true, paymentProvider: "adyen", redirectUri: "https://x/s/paymentstatus" });
    expect(r._tag).toBe("Valid");
    if (r._tag === "Valid") {
      expect(r.details.gender).toBe("other");
      expect(r.details.state).toBe("DC");
      expect(r.details.redirectUri).toBe("https://x/s/paymentstatus");
    }
  });

  test("returns the errors and error.form_has_errors for an invalid form", () => {
    expect(toCartDetails({ ...valid, city: "" }, ctx)).toEqual({ _tag: "Invalid", errors: { city: FIELD_MESSAGE.required }, formMessage: "error.form_has_errors" });
  });

  const formArb = fc.record({
    firstName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
    streetNumber: fc.integer({ min: 1, max: 9999 }),
    extension: fc.constantFrom("", " ", "A", "bis"),
    prefix: fc.integer({ min: 1, max: 999 }),
    number: fc.stringMatching(/^[0-9]{6,10}$/),
    email: fc.constantFrom("A@B.NL", "x.y@site.com", "Mixed@Case.Org"),
    year: fc.integer({ min: 1930, max: 2005 }),
  });

  test.prop([formArb])("always decodes as the CartDetails schema with country code removed", (f) => {
    const r = toCartDetails(
      { ...valid, firstName: f.firstName, streetNumber: String(f.streetNumber), streetNumberExtension: f.extension, countryCode: String(f.prefix), phoneNumber: f.number, email: f.email, dateOfBirth: { day: 1, month: 1, year: f.year } },
      ctx,
    );
    expect(r._tag).toBe("Valid");
    if (r._tag !== "Valid") return;
    expect(() => Schema.decodeUnknownSync(CartDetails)(r.details)).not.toThrow();
    expect(r.details).not.toHaveProperty("countryCode");
    expect(r.details.phoneNumber).toBe(`+${f.prefix}${f.number}`);
    expect(r.details.streetNumber).toBe(f.streetNumber);
    expect(r.details.streetNumberExtension).toBe(f.extension.trim() === "" ? " " : f.extension);
    expect(r.details.email).toBe(f.email.toLowerCase());
    expect(r.details.middleName).toBe(" ");
    expect(r.details.dateOfBirth).toBe(`${f.year}-01-01`);
  });

  test("composes the phone number with plus, prefix and number", () => {
    expect(composePhoneNumber("+31", "6 12 34-56 78")).toBe("+31612345678");
  });
});

describe("whitespace law", () => {
  const textFields = ["firstName", "lastName", "countryCode", "phoneNumber", "email", "address", "streetNumber", "streetNumberExtension", "postalCode", "city", "country"] as const;
  const space = fc.stringMatching(/^[ \t]{0,3}$/);
  const padArb = fc.record(Object.fromEntries(textFields.map((f) => [f, fc.tuple(space, space)])) as Record<(typeof textFields)[number], fc.Arbitrary<[string, string]>>);
  const contextArb = fc.constantFrom<CheckoutContext>(
    ctx,
    { ...ctx, paymentProvider: "adyen", genderOptional: true, ageRequirements: AGE_RULE_CURRENTLY },
    { ...ctx, ageRequirements: AGE_RULE_AT_EVENT_START },
  );

  test.prop([padArb, fc.tuple(space, space), contextArb, fc.constantFrom("nl", "us", "US")])(
    "keeps a valid form valid under irrelevant whitespace around its text fields",
    (pads, statePad, context, country) => {
      const base: CheckoutFormValues = { ...valid, country, state: "ny" };
      expect(validateCheckoutForm(base, context)).toEqual({});
      const padded = { ...base } as Record<string, unknown>;
      for (const f of textFields) padded[f] = `${pads[f][0]}${String(base[f])}${pads[f][1]}`;
      padded.state = `${statePad[0]}ny${statePad[1]}`;
      expect(validateCheckoutForm(padded as unknown as CheckoutFormValues, context)).toEqual({});
      const details = toCartDetails(padded as unknown as CheckoutFormValues, context);
      expect(details).toEqual(toCartDetails(base, context));
    },
  );
});

describe("isGenderOptionalBrand", () => {
  test("is true for the milkshake brand in any case and padding, false for others", () => {
    expect(isGenderOptionalBrand("milkshake")).toBe(true);
    expect(isGenderOptionalBrand(" MilkShake ")).toBe(true);
    expect(isGenderOptionalBrand("zwartecross")).toBe(false);
    expect(isGenderOptionalBrand("milkshake festival")).toBe(false);
  });
});

describe("isRealDate", () => {
  test("refuses fractional parts", () => {
    expect(isRealDate({ year: 2000.5, month: 1, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 1.5, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 1, day: 1.5 })).toBe(false);
    expect(isRealDate({ year: 2000, month: 1, day: 1 })).toBe(true);
  });
});

describe("validateCartDetails (PUT /carts/{cartId} as the server receives it)", () => {
  const built = toCartDetails(valid, ctx);
  if (built._tag !== "Valid") throw new Error("the valid form must build details");
  const details = built.details;

  test("accepts the details the form builds, with or without a state where it is not asked", () => {
    expect(validateCartDetails(details, ctx)).toEqual({});
    expect(validateCartDetails({ ...details, state: "NY" }, ctx)).toEqual({});
  });

  test("asks for the state the provider needs and checks it", () => {
    const us = { ...details, country: "US" };
    expect(validateCartDetails(us, ctx)).toEqual({ state: FIELD_MESSAGE.required });
    expect(validateCartDetails({ ...us, state: "NY" }, ctx)).toEqual({});
  });

  test("applies the form rules to the details: required fields and a real date of birth", () => {
    expect(validateCartDetails({ ...details, city: " " }, ctx)).toEqual({ city: FIELD_MESSAGE.required });
    expect(validateCartDetails({ ...details, dateOfBirth: "1990-02-30" }, ctx)).toEqual({ dateOfBirth: FIELD_MESSAGE.date });
    expect(validateCartDetails({ ...details, email: "anna@" }, ctx)).toEqual({ email: FIELD_MESSAGE.email });
  });

  test.prop([fc.constantFrom("firstName", "lastName", "address", "postalCode", "city", "phoneNumber", "streetNumberExtension", "middleName"), fc.integer({ min: 0, max: 20 })])(
    "bounds text fields at 100 characters",
    (field, extra) => {
      const value = field === "phoneNumber" ? `+31${"6".repeat(97 + extra)}` : "a".repeat(100 + extra);
      const errors = validateCartDetails({ ...details, [field]: value }, ctx);
      expect(errors[field]).toBe(extra === 0 ? undefined : FIELD_TOO_LONG);
    },
  );

  test.prop([fc.integer({ min: 0, max: 20 })])("bounds the e-mail address at 254 characters", (extra) => {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58 + extra)}.nl`;
    expect(email.length).toBe(254 + extra);
    expect(validateCartDetails({ ...details, email }, ctx).email).toBe(extra === 0 ? undefined : FIELD_TOO_LONG);
  });

  test.prop([fc.integer({ min: 0, max: 20 })])("bounds the redirect URI at 2048 characters", (extra) => {
    const base = "https://shop.example/s/paymentstatus?";
    const redirectUri = base + "x".repeat(2048 - base.length + extra);
    expect(validateCartDetails({ ...details, redirectUri }, ctx).redirectUri).toBe(extra === 0 ? undefined : FIELD_TOO_LONG);
  });

  test("never reports the phone prefix field, which the details do not have", () => {
    expect(validateCartDetails({ ...details, phoneNumber: "" }, ctx)).toEqual({ phoneNumber: FIELD_MESSAGE.required });
  });
});

describe("emailTypoWarning edges", () => {
  test("reads only the domain after the last @, trimmed, and needs a dot for a suffix", () => {
    expect(emailTypoWarning("anna.gmai.con")).toBeNull();
    expect(emailTypoWarning("@gmai.com")).toBe(EMAIL_TYPO_WARNING);
    expect(emailTypoWarning("anna@example.con ")).toBe(EMAIL_TYPO_WARNING);
    expect(emailTypoWarning("anna@con")).toBeNull();
    expect(emailTypoWarning("anna@co")).toBeNull();
  });
});

describe("parseDateOfBirth of text", () => {
  test("takes exactly YYYY-MM-DD, trimmed", () => {
    expect(parseDateOfBirth(" 1990-02-03 ")).toEqual({ year: 1990, month: 2, day: 3 });
    expect(parseDateOfBirth("x1990-02-03")).toBeNull();
    expect(parseDateOfBirth("1990-02-03x")).toBeNull();
    expect(parseDateOfBirth("abc")).toBeNull();
    expect(parseDateOfBirth("")).toBeNull();
  });
});

describe("age on a date and the age rule", () => {
  const birth = { year: 2000, month: 5, day: 15 };
  test("counts a year on the birthday itself, not before", () => {
    expect(ageOn(birth, { year: 2018, month: 5, day: 14 })).toBe(17);
    expect(ageOn(birth, { year: 2018, month: 5, day: 15 })).toBe(18);
    expect(ageOn(birth, { year: 2018, month: 6, day: 1 })).toBe(18);
    expect(ageOn(birth, { year: 2018, month: 4, day: 20 })).toBe(17);
  });

  test("passes the at-event-start rule when the festival start is unknown or unreadable", () => {
    const young = { year: 2015, month: 1, day: 1 };
    expect(meetsAgeRequirement(young, { ageRequirements: AGE_RULE_AT_EVENT_START, festivalStart: null, now })).toBe(true);
    expect(meetsAgeRequirement(young, { ageRequirements: AGE_RULE_AT_EVENT_START, festivalStart: "soon", now })).toBe(true);
    expect(meetsAgeRequirement(young, { ageRequirements: AGE_RULE_AT_EVENT_START, festivalStart: "2025-08-01", now })).toBe(false);
  });
});

describe("a date of birth given as blank text", () => {
  test.each(["", "   "])("is a required field (%j)", (dateOfBirth) => {
    expect(validateCheckoutForm({ ...valid, dateOfBirth }, ctx)).toEqual({ dateOfBirth: FIELD_MESSAGE.required });
  });
});

describe("a state outside the provider's options", () => {
  test("is refused as required", () => {
    expect(validateCheckoutForm({ ...valid, country: "US", state: "ZZ" }, ctx)).toEqual({ state: FIELD_MESSAGE.required });
    expect(validateCheckoutForm({ ...valid, country: "US", state: " ny " }, ctx)).toEqual({});
  });
});

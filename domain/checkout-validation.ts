import type { CartDetails, Gender } from "./cart.schema.ts";
import type { PaymentProviderName } from "./shop.schema.ts";

/** Date of birth as the three dropdowns give it (numbers or numeric strings). spec §3 Checkout form. */
export interface DateParts {
  readonly day: number | string;
  readonly month: number | string;
  readonly year: number | string;
}

/**
 * The checkout form values, field names as spec §3 Checkout form: gender ('' = none chosen), countryCode is the
 * phone prefix ("31"), dateOfBirth as {day, month, year} or "YYYY-MM-DD", streetNumber as typed, country a
 * two-letter code, state only for some countries.
 */
export interface CheckoutFormValues {
  readonly gender: Gender | "";
  readonly firstName: string;
  readonly lastName: string;
  readonly countryCode: string;
  readonly phoneNumber: string;
  readonly email: string;
  readonly dateOfBirth: DateParts | string;
  readonly address: string;
  readonly streetNumber: string | number;
  readonly streetNumberExtension: string;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
  readonly state?: string;
}

/** The brand whose checkout does not require gender (sent as other). spec §5 Checkout fields "Gender is not required for one brand". */
export const GENDER_OPTIONAL_BRAND = "milkshake";

/** True when the shop's brand (config brand, case-insensitive) is the gender-optional brand. spec §5 Checkout fields. */
export const isGenderOptionalBrand = (brand: string): boolean => brand.trim().toLowerCase() === GENDER_OPTIONAL_BRAND;

/** A checkout field name. */
export type CheckoutField = keyof CheckoutFormValues;

/** Validation inputs from the shop: gender-optional brand flag, provider, age rule and the dates it needs. spec §5. */
export interface CheckoutContext {
  /** The one brand where gender is optional (then sent as other). */
  readonly genderOptional: boolean;
  readonly paymentProvider: PaymentProviderName;
  /** shopSettings.fields.ageRequirements, e.g. AGE_RULE_AT_EVENT_START or AGE_RULE_CURRENTLY. */
  readonly ageRequirements?: string | null;
  /** festivalData.dateStart (YYYY-MM-DD). */
  readonly festivalStart?: string | null;
  /** Now; its UTC calendar date is "today". */
  readonly now: Date;
  /** redirectUri sent with the details when the provider is adyen. spec §7. */
  readonly redirectUri?: string;
}

/** Field message keys of the checkout form. spec §5, §8. */
export const FIELD_MESSAGE = {
  required: "error.field_required",
  number: "error.field_number",
  email: "error.field_email",
  date: "error.field_date",
  ageRequirements: "ageRequirementsError",
} as const;
/** One of the field message keys. */
export type FieldMessage = (typeof FIELD_MESSAGE)[keyof typeof FIELD_MESSAGE];

/** Form-level message key shown when any field has an error. spec §5. */
export const FORM_HAS_ERRORS = "error.form_has_errors";

/** Field -> message key of every failing field (empty record = valid). */
export type CheckoutFormErrors = Partial<Record<CheckoutField, FieldMessage>>;

/**
 * The field errors that still stand after the visitor edited the form from `before` to `after`: a field whose value
 * changed loses its error (the next order attempt validates it again, spec §5), the others keep theirs. A visitor
 * who fixed a field no longer sees "required" under it.
 */
export const errorsAfterEdit = (errors: CheckoutFormErrors, before: CheckoutFormValues, after: CheckoutFormValues): CheckoutFormErrors => {
  const changed = (field: string) =>
    JSON.stringify((before as unknown as Record<string, unknown>)[field]) !== JSON.stringify((after as unknown as Record<string, unknown>)[field]);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !changed(field))) as CheckoutFormErrors;
};

/** ageRequirements value: age at festival start must be >= 18. spec §5. */
export const AGE_RULE_AT_EVENT_START = "Yes, 18 at event start";
/** ageRequirements value: age today must be >= 18. spec §5. */
export const AGE_RULE_CURRENTLY = "Yes, currently 18 years";
/** Adult age in years. spec §9. */
export const ADULT_AGE = 18;

/** Helper check: an optional sign followed by digits ("+12", "-3", "7"). spec §5. */
export const isNumber = (value: string): boolean => /^[+-]?\d+$/.test(value);

const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,}$/;

/** Helper check: the lowercased, trimmed value matches a standard email pattern (local@domain.tld). spec §5. */
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim().toLowerCase());

/** Email typo warning key when the domain has label gmai/gmil/hotmai/homail or suffix .con/.co, else null. spec §5. */
export const EMAIL_TYPO_WARNING = "warning.check_email_address";

const TYPO_LABELS = new Set(["gmai", "gmil", "hotmai", "homail"]);
const TYPO_SUFFIXES = new Set(["con", "co"]);

/** Returns EMAIL_TYPO_WARNING ('check your email adres') for a likely typo in the email domain, else null. spec §5. */
export const emailTypoWarning = (email: string): typeof EMAIL_TYPO_WARNING | null => {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const labels = email.slice(at + 1).trim().toLowerCase().split(".");
  // Stryker disable next-line StringLiteral: any text that is not a TYPO_SUFFIXES entry gives the same answer as "" here
  const suffix = labels.length > 1 ? labels[labels.length - 1]! : "";
  return TYPO_SUFFIXES.has(suffix) || labels.some((l) => TYPO_LABELS.has(l)) ? EMAIL_TYPO_WARNING : null;
};

/** A calendar date. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const toInt = (v: number | string): number | null => {
  const s = String(v).trim();
  return /^\d+$/.test(s) ? Number(s) : null;
};

/** True when year/month/day form a real Gregorian date (year 1..9999). */
export const isRealDate = (d: CalendarDate): boolean => {
  if (!Number.isInteger(d.year) || !Number.isInteger(d.month) || !Number.isInteger(d.day)) return false;
  if (d.year < 1 || d.year > 9999 || d.month < 1 || d.month > 12 || d.day < 1) return false;
  const leap = (d.year % 4 === 0 && d.year % 100 !== 0) || d.year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][d.month - 1]!;
  return d.day <= days;
};

/** Parses {day, month, year} or "YYYY-MM-DD" into a real calendar date, null when absent or impossible. spec §5. */
export const parseDateOfBirth = (value: DateParts | string): CalendarDate | null => {
  let parts: { year: number | null; month: number | null; day: number | null };
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (!m) return null;
    parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  } else {
    parts = { year: toInt(value.year), month: toInt(value.month), day: toInt(value.day) };
  }
  if (parts.year === null || parts.month === null || parts.day === null) return null;
  const date = { year: parts.year, month: parts.month, day: parts.day };
  return isRealDate(date) ? date : null;
};

/** Formats a calendar date as YYYY-MM-DD. */
export const formatIsoDate = (d: CalendarDate): string =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The UTC calendar date of a Date. */
export const utcCalendarDate = (date: Date): CalendarDate => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
});

/** Whole years between birth and `on` (a birthday counts on its day; 29 Feb birthdays count on 1 Mar in other years). spec §5. */
export const ageOn = (birth: CalendarDate, on: CalendarDate): number => {
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
};

/**
 * The age rule: AGE_RULE_AT_EVENT_START compares age at festivalStart, AGE_RULE_CURRENTLY age today, with ADULT_AGE;
 * any other (or missing) rule passes, as does an at-event-start rule without a parseable festivalStart. spec §5.
 */
export const meetsAgeRequirement = (birth: CalendarDate, context: Pick<CheckoutContext, "ageRequirements" | "festivalStart" | "now">): boolean => {
  if (context.ageRequirements === AGE_RULE_CURRENTLY) return ageOn(birth, utcCalendarDate(context.now)) >= ADULT_AGE;
  if (context.ageRequirements === AGE_RULE_AT_EVENT_START) {
    const start = context.festivalStart ? parseDateOfBirth(context.festivalStart) : null;
    return start === null || ageOn(birth, start) >= ADULT_AGE;
  }
  return true;
};

/** Birth years offered in the dropdown: from 10 years ago down to 100 years ago (UTC year of `now`), 91 years. spec §5, §9. */
export const birthYearOptions = (now: Date): ReadonlyArray<number> => {
  const year = now.getUTCFullYear();
  return Array.from({ length: 91 }, (_, i) => year - 10 - i);
};

/** A state option: code and display name. */
export interface StateOption {
  readonly code: string;
  readonly name: string;
}

const options = (entries: ReadonlyArray<readonly [string, string]>): ReadonlyArray<StateOption> =>
  entries.map(([code, name]) => ({ code, name }));

/** The 50 US states plus the District of Columbia. spec §5 Checkout fields. */
export const US_STATES: ReadonlyArray<StateOption> = options([
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"], ["CO", "Colorado"],
  ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"], ["GA", "Georgia"],
  ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"],
  ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"], ["MA", "Massachusetts"],
  ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"],
  ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"],
  ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"], ["OK", "Oklahoma"],
  ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"],
  ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VA", "Virginia"], ["WA", "Washington"],
  ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
]);

/** The 10 Canadian provinces and 3 territories. spec §5 Checkout fields. */
export const CANADIAN_PROVINCES: ReadonlyArray<StateOption> = options([
  ["AB", "Alberta"], ["BC", "British Columbia"], ["MB", "Manitoba"], ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"], ["NS", "Nova Scotia"], ["NT", "Northwest Territories"], ["NU", "Nunavut"],
  ["ON", "Ontario"], ["PE", "Prince Edward Island"], ["QC", "Quebec"], ["SK", "Saskatchewan"], ["YT", "Yukon"],
]);

/** The 26 Brazilian states plus the Federal District. spec §5 Checkout fields. */
export const BRAZILIAN_STATES: ReadonlyArray<StateOption> = options([
  ["AC", "Acre"], ["AL", "Alagoas"], ["AP", "Amapá"], ["AM", "Amazonas"], ["BA", "Bahia"], ["CE", "Ceará"],
  ["DF", "Distrito Federal"], ["ES", "Espírito Santo"], ["GO", "Goiás"], ["MA", "Maranhão"], ["MT", "Mato Grosso"],
  ["MS", "Mato Grosso do Sul"], ["MG", "Minas Gerais"], ["PA", "Pará"], ["PB", "Paraíba"], ["PR", "Paraná"],
  ["PE", "Pernambuco"], ["PI", "Piauí"], ["RJ", "Rio de Janeiro"], ["RN", "Rio Grande do Norte"],
  ["RS", "Rio Grande do Sul"], ["RO", "Rondônia"], ["RR", "Roraima"], ["SC", "Santa Catarina"], ["SP", "São Paulo"],
  ["SE", "Sergipe"], ["TO", "Tocantins"],
]);

/**
 * State options for a provider and country: adyen with US or CA, paylogic with US or BR; null when no state is
 * asked (country compared upper case). spec §5 Checkout fields.
 */
export const stateOptionsFor = (provider: PaymentProviderName, country: string): ReadonlyArray<StateOption> | null => {
  const c = country.trim().toUpperCase();
  if (c === "US" && (provider === "adyen" || provider === "paylogic")) return US_STATES;
  if (c === "CA" && provider === "adyen") return CANADIAN_PROVINCES;
  if (c === "BR" && provider === "paylogic") return BRAZILIAN_STATES;
  return null;
};

/** True when the state field is required (and shown): see stateOptionsFor. spec §5. */
export const isStateRequired = (provider: PaymentProviderName, country: string): boolean =>
  stateOptionsFor(provider, country) !== null;

const blank = (v: string | number | undefined | null): boolean => v === undefined || v === null || String(v).trim() === "";

/** Fields that are always required except gender for the gender-optional brand. spec §5 Checkout fields. */
export const REQUIRED_FIELDS: ReadonlyArray<CheckoutField> = [
  "gender", "firstName", "lastName", "email", "city", "country", "dateOfBirth", "phoneNumber", "address",
  "countryCode", "streetNumber", "postalCode",
];

const dateBlank = (v: DateParts | string): boolean =>
  typeof v === "string" ? v.trim() === "" : blank(v.day) || blank(v.month) || blank(v.year);

/**
 * Validates the checkout form (spec §5 Checkout fields): required fields, number, e-mail, real date, age rule and
 * state; answers the failing fields only ({} = valid).
 */
export const validateCheckoutForm = (values: CheckoutFormValues, context: CheckoutContext): CheckoutFormErrors => {
  const errors: CheckoutFormErrors = {};
  for (const field of REQUIRED_FIELDS) {
    if (field === "gender" && context.genderOptional) continue;
    const v = values[field];
    const empty = field === "dateOfBirth" ? dateBlank(values.dateOfBirth) : blank(v as string | number | undefined);
    if (empty) errors[field] = FIELD_MESSAGE.required;
  }
  const stateOptions = stateOptionsFor(context.paymentProvider, values.country);
  if (stateOptions !== null) {
    // Stryker disable next-line StringLiteral: no state option is blank or any other fallback text, so a missing state is refused either way
    const state = (values.state ?? "").trim().toUpperCase();
    if (state === "" || !stateOptions.some((o) => o.code === state)) errors.state = FIELD_MESSAGE.required;
  }
  if (errors.streetNumber === undefined && !isNumber(String(values.streetNumber).trim())) errors.streetNumber = FIELD_MESSAGE.number;
  if (errors.email === undefined && !isEmail(values.email)) errors.email = FIELD_MESSAGE.email;
  if (errors.dateOfBirth === undefined) {
    const birth = parseDateOfBirth(values.dateOfBirth);
    if (birth === null) errors.dateOfBirth = FIELD_MESSAGE.date;
    else if (!meetsAgeRequirement(birth, context)) errors.dateOfBirth = FIELD_MESSAGE.ageRequirements;
  }
  return errors;
};

/** The checkout details, or the field errors that stopped them. Expected failure as a value. */
export type CartDetailsResult =
  | { readonly _tag: "Valid"; readonly details: CartDetails }
  | { readonly _tag: "Invalid"; readonly errors: CheckoutFormErrors; readonly formMessage: typeof FORM_HAS_ERRORS };

/** Composes the phone number "+" + prefix digits + number without spaces, dashes, dots or brackets ("31", "612 345" -> "+31612345"). spec §3, §7. */
export const composePhoneNumber = (countryCode: string, phoneNumber: string): string =>
  `+${countryCode.replace(/\D/g, "")}${phoneNumber.replace(/[\s\-().]/g, "")}`;

/**
 * Builds the PUT /carts/{cartId} payload (CartDetails) from valid form values in the wire's shape, or Invalid with the
 * errors. spec §3, §5, §7.
 */
export const toCartDetails = (values: CheckoutFormValues, context: CheckoutContext): CartDetailsResult => {
  const errors = validateCheckoutForm(values, context);
  const birth = parseDateOfBirth(values.dateOfBirth);
  if (Object.keys(errors).length > 0 || birth === null) return { _tag: "Invalid", errors, formMessage: FORM_HAS_ERRORS };
  const extension = values.streetNumberExtension.trim();
  const country = values.country.trim().toUpperCase();
  const details: CartDetails = {
    gender: values.gender === "" ? "other" : values.gender,
    firstName: values.firstName.trim(),
    middleName: " ",
    lastName: values.lastName.trim(),
    phoneNumber: composePhoneNumber(values.countryCode, values.phoneNumber),
    email: values.email.trim().toLowerCase(),
    dateOfBirth: formatIsoDate(birth),
    address: values.address.trim(),
    streetNumber: Number.parseInt(String(values.streetNumber).trim(), 10),
    streetNumberExtension: extension === "" ? " " : extension,
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    country,
    // Stryker disable next-line StringLiteral: unreachable fallback, validateCheckoutForm already refused a required state that is missing
    ...(isStateRequired(context.paymentProvider, country) ? { state: (values.state ?? "").trim().toUpperCase() } : {}),
    ...(context.paymentProvider === "adyen" && context.redirectUri ? { redirectUri: context.redirectUri } : {}),
  };
  return { _tag: "Valid", details };
};

/** Most characters a checkout text field may hold (names, address, city, postal code, phone). Bounded so stored details stay small. */
export const MAX_DETAIL_LENGTH = 100;
/** Most characters of an e-mail address (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** Field message key of a value longer than its bound. */
export const FIELD_TOO_LONG = "error.field_too_long";

/**
 * Validates checkout details as PUT /carts/{cartId} receives them with the form's rules plus length bounds; answers
 * field to message key of each failing field ({} = valid). spec §5, §7.
 */
export const validateCartDetails = (details: CartDetails, context: CheckoutContext): Partial<Record<keyof CartDetails, string>> => {
  const values: CheckoutFormValues = {
    gender: details.gender,
    firstName: details.firstName,
    lastName: details.lastName,
    // The phone prefix is already part of phoneNumber ("+31…").
    countryCode: details.phoneNumber,
    phoneNumber: details.phoneNumber,
    email: details.email,
    dateOfBirth: details.dateOfBirth,
    address: details.address,
    streetNumber: details.streetNumber,
    streetNumberExtension: details.streetNumberExtension,
    postalCode: details.postalCode,
    city: details.city,
    country: details.country,
    ...(details.state === undefined ? {} : { state: details.state }),
  };
  const errors: Partial<Record<keyof CartDetails, string>> = { ...validateCheckoutForm(values, context) };
  delete (errors as Record<string, unknown>)["countryCode"];
  for (const [field, value] of Object.entries(details) as [keyof CartDetails, unknown][]) {
    const max = field === "email" ? MAX_EMAIL_LENGTH : field === "redirectUri" ? 2048 : MAX_DETAIL_LENGTH;
    if (typeof value === "string" && value.length > max) errors[field] = FIELD_TOO_LONG;
  }
  return errors;
};

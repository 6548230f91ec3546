import { type ReactNode, useMemo } from "react";
import { Button, FieldError, Input, Label, Radio, RadioGroup, Text, TextField } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { LazySelectField } from "../common/lazy-select-field.tsx";
import {
  birthYearOptions,
  type CheckoutField,
  type CheckoutFormErrors,
  type CheckoutFormValues,
  type DateParts,
  emailTypoWarning,
  FIELD_MESSAGE,
  stateOptionsFor,
} from "../../domain/checkout-validation.ts";
import { addressCountriesFor, COUNTRIES } from "../../domain/countries.ts";
import { countryName, useCountryName } from "../i18n/display-names.ts";
import type { PaymentProviderName } from "../../domain/shop.schema.ts";

/** Empty checkout form values (phone prefix and country default to the Netherlands). */
export const EMPTY_CHECKOUT_VALUES: CheckoutFormValues = {
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

/** Props of the checkout form: values and their errors (message keys), the change callback, the provider (for the state field), the shop's age error text, and "now" for the birth years. */
export interface CheckoutFormProps {
  readonly values: CheckoutFormValues;
  readonly errors: CheckoutFormErrors;
  readonly onChange: (values: CheckoutFormValues) => void;
  readonly paymentProvider: PaymentProviderName;
  readonly ageRequirementsError?: string;
  readonly now: Date;
  readonly disabled: boolean;
  /** The e-mail comes from the logged-in user's profile: read-only, with a note that logging in with another account changes it (spec §3). */
  readonly emailReadOnly?: boolean;
  /** The logout-and-login action beside the read-only e-mail (spec §3 "a logout-and-login action allows changing it"). */
  readonly onChangeAccount?: () => void;
  /** The shop is one of the two festival brands: the country list is Netherlands, Belgium, Germany in Dutch (spec §1, §5). */
  readonly festivalBrand?: boolean;
}

function useErrorText(errors: CheckoutFormErrors, ageRequirementsError?: string) {
  const intl = useIntl();
  return (field: CheckoutField): string | undefined => {
    const key = errors[field];
    if (!key) return undefined;
    if (key === FIELD_MESSAGE.ageRequirements) return ageRequirementsError ?? intl.formatMessage({ id: "error.field_date" });
    return intl.formatMessage({ id: key });
  };
}

function Field(props: {
  name: CheckoutField;
  label: ReactNode;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled: boolean;
  description?: ReactNode;
  inputMode?: "numeric" | "email" | "tel" | "text";
  readOnly?: boolean;
}) {
  return (
    <TextField
      className="field"
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.error !== undefined}
      isRequired={props.required ?? true}
      isDisabled={props.disabled}
      isReadOnly={props.readOnly ?? false}
      type={props.type ?? "text"}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      validationBehavior="aria"
    >
      <Label>
        {props.label}
        {(props.required ?? true) ? " *" : ""}
      </Label>
      <Input className="input" />
      {props.description ? <Text slot="description" className="warning">{props.description}</Text> : null}
      <FieldError className="field-error">{props.error}</FieldError>
    </TextField>
  );
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The checkout form of spec §3 (fields and names) with the messages of spec §5: every field labelled, required ones marked, errors shown at the field, the email typo warning, date of birth from day/month/year dropdowns, state only where the provider needs it. */
export function CheckoutForm({ values, errors, onChange, paymentProvider, ageRequirementsError, now, disabled, emailReadOnly, onChangeAccount, festivalBrand = false }: CheckoutFormProps) {
  const intl = useIntl();
  const nameOfCountry = useCountryName();
  const errorOf = useErrorText(errors, ageRequirementsError);
  const set = <K extends keyof CheckoutFormValues>(key: K) => (value: CheckoutFormValues[K]) => onChange({ ...values, [key]: value });
  const dob = (typeof values.dateOfBirth === "string" ? { day: "", month: "", year: "" } : values.dateOfBirth) as DateParts;
  const setDob = (part: keyof DateParts) => (value: string) => onChange({ ...values, dateOfBirth: { ...dob, [part]: value } });
  const years = useMemo(() => birthYearOptions(now).map((y) => ({ id: String(y), label: String(y) })), [now]);
  const monthNames = useMemo(
    () => range(1, 12).map((m) => ({ id: String(m), label: intl.formatDate(new Date(Date.UTC(2000, m - 1, 1)), { month: "long", timeZone: "UTC" }) })),
    [intl],
  );
  const states = stateOptionsFor(paymentProvider, values.country);
  const addressCountries = addressCountriesFor(festivalBrand);
  const addressNameLocale = addressCountries.nameLocale;
  const countryOptions = addressCountries.countries
    .map((c) => ({ id: c.code, label: addressNameLocale ? countryName(c.code, addressNameLocale, c.name) : nameOfCountry(c.code, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, addressNameLocale ?? intl.locale));
  const typo = values.email ? emailTypoWarning(values.email) : null;
  const dobError = errorOf("dateOfBirth");
  return (
    <div className="checkout-form">
      <p className="muted small">
        <FormattedMessage id="checkout.requiredHint" />
      </p>
      <RadioGroup
        className="field"
        name="gender"
        orientation="horizontal"
        value={values.gender === "" ? null : values.gender}
        onChange={(v) => set("gender")(v as CheckoutFormValues["gender"])}
        isInvalid={errors.gender !== undefined}
        isDisabled={disabled}
        isRequired
        validationBehavior="aria"
      >
        <Label>
          <FormattedMessage id="field.gender" /> *
        </Label>
        <div className="radios">
          {(["male", "female", "other"] as const).map((g) => (
            <Radio key={g} value={g} className="radio">
              <FormattedMessage id={`gender.${g}`} />
            </Radio>
          ))}
        </div>
        <FieldError className="field-error">{errorOf("gender")}</FieldError>
      </RadioGroup>
      <div className="row">
        <Field name="firstName" label={<FormattedMessage id="field.firstName" />} value={values.firstName} error={errorOf("firstName")} onChange={set("firstName")} autoComplete="given-name" disabled={disabled} />
        <Field name="lastName" label={<FormattedMessage id="field.lastName" />} value={values.lastName} error={errorOf("lastName")} onChange={set("lastName")} autoComplete="family-name" disabled={disabled} />
      </div>
      <Field
        name="email"
        label={<FormattedMessage id="field.email" />}
        value={values.email}
        error={errorOf("email")}
        onChange={set("email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        disabled={disabled}
        readOnly={emailReadOnly ?? false}
        description={emailReadOnly ? <FormattedMessage id="field.emailFromAccount" /> : typo ? <FormattedMessage id={typo} /> : undefined}
      />
      {emailReadOnly && onChangeAccount ? (
        <Button className="button ghost change-account" onPress={onChangeAccount} isDisabled={disabled}>
          <FormattedMessage id="field.emailChangeAccount" />
        </Button>
      ) : null}
      <div className="row">
        <LazySelectField required
          name="countryCode"
          label={<FormattedMessage id="field.countryCode" />}
          selectedKey={values.countryCode}
          options={[...new Map(COUNTRIES.map((c) => [c.phonePrefix, { id: c.phonePrefix, label: `+${c.phonePrefix}` }])).values()]}
          onChange={set("countryCode")}
          error={errorOf("countryCode")}
          disabled={disabled}
        />
        <Field name="phoneNumber" label={<FormattedMessage id="field.phoneNumber" />} value={values.phoneNumber} error={errorOf("phoneNumber")} onChange={set("phoneNumber")} type="tel" autoComplete="tel-national" inputMode="tel" disabled={disabled} />
      </div>
      <fieldset className="field date-of-birth" aria-invalid={dobError !== undefined} aria-describedby={dobError ? "dob-error" : undefined}>
        <legend>
          <FormattedMessage id="field.dateOfBirth" /> *
        </legend>
        <div className="row">
          <LazySelectField required name="day" label={<FormattedMessage id="field.day" />} selectedKey={String(dob.day)} options={range(1, 31).map((d) => ({ id: String(d), label: String(d) }))} onChange={setDob("day")} error={undefined} invalid={dobError !== undefined} disabled={disabled} />
          <LazySelectField required name="month" label={<FormattedMessage id="field.month" />} selectedKey={String(dob.month)} options={monthNames} onChange={setDob("month")} error={undefined} invalid={dobError !== undefined} disabled={disabled} />
          <LazySelectField required name="year" label={<FormattedMessage id="field.year" />} selectedKey={String(dob.year)} options={years} onChange={setDob("year")} error={undefined} invalid={dobError !== undefined} disabled={disabled} />
        </div>
        {dobError ? (
          <p id="dob-error" className="field-error">
            {dobError}
          </p>
        ) : null}
      </fieldset>
      <div className="row">
        <Field name="address" label={<FormattedMessage id="field.address" />} value={values.address} error={errorOf("address")} onChange={set("address")} autoComplete="address-line1" disabled={disabled} />
        <Field name="streetNumber" label={<FormattedMessage id="field.streetNumber" />} value={String(values.streetNumber)} error={errorOf("streetNumber")} onChange={set("streetNumber")} inputMode="numeric" disabled={disabled} />
        <Field name="streetNumberExtension" label={<FormattedMessage id="field.streetNumberExtension" />} value={values.streetNumberExtension} error={errorOf("streetNumberExtension")} onChange={set("streetNumberExtension")} required={false} disabled={disabled} />
      </div>
      <div className="row">
        <Field name="postalCode" label={<FormattedMessage id="field.postalCode" />} value={values.postalCode} error={errorOf("postalCode")} onChange={set("postalCode")} autoComplete="postal-code" disabled={disabled} />
        <Field name="city" label={<FormattedMessage id="field.city" />} value={values.city} error={errorOf("city")} onChange={set("city")} autoComplete="address-level2" disabled={disabled} />
      </div>
      <LazySelectField required
        name="country"
        label={<FormattedMessage id="field.country" />}
        selectedKey={values.country}
        options={countryOptions}
        onChange={set("country")}
        error={errorOf("country")}
        disabled={disabled}
      />
      {states ? (
        <LazySelectField required
          name="state"
          label={<FormattedMessage id="field.state" />}
          selectedKey={values.state ?? ""}
          options={states.map((s) => ({ id: s.code, label: s.name }))}
          onChange={set("state")}
          error={errorOf("state")}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

import { FormattedMessage, useIntl } from "react-intl";
import { formatEuro } from "../../domain/money.ts";
import { OTHER_COUNTRIES_CODE, shippingMessageKeys } from "../../domain/shipping.ts";
import type { ShippingCountry } from "../../domain/shop.schema.ts";
import { LazySelectField } from "../common/lazy-select-field.tsx";
import { useCountryName } from "../i18n/display-names.ts";

/** Props of the shipping country selector: the shop's list (already reduced for the festival brands), the cart's country, the at-home flag for the texts. */
export interface ShippingCountrySelectProps {
  readonly countries: ReadonlyArray<ShippingCountry>;
  readonly value: string | null;
  readonly onChange: (country: string) => void;
  readonly isDisabled: boolean;
  readonly atHomeShop: boolean;
  readonly isInvalid?: boolean;
}

/**
 * The shipping country Select (spec §2 Basket screen, only with merchandise): the shop's countries in the visitor's
 * language with their price, and the spec §8 texts for one without a rate.
 */
export function ShippingCountrySelect({ countries, value, onChange, isDisabled, atHomeShop, isInvalid }: ShippingCountrySelectProps) {
  const intl = useIntl();
  const nameOfCountry = useCountryName();
  const nameOf = (row: ShippingCountry): string =>
    row.countrycode === OTHER_COUNTRIES_CODE
      ? intl.formatMessage({ id: "checkout.shipping.other" })
      : nameOfCountry(row.countrycode, row.countryname);
  const items = [...countries].map((row) => ({ id: row.countrycode, name: nameOf(row), price: row.price })).sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  const chosen = countries.find((row) => row.countrycode === value);
  return (
    <div className="shipping">
      <LazySelectField
        label={<FormattedMessage id="checkout.shipping.label" />}
        options={items.map((item) => ({ id: item.id, label: item.price > 0 ? `${item.name} (${formatEuro(item.price)})` : item.name }))}
        selectedKey={value}
        onChange={onChange}
        disabled={isDisabled}
        invalid={isInvalid ?? false}
        placeholder={intl.formatMessage({ id: "checkout.shipping.placeholder" })}
        description={<FormattedMessage id="checkout.shipping.delivery" />}
      />
      {/* A country with a rate: its cost is the basket's 'Shipping cost:' row, not said a second time here. */}
      {chosen && chosen.price <= 0 ? (
        <p className="small" data-testid="shipping-message">
          {shippingMessageKeys(chosen.price, atHomeShop).map((key) => (
            <span key={key}>
              <FormattedMessage id={key} />{" "}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

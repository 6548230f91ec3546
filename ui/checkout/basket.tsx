import type { ReactNode } from "react";
import { Checkbox, Label, Link, Radio, RadioGroup, RouterProvider, Text } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { Cents } from "../../domain/money.ts";
import { formatEuro } from "../../domain/money.ts";
import type { Basket } from "../../domain/pricing.ts";
import { OTHER_COUNTRIES_CODE, shippingMessageKeys } from "../../domain/shipping.ts";
import type { ShippingCountry } from "../../domain/shop.schema.ts";
import { Money } from "../common/money.tsx";
import { LazySelectField } from "../common/lazy-select-field.tsx";
import { useCountryName } from "../i18n/display-names.ts";

/** Props of the basket list: the priced basket, the cart total in cents (the server's when known) and the slots the checkout fills between the rows and the total (shipping selector, refund choice in upgrade mode). */
export interface BasketListProps {
  readonly basket: Basket;
  /** The cart's totalAmount (cents); shown as 0 when the basket has no products (spec §3 Cart). */
  readonly totalAmount?: number;
  /** Rendered after the fee rows, before the subtotal and total (shipping selector, upgrade-mode refund choice). */
  readonly beforeTotal?: ReactNode;
  /** The travel (hotel) group, rendered at the travel position of spec §2 (the checkout route passes TravelBasketGroup). */
  readonly travelGroup?: ReactNode;
  /** True when the cart books a hotel room or add-ons: the basket is then not empty without products (the server counts them in totalAmount and checkoutAllowed). */
  readonly hasTravel?: boolean;
}

/**
 * The basket list (spec §2 Basket screen): item groups in spec order with the travel (hotel) group at the travel
 * position, the service fee, order fee, tourist tax, entertainment tax, shipping and refund protection rows, the
 * wishlist fee row in pre-registration (spec §9), the subtotal and discount block when a discount applies, and the total (0 with no products and no travel booking).
 */
export function BasketList({ basket, totalAmount, beforeTotal, travelGroup, hasTravel = false }: BasketListProps) {
  const empty = basket.itemCount === 0 && !hasTravel;
  if (empty) {
    return (
      <>
        {travelGroup}
        <p className="muted">
          <FormattedMessage id="basket.empty" />
        </p>
      </>
    );
  }
  const feeRows = [
    ["basket.serviceFee", basket.serviceFee],
    ["basket.orderFee", basket.orderFee],
    ["basket.touristTax", basket.touristTax],
    ["basket.entertainmentTax", basket.entertainmentTax],
    ["basket.shipping", basket.shipping],
    ["basket.refundProtection", basket.refundProtection],
    // spec §9: in pre-registration the wishlist fee is added to the total; a row says what it is.
    ["basket.wishlistFee", basket.wishlistFee],
  ] as const;
  const afterTravel = basket.groups.findIndex(({ group }) => !["upgrades", "memberships", "tickets", "travel"].includes(group));
  const groups = basket.groups.map(({ group, lines }) => (
    <section key={group} className="basket-group" aria-labelledby={`basket-${group}`}>
      <h3 id={`basket-${group}`}>
        <FormattedMessage id={`basket.group.${group}`} />
      </h3>
      <table className="basket-table">
        <tbody>
          {lines.map((line) => (
            <tr key={line.productId} data-product-id={line.productId}>
              <td className="qty">{line.quantity} ×</td>
              <th scope="row">{line.name}</th>
              <td className="amount">
                <Money cents={line.unitPrice} />
              </td>
              <td className="amount">
                <Money cents={line.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  ));
  const at = afterTravel === -1 ? groups.length : afterTravel;
  const total = (empty ? 0 : (totalAmount ?? basket.total)) as Cents;
  return (
    <div className="basket">
      {groups.slice(0, at)}
      {travelGroup}
      {groups.slice(at)}
      <table className="basket-table fees">
        <tbody>
          {feeRows
            .filter(([, amount]) => amount > 0)
            .map(([id, amount]) => (
              <tr key={id}>
                <th scope="row">
                  <FormattedMessage id={id} />
                </th>
                <td className="amount">
                  <Money cents={amount} />
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      {beforeTotal}
      <table className="basket-table fees">
        <tbody>
          {basket.discount > 0 ? (
            <>
              <tr className="subtotal">
                <th scope="row">
                  <FormattedMessage id="basket.subtotal" />
                </th>
                <td className="amount">
                  <Money cents={basket.subtotal} />
                </td>
              </tr>
              <tr className="discount">
                <th scope="row">
                  <FormattedMessage id="basket.discount" />
                </th>
                <td className="amount">
                  − <Money cents={basket.discount} />
                </td>
              </tr>
            </>
          ) : null}
          <tr className="total">
            <th scope="row">
              <FormattedMessage id="basket.total" />
            </th>
            <td className="amount" data-testid="basket-total">
              <Money cents={total} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

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
 * The shipping country selector (spec §2 Basket screen, shown only with merchandise): a react-aria Select of the shop's
 * countries named in the visitor's language (Intl.DisplayNames), each with its price or 'not shippable'; under it
 * 'Shipping cost:' with the price, or the spec §8 texts for a country without a rate.
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
      {chosen ? (
        <p className="small" data-testid="shipping-message">
          {shippingMessageKeys(chosen.price, atHomeShop).map((key) => (
            <span key={key}>
              <FormattedMessage id={key} />{" "}
            </span>
          ))}
          {chosen.price > 0 ? <Money cents={chosen.price} /> : null}
        </p>
      ) : null}
    </div>
  );
}

/** Props of the refund protection choice: the current answer (null = not made), its price in cents, the change callback. */
export interface RefundChoiceFieldProps {
  readonly value: boolean | null;
  readonly price: Cents;
  readonly onChange: (insured: boolean) => void;
  readonly isDisabled: boolean;
  readonly isInvalid?: boolean;
}

/** Refund protection (spec §4 Refund choice): a react-aria RadioGroup Yes / No; Yes adds one insurance item, No sets it to 0. */
export function RefundChoiceField({ value, price, onChange, isDisabled, isInvalid }: RefundChoiceFieldProps) {
  return (
    <RadioGroup
      className="field radios refund"
      value={value === null ? null : value ? "yes" : "no"}
      onChange={(v) => onChange(v === "yes")}
      isDisabled={isDisabled}
      isInvalid={isInvalid ?? false}
    >
      <Label>
        <FormattedMessage id="checkout.refund.label" />
      </Label>
      <Text slot="description" className="small muted">
        <FormattedMessage id="checkout.refund.description" values={{ price: formatEuro(price) }} />
      </Text>
      <Radio value="yes" className="radio">
        <FormattedMessage id="checkout.refund.yes" />
      </Radio>
      <Radio value="no" className="radio">
        <FormattedMessage id="checkout.refund.no" />
      </Radio>
    </RadioGroup>
  );
}

/** Props of the terms boxes: the two answers, the shop's absolute terms and privacy links, whether the covid box shows. */
export interface TermsBoxesProps {
  readonly termsAccepted: boolean;
  readonly covidAccepted: boolean;
  readonly onTerms: (accepted: boolean) => void;
  readonly onCovid: (accepted: boolean) => void;
  readonly showCovidTerms: boolean;
  readonly termsUrl: string;
  readonly privacyUrl: string;
  readonly isDisabled: boolean;
}

/** An absolute address for a configured link: "example.com/terms" or "//example.com" become https:, a full URL stays (never resolved against the page). */
export const absoluteUrl = (link: string): string => {
  const trimmed = link.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed.replace(/^(https?):\/(?!\/)/i, "$1://");
  return `https://${trimmed.replace(/^\/+/, "")}`;
};

const keepHref = (href: string) => href;
const externalNavigate = (href: string) => window.open(href, "_blank", "noreferrer");

/** The terms and covid-terms checkboxes with the terms and privacy links (spec §2 Basket screen, §5; shown only when the total is above 0). */
export function TermsBoxes(props: TermsBoxesProps) {
  return (
    <div className="terms">
      <Checkbox className="checkbox" isSelected={props.termsAccepted} onChange={props.onTerms} isDisabled={props.isDisabled}>
        <span className="box" aria-hidden="true" />
        <FormattedMessage id="checkout.terms" />
      </Checkbox>
      {/* The app's router provider resolves every href against the page (react-router useHref), which turned these
          external addresses into /{slug}/checkout/https:/… ; here hrefs stay as given. */}
      <RouterProvider navigate={externalNavigate} useHref={keepHref}>
        <p className="small">
          <Link href={absoluteUrl(props.termsUrl)} target="_blank" rel="noreferrer">
            <FormattedMessage id="checkout.termsLink" />
          </Link>
          {" · "}
          <Link href={absoluteUrl(props.privacyUrl)} target="_blank" rel="noreferrer">
            <FormattedMessage id="checkout.privacyLink" />
          </Link>
        </p>
      </RouterProvider>
      {props.showCovidTerms ? (
        <Checkbox className="checkbox" isSelected={props.covidAccepted} onChange={props.onCovid} isDisabled={props.isDisabled}>
          <span className="box" aria-hidden="true" />
          <FormattedMessage id="checkout.covidTerms" />
        </Checkbox>
      ) : null}
    </div>
  );
}

/** Props of the newsletter box: the shop's title (named in the label), whether it is ticked, and its change handler. */
export interface NewsletterBoxProps {
  readonly shopTitle: string;
  readonly isSelected: boolean;
  readonly onChange: (ticked: boolean) => void;
  readonly isDisabled: boolean;
}

/** The newsletter box of the details form: ticked, placing the order also subscribes the checkout e-mail (spec §7 Other calls, PlaceOrder). Unticked by default. */
export function NewsletterBox(props: NewsletterBoxProps) {
  return (
    <Checkbox className="checkbox newsletter" isSelected={props.isSelected} onChange={props.onChange} isDisabled={props.isDisabled}>
      <span className="box" aria-hidden="true" />
      <FormattedMessage id="checkout.newsletter" values={{ shop: props.shopTitle }} />
    </Checkbox>
  );
}

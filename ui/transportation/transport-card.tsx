import { Bus } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { Product } from "../../domain/product.schema.ts";
import { ItemPriceLine } from "../shop/item-price.tsx";
import { dateLocaleOf } from "../common/format.ts";
import { useCountryName } from "../i18n/display-names.ts";
import { ItemQuantity, type ItemQuantityProps } from "../items/item-quantity.tsx";

// One formatter per language for every card: building an Intl.DateTimeFormat costs far more than formatting with it.
const transportTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A departure or return time (ISO local date-time of the festival's time zone) in British English with the CET
 * suffix, e.g. "Fri 20 August 2027, 10:00 CET" (spec §1 dates in British English; in nl and es, `locale`, their own
 * day and month names in the same order); the text itself when unparsable.
 */
export const formatTransportTime = (isoLocal: string, locale = "en"): string => {
  const date = new Date(`${isoLocal.slice(0, 19)}Z`);
  if (Number.isNaN(date.getTime())) return isoLocal;
  const dateLocale = dateLocaleOf(locale);
  let transportTimeFormat = transportTimeFormats.get(dateLocale);
  transportTimeFormat ??= new Intl.DateTimeFormat(dateLocale, {
    weekday: "short",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  transportTimeFormats.set(dateLocale, transportTimeFormat);
  const parts = Object.fromEntries(transportTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  const text = `${parts["weekday"]} ${parts["day"]} ${parts["month"]} ${parts["year"]}, ${parts["hour"]}:${parts["minute"]}`;
  return `${text} CET`;
};

/** Props of a transportation card: the bus product and its quantity-control props. */
export interface TransportCardProps {
  readonly product: Product;
  readonly quantity: Omit<ItemQuantityProps, "product">;
}

/**
 * The transportation card (spec §2 Other layers "Transportation card"): country, city, pickup location, departure
 * and return times, people count, price per person labelled 'Ticket(s)' (§9), the call-to-action (the quantity
 * control's add button), the product disclaimer and the price disclaimer.
 */
export function TransportCard({ product, quantity }: TransportCardProps) {
  const intl = useIntl();
  const meta = product.meta ?? {};
  const headingId = `transport-${product.id}`;
  const nameOfCountry = useCountryName();
  const country = meta.country ? nameOfCountry(meta.country) : null;
  const rows: ReadonlyArray<readonly [string, string | undefined]> = [
    ["items.transport.city", meta.city],
    ["items.transport.pickup", meta.pickupLocation],
    ["items.transport.departure", meta.departureTime ? formatTransportTime(meta.departureTime, intl.locale) : undefined],
    ["items.transport.return", meta.returnTime ? formatTransportTime(meta.returnTime, intl.locale) : undefined],
    ["items.transport.people", intl.formatMessage({ id: "items.transport.peopleCount" }, { count: meta.people ?? 1 })],
  ];
  return (
    <article className="card transport-card" aria-labelledby={headingId} data-product-id={product.id}>
      {country ? (
        <span className="country">
          <span className="visually-hidden">
            <FormattedMessage id="items.transport.country" />:{" "}
          </span>
          {country}
        </span>
      ) : null}
      <div className="transport-title">
        <Icon node={Bus} aria-hidden="true" size={22} />
        <Heading level={2} id={headingId}>
          {product.title ?? product.name}
        </Heading>
      </div>
      <dl>
        {rows
          .filter(([, value]) => value !== undefined)
          .map(([labelId, value]) => (
            <div key={labelId}>
              <dt>
                <FormattedMessage id={labelId} />
              </dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <ItemPriceLine product={product}>
        {" "}
        <span className="small muted">{intl.formatMessage({ id: "items.transport.pricePer" })}</span>
      </ItemPriceLine>
      {quantity.inCart > 0 ? (
        <p className="in-cart" role="status">
          <FormattedMessage id="tickets.inCart" values={{ count: quantity.inCart }} />
        </p>
      ) : null}
      <ItemQuantity product={product} {...quantity} addLabelId="items.transport.cta" />
      <p className="small muted disclaimer">{meta.productDisclaimer ?? intl.formatMessage({ id: "items.transport.disclaimer" })}</p>
      <p className="small muted disclaimer">{meta.priceDisclaimer ?? intl.formatMessage({ id: "items.transport.priceDisclaimer" })}</p>
    </article>
  );
}

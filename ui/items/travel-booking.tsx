import { Trash2 } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Button, Heading } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { ExtraCategory, TravelCart } from "../../domain/travel.schema.ts";
import type { ErrorNotice } from "../shell/error-dialog.tsx";
import { formatFestivalDate } from "../common/format.ts";
import { Money } from "../common/money.tsx";

/** Props of TravelBookingSummary: the booked travel cart, the heading level and title, and (on the travel screens) the remove action and whether writes are paused. */
export interface TravelBookingSummaryProps {
  readonly travelCart: TravelCart;
  readonly headingLevel?: 2 | 3;
  readonly onRemove?: () => void;
  readonly disabled?: boolean;
  /** Message id of the heading before the package name (default travel.booking.title "Your booking"). */
  readonly titleId?: string;
}

/** The extra categories in the order spec §3 names them. */
export const EXTRA_CATEGORIES: ReadonlyArray<ExtraCategory> = ["extra", "transfer", "merchandise"];

/**
 * The hotel booking of spec §3 Travel package (basket travel group and the detail screen): package, room, persons,
 * stay, extras and add-ons with amounts and subtotals, and the travel total (cents).
 */
export function TravelBookingSummary({ travelCart, headingLevel = 2, onRemove, disabled = false, titleId = "travel.booking.title" }: TravelBookingSummaryProps) {
  const intl = useIntl();
  const lines = [
    ...(travelCart.packageOption ? [{ key: travelCart.packageOption.id, name: travelCart.packageOption.title, amount: travelCart.occupation, subtotal: travelCart.packageOption.subtotal }] : []),
    ...travelCart.extras.map((e) => ({ key: e.extraId, name: e.extra.name, amount: e.amount, subtotal: e.subtotal })),
    ...travelCart.addOns.map((a) => ({ key: a.addonId, name: a.extra.name, amount: a.quantity, subtotal: a.subtotal })),
  ];
  return (
    <section className="travel-booking card" aria-labelledby="travel-booking-title" data-testid="travel-booking">
      <Heading level={headingLevel} id="travel-booking-title">
        <FormattedMessage id={titleId} />: {travelCart.name}
      </Heading>
      <dl className="travel-booking-facts">
        {travelCart.packageOption ? (
          <>
            <dt>
              <FormattedMessage id="travel.booking.room" />
            </dt>
            <dd>{travelCart.packageOption.title}</dd>
            <dt>
              <FormattedMessage id="travel.booking.persons" />
            </dt>
            <dd>{travelCart.occupation}</dd>
          </>
        ) : null}
        <dt>
          <FormattedMessage id="travel.booking.stay" />
        </dt>
        <dd>
          <FormattedMessage id="travel.stay" values={{ from: formatFestivalDate(travelCart.startOfStayDate, intl.locale), to: formatFestivalDate(travelCart.endOfStayDate, intl.locale) }} />
        </dd>
      </dl>
      <table className="travel-booking-lines">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: "travel.booking.item" })}</th>
            <th scope="col" className="num">
              {intl.formatMessage({ id: "travel.booking.amount" })}
            </th>
            <th scope="col" className="num">
              {intl.formatMessage({ id: "travel.booking.subtotal" })}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.name}</th>
              <td className="num">{line.amount}</td>
              <td className="num">
                <Money cents={line.subtotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {intl.formatMessage({ id: "travel.booking.total" })}
            </th>
            <td className="num" data-testid="travel-total">
              <Money cents={travelCart.totalPrice} />
            </td>
          </tr>
        </tfoot>
      </table>
      {onRemove ? (
        <Button className="button ghost danger" onPress={onRemove} isDisabled={disabled}>
          <Icon node={Trash2} size={18} aria-hidden="true" />
          <FormattedMessage id="travel.booking.remove" />
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The decision before removing travel (spec §4 Cart updates on item screens): with tickets in the cart the 8003 message
 * shows and nothing is removed; otherwise the 6001 confirmation runs `remove` on Confirm.
 */
export const travelRemovalNotice = (ticketsInCart: number, remove: () => void): ErrorNotice =>
  ticketsInCart > 0 ? { code: 8003 } : { code: 6001, onConfirm: remove };

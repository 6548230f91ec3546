import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { Cents } from "../../domain/money.ts";
import type { Basket, BasketLine, DiscountBlock } from "../../domain/pricing.ts";
import { Money } from "../common/money.tsx";

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
  /** The subtotal and discount block (domain discountBlock: the upgrade's and a voucher's discount); default the basket's upgrade discount alone. */
  readonly discounts?: DiscountBlock;
  /** A line's quantity cell: its in-place controls (BasketLineQuantity); default the quantity as text. */
  readonly lineQuantity?: (line: BasketLine) => ReactNode;
}

/**
 * The basket list (spec §2 Basket screen): item groups in spec order with travel, the fee, tax, shipping and refund
 * rows, the wishlist fee (spec §9), the discount block and the total; lines editable where given.
 */
export function BasketList({ basket, totalAmount, beforeTotal, travelGroup, hasTravel = false, discounts, lineQuantity }: BasketListProps) {
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
            <tr key={line.productId} data-product-id={line.productId} className={lineQuantity ? "editable" : undefined}>
              <td className="qty">{lineQuantity ? lineQuantity(line) : `${line.quantity} ×`}</td>
              <th scope="row">{line.name}</th>
              <td className="amount unit">
                <Money cents={line.unitPrice} />
              </td>
              <td className="amount line-total">
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
  const block: DiscountBlock = discounts ?? { shown: basket.discount > 0, subtotal: basket.subtotal, upgradeDiscount: basket.discount, voucherDiscount: 0 as Cents };
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
          {block.shown ? (
            <>
              <tr className="subtotal">
                <th scope="row">
                  <FormattedMessage id="basket.subtotal" />
                </th>
                <td className="amount">
                  <Money cents={block.subtotal} />
                </td>
              </tr>
              {block.upgradeDiscount > 0 ? (
                <tr className="discount">
                  <th scope="row">
                    <FormattedMessage id="basket.discount" />
                  </th>
                  <td className="amount">
                    − <Money cents={block.upgradeDiscount} />
                  </td>
                </tr>
              ) : null}
              {block.voucherDiscount > 0 ? (
                <tr className="discount">
                  <th scope="row">
                    <FormattedMessage id="basket.voucherDiscount" />
                  </th>
                  <td className="amount">
                    − <Money cents={block.voucherDiscount} />
                  </td>
                </tr>
              ) : null}
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

/** The form's and the server's messages about an order (spec §5 Order button, §3 checkoutErrors) as one alert list; nothing without messages. */
export function FormMessages({ messages }: { messages: ReadonlyArray<string> }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert">
      <ul className="form-messages">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

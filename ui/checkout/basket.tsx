import { FormattedMessage } from "react-intl";
import type { Basket } from "../../domain/pricing.ts";
import { Money } from "../common/money.tsx";

/** The basket list (spec §2 Basket screen): item groups in spec order, then the service fee, order fee, tourist tax and entertainment tax rows, and the total (the server's totalAmount when given). */
export function BasketList({ basket, totalAmount }: { basket: Basket; totalAmount?: number }) {
  if (basket.itemCount === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="basket.empty" />
      </p>
    );
  }
  const feeRows = [
    ["basket.serviceFee", basket.serviceFee],
    ["basket.orderFee", basket.orderFee],
    ["basket.touristTax", basket.touristTax],
    ["basket.entertainmentTax", basket.entertainmentTax],
    ["basket.refundProtection", basket.refundProtection],
  ] as const;
  return (
    <div className="basket">
      {basket.groups.map(({ group, lines }) => (
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
      ))}
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
          <tr className="total">
            <th scope="row">
              <FormattedMessage id="basket.total" />
            </th>
            <td className="amount" data-testid="basket-total">
              <Money cents={(totalAmount ?? basket.total) as Basket["total"]} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

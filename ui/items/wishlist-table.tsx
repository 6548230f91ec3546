import "./wishlist-table.css";
import { FormattedMessage, useIntl } from "react-intl";
import type { Cents } from "../../domain/money.ts";
import type { WishlistTable } from "../../domain/wishlist.ts";
import { Money } from "../common/money.tsx";

/** The fee rows under the products, in the basket's order (react-intl key, amount in cents); only those above 0 show. spec §9. */
const feeRows = (fees: WishlistTable["fees"]): ReadonlyArray<readonly [string, Cents]> =>
  (
    [
      ["basket.serviceFee", fees.serviceFee],
      ["basket.orderFee", fees.orderFee],
      ["basket.touristTax", fees.touristTax],
      ["basket.entertainmentTax", fees.entertainmentTax],
      ["wishlist.modal.wishlistFee", fees.wishlistFee],
    ] as const
  ).filter(([, amount]) => amount > 0);

/**
 * A saved wishlist's table (domain wishlistTable) labelled by `labelledBy`: groups with product, count, price and
 * total, fee rows and the grand total. spec §2 Other layers, §3, §9.
 */
export function WishlistProductsTable({ table, labelledBy }: { table: WishlistTable; labelledBy: string }) {
  return (
    // On a phone the table may be wider than its box: the region scrolls sideways and can be scrolled by keyboard.
    <div className="wishlist-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="basket-table wishlist-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="wishlist.modal.product" />
            </th>
            <th scope="col" className="count">
              <FormattedMessage id="tickets.quantity" />
            </th>
            <th scope="col" className="amount">
              <FormattedMessage id="wishlist.modal.price" />
            </th>
            <th scope="col" className="amount">
              <FormattedMessage id="basket.total" />
            </th>
          </tr>
        </thead>
        {table.groups.map(({ group, rows }) => (
          <tbody key={group} data-group={group}>
            <tr className="wishlist-group">
              <th scope="colgroup" colSpan={4}>
                <FormattedMessage id={`basket.group.${group}`} />
              </th>
            </tr>
            {rows.map((row) => (
              <tr key={row.productId} data-product-id={row.productId}>
                <th scope="row">{row.name}</th>
                <td className="count">{row.count}</td>
                <td className="amount">
                  <Money cents={row.unitPrice} />
                </td>
                <td className="amount">
                  <Money cents={row.total} />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          {feeRows(table.fees).map(([id, amount]) => (
            <tr key={id} className="fee">
              <th scope="row" colSpan={3}>
                <FormattedMessage id={id} />
              </th>
              <td className="amount">
                <Money cents={amount} />
              </td>
            </tr>
          ))}
          <tr className="total">
            <th scope="row" colSpan={3}>
              <FormattedMessage id="basket.total" />
            </th>
            <td className="amount" data-testid="wishlist-total">
              <Money cents={table.total} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A saved wishlist as the pre-fill modal and the registration page show it: its table (or that it is empty) and the names of its sold-out products. spec §4. */
export function WishlistContents({ table, labelledBy }: { table: WishlistTable; labelledBy: string }) {
  const intl = useIntl();
  return (
    <>
      {table.groups.length > 0 ? (
        <WishlistProductsTable table={table} labelledBy={labelledBy} />
      ) : (
        <p>
          <FormattedMessage id="wishlist.modal.empty" />
        </p>
      )}
      {table.soldOut.length > 0 ? (
        <p className="small muted" data-testid="wishlist-sold-out">
          <FormattedMessage id="wishlist.modal.soldOut" values={{ names: intl.formatList(table.soldOut.map((p) => p.name), { type: "conjunction" }) }} />
        </p>
      ) : null}
    </>
  );
}

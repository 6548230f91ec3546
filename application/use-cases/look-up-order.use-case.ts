import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { isEmail } from "../../domain/checkout-validation.ts";
import { getOrdersBody, lookupKeysOf, orderNumberWithEmailBody, parseOrderNumber, type PreviousOrders } from "../../domain/order-lookup.schema.ts";
import type { OrderLookupApi } from "../ports/order-lookup-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ORDER_LOOKUP_API } from "../ports/tokens.ts";

/** Outcome of an add-on lookup (spec §4 Add-on lookup): invalid number, no order, failed call, or the orders found. */
export type AddOnLookup =
  | { readonly state: "invalid" }
  | { readonly state: "no-order" }
  | { readonly state: "failed" }
  | { readonly state: "success"; readonly orders: PreviousOrders };

/**
 * Looks up a previous order for the add-on shop (spec §4 Add-on lookup, §5 Order number lookup, §7 POST /get-orders).
 * Never fails: every outcome is a state (running is the caller's while the Effect runs).
 */
@injectable()
export class LookUpOrder {
  constructor(@inject(ORDER_LOOKUP_API) private readonly orders: OrderLookupApi) {}

  /**
   * Looks up an order number (UUID or 9 digits, else invalid without a call); with `email` (the add-on shop's lookup,
   * spec §2 Other layers) the e-mail proves ownership instead of a cart token.
   */
  execute(input: { readonly context: ShopContext; readonly orderNumber: string; readonly email?: string }): Effect.Effect<AddOnLookup> {
    const number = parseOrderNumber(input.orderNumber);
    if (number === null) return Effect.succeed({ state: "invalid" });
    if (input.email !== undefined && !isEmail(input.email)) return Effect.succeed({ state: "invalid" });
    const body = input.email === undefined ? getOrdersBody(lookupKeysOf(number)) : orderNumberWithEmailBody(number, input.email);
    return this.orders.getOrders(input.context, body).pipe(
      Effect.map((orders): AddOnLookup => (orders.original_orders.length === 0 ? { state: "no-order" } : { state: "success", orders })),
      Effect.catchTags({
        OrderNotFoundError: () => Effect.succeed<AddOnLookup>({ state: "no-order" }),
        OrderLookupFailedError: () => Effect.succeed<AddOnLookup>({ state: "failed" }),
      }),
    );
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { getOrdersBody, type OrderLookupKeys, type PreviousOrders } from "../../domain/order-lookup.schema.ts";
import type { OrderLookupApi } from "../ports/order-lookup-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ORDER_LOOKUP_API } from "../ports/tokens.ts";

/** Finds the visitor's previous orders by the keys a deep link or the session carries (spec §5, §7 POST /get-orders). Never fails. */
@injectable()
export class FindPreviousOrders {
  constructor(@inject(ORDER_LOOKUP_API) private readonly orders: OrderLookupApi) {}

  /** get-orders with the first present key of `keys` (`{reference: false}` when none); a failed call resolves to false (spec §7). */
  execute(input: { readonly context: ShopContext; readonly keys: OrderLookupKeys }): Effect.Effect<PreviousOrders | false> {
    return this.orders.getOrders(input.context, getOrdersBody(input.keys)).pipe(Effect.orElseSucceed(() => false as const));
  }
}

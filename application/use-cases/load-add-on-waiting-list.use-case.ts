import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { AddOnWaitingListApi } from "../ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ADD_ON_WAITING_LIST_API } from "../ports/tokens.ts";

/** Input of LoadAddOnWaitingList: the shop context (carrying the order's cart token) and the order reference. */
export interface LoadAddOnWaitingListInput {
  readonly context: ShopContext;
  readonly reference: string;
}

/**
 * The waiting list of an earlier order (GET /orders/{reference}/add-on-waiting-list): each add-on it waits for, its place in line, or the offer and its deadline made since the last visit. spec §1 add-on shop, §3 Previous order. Fails with ShopApiError 404 order.not.found (also without a cart
 * token in the context: nothing is sent), 404 5001, or another ApiFailure.
 */
@injectable()
export class LoadAddOnWaitingList {
  constructor(@inject(ADD_ON_WAITING_LIST_API) private readonly api: AddOnWaitingListApi) {}

  /** The order's waiting list after the call. */
  execute(input: LoadAddOnWaitingListInput): Effect.Effect<AddOnWaitingList, ApiFailure> {
    return Effect.suspend(() =>
      input.context.cartToken ? this.api.list(input.context, input.reference) : Effect.fail(new ShopApiError({ status: 404, code: "order.not.found", message: "No order was found." })),
    );
  }
}

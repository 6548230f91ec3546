import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { addOnId } from "../../domain/add-on-id.ts";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { AddOnWaitingListApi } from "../ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ADD_ON_WAITING_LIST_API } from "../ports/tokens.ts";

/** Input of LeaveAddOnWaitingList: the shop context (carrying the order's cart token), the order reference and the extra id of the add-on. */
export interface LeaveAddOnWaitingListInput {
  readonly context: ShopContext;
  readonly reference: string;
  readonly extraId: string;
}

/**
 * Takes an earlier order off an add-on's waiting list, passing a held offer on (spec §1 add-on shop, §3 Previous
 * order). Fails with ShopApiError (order.not.found without a cart token) or an ApiFailure.
 */
@injectable()
export class LeaveAddOnWaitingList {
  constructor(@inject(ADD_ON_WAITING_LIST_API) private readonly api: AddOnWaitingListApi) {}

  /** The order's waiting list after the call. */
  execute(input: LeaveAddOnWaitingListInput): Effect.Effect<AddOnWaitingList, ApiFailure> {
    return Effect.suspend(() =>
      input.context.cartToken ? this.api.leave(input.context, input.reference, addOnId(input.reference, input.extraId)) : Effect.fail(new ShopApiError({ status: 404, code: "order.not.found", message: "No order was found." })),
    );
  }
}

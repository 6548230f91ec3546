import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { addOnId } from "../../domain/add-on-id.ts";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { AddOnWaitingListApi } from "../ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { ADD_ON_WAITING_LIST_API } from "../ports/tokens.ts";

/** Input of JoinAddOnWaitingList: the shop context (carrying the order's cart token), the order reference and the extra id of the add-on. */
export interface JoinAddOnWaitingListInput {
  readonly context: ShopContext;
  readonly reference: string;
  readonly extraId: string;
}

/**
 * Puts an earlier order on the waiting list of a sold-out add-on (spec §1 add-on shop, §3 Previous order); idempotent.
 * Fails with ShopApiError (order.not.found without a cart token) or an ApiFailure.
 */
@injectable()
export class JoinAddOnWaitingList {
  constructor(@inject(ADD_ON_WAITING_LIST_API) private readonly api: AddOnWaitingListApi) {}

  /** The order's waiting list after the call. */
  execute(input: JoinAddOnWaitingListInput): Effect.Effect<AddOnWaitingList, ApiFailure> {
    return Effect.suspend(() =>
      input.context.cartToken ? this.api.join(input.context, input.reference, addOnId(input.reference, input.extraId)) : Effect.fail(new ShopApiError({ status: 404, code: "order.not.found", message: "No order was found." })),
    );
  }
}

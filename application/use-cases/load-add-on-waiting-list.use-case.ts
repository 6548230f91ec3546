import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { AddOnWaitingList } from "../../domain/add-on-waiting-list.schema.ts";
import type { TravelExtra } from "../../domain/travel.schema.ts";
import { isExtraOnSale } from "../../domain/travel-extras.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { AddOnWaitingListApi } from "../ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import type { TravelApi } from "../ports/travel-api.port.ts";
import { ADD_ON_WAITING_LIST_API, TRAVEL_API } from "../ports/tokens.ts";

/** Input of LoadAddOnWaitingList: the shop context (carrying the order's cart token), the order reference, and the travel id and package id of the hotel it booked. */
export interface LoadAddOnWaitingListInput {
  readonly context: ShopContext;
  readonly reference: string;
  readonly travelId: string;
  readonly packageId: string;
}

/** The order's waiting list and the package's extras not on sale (hidden from the add-on list, spec §9), which it may wait for. */
export interface AddOnWaitingListView {
  readonly entries: AddOnWaitingList;
  readonly soldOut: ReadonlyArray<TravelExtra>;
}

/**
 * An earlier order's waiting list with the sold-out extras of its package (spec §1 add-on shop, §3 Previous order).
 * Fails with ShopApiError (order.not.found without a cart token) or an ApiFailure.
 */
@injectable()
export class LoadAddOnWaitingList {
  constructor(
    @inject(ADD_ON_WAITING_LIST_API) private readonly api: AddOnWaitingListApi,
    @inject(TRAVEL_API) private readonly travelApi: TravelApi,
  ) {}

  /** The order's entries and the package's sold-out extras. */
  execute(input: LoadAddOnWaitingListInput): Effect.Effect<AddOnWaitingListView, ApiFailure> {
    return Effect.suspend(() =>
      input.context.cartToken
        ? Effect.all({
            entries: this.api.list(input.context, input.reference),
            soldOut: this.travelApi.getExtras(input.travelId, input.packageId).pipe(Effect.map((extras) => extras.filter((e) => !isExtraOnSale(e)))),
          })
        : Effect.fail(new ShopApiError({ status: 404, code: "order.not.found", message: "No order was found." })),
    );
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ShopSummary } from "../../domain/shop.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopApi } from "../ports/shop-api.port.ts";
import { SHOP_API } from "../ports/tokens.ts";

/** Lists the published shops for the event chooser (spec §2 index route). Fails with an ApiFailure. */
@injectable()
export class ListShops {
  constructor(@inject(SHOP_API) private readonly shopApi: ShopApi) {}

  /** The shops, in the order the API gives them. */
  execute(): Effect.Effect<ReadonlyArray<ShopSummary>, ApiFailure> {
    return this.shopApi.listShops();
  }
}

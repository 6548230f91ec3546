import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ShopAccess } from "../../domain/shop-access.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopApi } from "../ports/shop-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { SHOP_API } from "../ports/tokens.ts";

/** Asks whether a shop is closed to the visitor now (GET /shop/access; spec §6 access timeslots, §8 4000). Fails with an ApiFailure. */
@injectable()
export class CheckShopAccess {
  constructor(@inject(SHOP_API) private readonly shopApi: ShopApi) {}

  /** The shop's access for this visitor (`closed`: every cart call would be refused with 4000). */
  execute({ context }: { readonly context: ShopContext }): Effect.Effect<ShopAccess, ApiFailure> {
    return this.shopApi.getAccess(context);
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Product } from "../../domain/product.schema.ts";
import type { ApiFailure } from "../errors.ts";
import type { ShopApi } from "../ports/shop-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { SHOP_API } from "../ports/tokens.ts";

/** Loads a shop's products with current stock (spec §7 GET /products). Fails with an ApiFailure. */
@injectable()
export class LoadProducts {
  constructor(@inject(SHOP_API) private readonly shopApi: ShopApi) {}

  /** The products (money in cents). */
  execute({ context }: { readonly context: ShopContext }): Effect.Effect<ReadonlyArray<Product>, ApiFailure> {
    return this.shopApi.getProducts(context);
  }
}

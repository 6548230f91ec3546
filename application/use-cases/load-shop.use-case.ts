import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import type { UpgradeIds } from "../../domain/upgrade.ts";
import { type ApiFailure, ShopNotFoundError } from "../errors.ts";
import type { ShopApi } from "../ports/shop-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { SHOP_API } from "../ports/tokens.ts";
import { ResolveUserToken } from "./resolve-user-token.use-case.ts";

/** A loaded shop: how to address it on the API and its configuration. */
export interface LoadedShop {
  readonly context: ShopContext;
  readonly config: ShopConfig;
}

/**
 * Loads the shop of a route slug (spec §2 /{slug}, §3 Shop config) with the context every later call sends (spec §6, §7
 * Headers), in upgrade mode with the link's ids. Fails with ShopNotFoundError or an ApiFailure.
 */
@injectable()
export class LoadShop {
  constructor(
    @inject(SHOP_API) private readonly shopApi: ShopApi,
    @inject(ResolveUserToken) private readonly userToken: ResolveUserToken,
  ) {}

  /** The shop of `slug`, in upgrade mode when `upgrade` is given. */
  execute({ slug, upgrade }: { readonly slug: string; readonly upgrade?: UpgradeIds | undefined }): Effect.Effect<LoadedShop, ApiFailure | ShopNotFoundError> {
    return this.shopApi.listShops().pipe(
      Effect.flatMap((shops): Effect.Effect<LoadedShop, ApiFailure | ShopNotFoundError> => {
        const summary = shops.find((s) => s.slug === slug);
        if (!summary) return Effect.fail(new ShopNotFoundError({ slug }));
        const upgradeIds = upgrade ? { upgradableOrderId: upgrade.orderId, upgradeAccessId: upgrade.accessId } : {};
        return this.userToken.execute({ context: { apiNamespace: summary.apiNamespace, shopToken: summary.shopToken, ...upgradeIds } }).pipe(
          Effect.flatMap((base) => this.shopApi.getShop(base).pipe(Effect.map((config) => ({ base, config })))),
          Effect.map(({ base, config }): LoadedShop => {
            const policyId = config.shopSettings.policyId;
            const context: ShopContext = policyId ? { ...base, policyId } : base;
            return { context, config };
          }),
        );
      }),
    );
  }
}

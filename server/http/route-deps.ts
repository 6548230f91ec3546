import type { CartService } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import type { PaymentProviderRegistry } from "../payments/payment-provider.port.ts";

/** What every route plugin of the reference server gets: database, clock, cart timeout (seconds), cart service, payment providers, redirect allowlist. */
export interface RouteDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly cartTimeoutSeconds: number;
  readonly carts: CartService;
  readonly providers: PaymentProviderRegistry;
  readonly allowedRedirectOrigins: ReadonlyArray<string>;
}

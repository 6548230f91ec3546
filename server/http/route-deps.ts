import type { FastifyRequest } from "fastify";
import type { CartGuard } from "../cart/cart-guard.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { Db } from "../db/database.ts";
import type { PaymentProviderRegistry } from "../payments/payment-provider.port.ts";
import type { QueueTokenSettings } from "../queue/queue-tokens.ts";

/** What every route plugin of the reference server gets: database, clock, cart timeout (seconds), the cart guard and service, payment providers, redirect allowlist, queue token settings, public origin. */
export interface RouteDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly cartTimeoutSeconds: number;
  readonly carts: CartService;
  /** The one cart guard of the server (server/cart/cart-guard.ts), built at composition. */
  readonly cartGuard: CartGuard;
  /** The client address an anonymous caller's holds count under (HOLD_CAP_PER_ADDRESS), or undefined: not counted (setting off, or this server's own in-process call). */
  readonly holdAddressOf: (request: FastifyRequest) => string | undefined;
  readonly providers: PaymentProviderRegistry;
  readonly allowedRedirectOrigins: ReadonlyArray<string>;
  /** How payment queue tokens are signed and verified (spec §7 POST /carts paymentQueueToken). */
  readonly queueTokens: QueueTokenSettings;
  /** PUBLIC_ORIGIN (scheme://host[:port]) when configured: then the only origin of this server for payment pages and returns, never the request's Host. */
  readonly publicOrigin?: string;
}

import type { FastifyRequest } from "fastify";
import type { CartRow } from "../cart/cart-store.ts";
import type { Tx } from "../db/database.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import type { CartEncoded } from "../../domain/cart.schema.ts";
import { cartCaller } from "./api-routes.ts";
import type { RouteDeps } from "./route-deps.ts";

/**
 * A route's write to a shopping cart (PUT /carts/{cartId}/vouchers, /shipping): the caller of the request, the body
 * decoded by `decodeBody`, then the cart service's guarded write (server/cart/cart-guard.ts) and `answer(cart after
 * the write, what write returned)` as `{data}`.
 */
export const lockedShoppingCartWrite = async <B, W, A>(
  deps: RouteDeps,
  request: FastifyRequest,
  decodeBody: (body: unknown) => B,
  write: (tx: Tx, shop: ShopRecord, cart: CartRow, body: B, now: Date) => Promise<W>,
  answer: (cart: CartEncoded, written: W) => A,
): Promise<{ data: A }> => {
  const caller = await cartCaller(deps.db, request);
  const body = decodeBody(request.body);
  return { data: await deps.carts.write(caller, (tx, cart, now) => write(tx, caller.shop, cart, body, now), answer) };
};

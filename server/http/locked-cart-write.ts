import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { Schema } from "effect";
import type { CartRow } from "../cart/cart-store.ts";
import { makeCartGuard } from "../cart/cart-guard.ts";
import { cartView } from "../cart/cart-view.ts";
import type { Tx } from "../db/database.ts";
import { carts } from "../db/schema.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { authenticateShop } from "./api-routes.ts";
import { decodeOrThrow } from "./decode.ts";
import { requestCartToken } from "./request-headers.ts";
import type { RouteDeps } from "./route-deps.ts";

const CartIdParams = Schema.Struct({ cartId: Schema.NonEmptyString });

/** The cart answer of a locked write: the cart view (spec §3 Cart) after the write, inside its transaction. */
type CartAnswer = Awaited<ReturnType<typeof cartView>>;

/**
 * A write to a shopping cart from a route (PUT /carts/{cartId}/vouchers, /shipping): authenticates the shop, decodes
 * the cart id and the body (`decodeBody`), runs `write` under the cart guard (server/cart/cart-guard.ts: lock, shop,
 * cart token, expiry, isCartChangeable, retry of a lost race) and answers `answer(cartView after the write, what
 * write returned)`, read in the same transaction.
 */
export const lockedShoppingCartWrite = async <B, W, A>(
  deps: RouteDeps,
  request: FastifyRequest,
  decodeBody: (body: unknown) => B,
  write: (tx: Tx, shop: ShopRecord, cart: CartRow, body: B, now: Date) => Promise<W>,
  answer: (cart: CartAnswer, written: W) => A,
): Promise<{ data: A }> => {
  const { db } = deps;
  const shop = await authenticateShop(db, request);
  const { cartId } = decodeOrThrow(CartIdParams, request.params, "path");
  const body = decodeBody(request.body);
  const guard = makeCartGuard({ db, clock: deps.clock });
  const value = await guard({ shop, cartId, cartToken: requestCartToken(request) }, async (tx, cart, now) => {
    const written = await write(tx, shop, cart, body, now);
    const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
    const provider = deps.providers.get(shop.config.shopInit.paymentProvider);
    return answer(await cartView(tx, shop, fresh ?? cart, provider, now), written);
  });
  return { data: value };
};

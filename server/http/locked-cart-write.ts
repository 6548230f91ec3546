import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { Schema } from "effect";
import { isCartChangeable } from "../../domain/cart.ts";
import { type CartRow, isExpired, lockCart, releaseHolds } from "../cart/cart-store.ts";
import { cartView } from "../cart/cart-view.ts";
import type { Tx } from "../db/database.ts";
import { carts } from "../db/schema.ts";
import { checkCartToken, requestCartToken } from "../orders/cart-token.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { authenticateShop } from "./api-routes.ts";
import { cartExpired, cartNotFound, cartNotShopping } from "./api-error.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

const CartIdParams = Schema.Struct({ cartId: Schema.NonEmptyString });

/** The cart answer of a locked write: the cart view (spec §3 Cart) after the write, inside its transaction. */
type CartAnswer = Awaited<ReturnType<typeof cartView>>;

/**
 * The guard of a write to a shopping cart (PUT /carts/{cartId}/vouchers, /shipping): authenticates the shop, decodes
 * the cart id and the body (`decodeBody`), and in one transaction locks the cart, checks shop and cart token, releases an expired cart's holds
 * (committed, then 409 cart.expired), refuses a cart not shopping (409 cart.not.shopping), runs `write` on the locked
 * cart and answers `answer(cartView after the write, what write returned)`. 404 cart.not.found, 403 cart.token.invalid.
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
  const token = requestCartToken(request);
  const now = deps.clock();
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, cartId);
    if (!cart || cart.shopSlug !== shop.slug) throw cartNotFound();
    checkCartToken(cart, token);
    if (isExpired(cart, now)) {
      // Commit the release, then answer 409 outside the transaction (as the cart service does).
      await releaseHolds(tx, cart);
      return { expired: true as const };
    }
    if (!isCartChangeable(cart.status)) throw cartNotShopping();
    const written = await write(tx, shop, cart, body, now);
    const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
    const provider = deps.providers.get(shop.config.shopInit.paymentProvider);
    return { expired: false as const, value: answer(await cartView(tx, shop, fresh ?? cart, provider, now), written) };
  });
  if (result.expired) throw cartExpired();
  return { data: result.value };
};

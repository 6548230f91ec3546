import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { CART_TOKEN_HEADER } from "../../domain/api.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts } from "../db/schema.ts";
import { isUuid } from "../../domain/uuid.ts";
import { ApiError } from "../http/api-error.ts";
import { secretMatches } from "../http/secret-matches.ts";
import type { ShopRecord } from "../shop/shop-store.ts";

/** 403 `cart.token.invalid`: the x-cart-token header is missing or does not match (spec §6 cart token). */
export const cartTokenInvalid = (): ApiError => new ApiError(403, "cart.token.invalid", "The cart token is missing or invalid.");

/** The request's x-cart-token header (spec §6, §7 Headers), or undefined when absent or empty. */
export const requestCartToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[CART_TOKEN_HEADER];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** Throws 403 cart.token.invalid when the cart row has a cart token and `given` does not match it. spec §6. */
export const checkCartToken = (cart: { readonly cartToken: string | null }, given: string | undefined): void => {
  if (cart.cartToken !== null && !secretMatches(given, cart.cartToken)) throw cartTokenInvalid();
};

/**
 * Route guard of every call on an existing cart (spec §6 "add-on shop and deep-link carts authenticate with a cart
 * token header"): when the shop's cart `cartId` has a cart token, the request must carry the same x-cart-token, else
 * 403 cart.token.invalid. Unknown carts pass (the call itself answers 404). The token never changes after creation,
 * so reading it before the call's own transaction is race-free.
 */
export const assertCartToken = async (db: Db | Tx, shop: ShopRecord, cartId: string, request: FastifyRequest): Promise<void> => {
  if (!isUuid(cartId)) return;
  const [row] = await db
    .select({ cartToken: carts.cartToken })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.shopSlug, shop.slug)));
  if (row) checkCartToken(row, requestCartToken(request));
};

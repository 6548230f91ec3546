import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type AccountRef, cartAccess } from "../../domain/account-gates.ts";
import { saleOf } from "../../domain/sale-mode.ts";
import { isUuid } from "../../domain/uuid.ts";
import type { Db } from "../db/database.ts";
import { carts } from "../db/schema.ts";
import { accountOf, cartOwner } from "../orders/account-gates.ts";
import { cartOfAnotherAccount, loginNeeded } from "../orders/orders.errors.ts";
import { authenticateShop } from "./api-routes.ts";
import { rememberCartOwner, requestIdentity } from "./user-identity.ts";

/**
 * preHandler hook of every Shop API call on a cart (a route with a `:cartId` parameter: GET, products, details, hotel,
 * extras, add-ons, vouchers, shipping, orders, and any added later), after userIdentityHook verified x-user-token
 * (spec §6, domain cartAccess): in a shop that needs a login a call without an account answers 403 6004; a cart that
 * belongs to another account than the caller's answers 403 cart.account.invalid. An anonymous cart written by a
 * logged-in caller becomes that account's (a conditional update, so of two accounts at once only one gets it; the
 * owner never changes after, so checking before the route's own transaction is race-free). An anonymous call in a shop
 * without login reads nothing. Unknown carts pass (the route answers 404).
 */
export const cartAccessHook = (db: Db) => async (request: FastifyRequest): Promise<void> => {
  const cartId = (request.params as Record<string, unknown> | undefined)?.["cartId"];
  if (typeof cartId !== "string" || !isUuid(cartId)) return;
  const shop = await authenticateShop(db, request);
  const caller = accountOf(requestIdentity(request));
  if (caller === null) {
    // Whoever owns the cart, an anonymous call decides on the shop alone.
    if (cartAccess(saleOf(shop.config).rules, null, null) === "login") throw loginNeeded();
    return;
  }
  const ownerOf = async (): Promise<AccountRef | null | undefined> => {
    const [row] = await db
      .select({ ownerIssuer: carts.ownerIssuer, ownerSub: carts.ownerSub })
      .from(carts)
      .where(and(eq(carts.id, cartId), eq(carts.shopSlug, shop.slug)));
    return row ? cartOwner(row) : undefined;
  };
  let owner = await ownerOf();
  if (owner === undefined) return;
  if (owner === null && request.method !== "GET" && request.method !== "HEAD") {
    await db
      .update(carts)
      .set({ ownerIssuer: caller.issuer, ownerSub: caller.sub })
      .where(and(eq(carts.id, cartId), eq(carts.shopSlug, shop.slug), isNull(carts.ownerSub)));
    owner = await ownerOf();
    if (owner === undefined) return;
  }
  if (cartAccess(saleOf(shop.config).rules, owner, caller) === "other-account") throw cartOfAnotherAccount();
  rememberCartOwner(request, owner);
};

import type { FastifyInstance } from "fastify";
import { accountOrders } from "../cart/account-orders.ts";
import { userTokenMissing } from "../identity/identity.errors.ts";
import { accountOf } from "../orders/account-gates.ts";
import type { RouteDeps } from "./route-deps.ts";
import { requestIdentity } from "./user-identity.ts";

/**
 * The account calls of Shop API v2 (mount under /api/v2, after userIdentityHook; spec §6 "Logged-in user"):
 * GET /account/orders answers {data: AccountOrder[]} (domain/account-orders.schema.ts), the orders of the account the
 * x-user-token proves, in every shop of this Shop API, never cached. No x-user-token: 401 user.token.missing; a token
 * that does not verify: 401 user.token.invalid (the hook). No shop headers: the account, not a shop, is asked.
 */
export const accountRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db, clock } = deps;
  app.get("/account/orders", async (request, reply) => {
    const account = accountOf(requestIdentity(request));
    if (account === null) throw userTokenMissing();
    return reply.header("cache-control", "private, no-store").send({ data: await accountOrders(db, account, clock()) });
  });
};

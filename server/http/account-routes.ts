import type { FastifyInstance } from "fastify";
import { accountOrders } from "../cart/account-orders.ts";
import { userTokenMissing } from "../identity/identity.errors.ts";
import { accountOf } from "../orders/account-gates.ts";
import type { RouteDeps } from "./route-deps.ts";
import { requestIdentity } from "./user-identity.ts";

/**
 * GET /account/orders (spec §6): the orders of the account the x-user-token proves, in every shop, never cached;
 * UserTokenMissing or UserTokenInvalid without a valid token.
 */
export const accountRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const { db, clock } = deps;
  app.get("/account/orders", async (request, reply) => {
    const identity = requestIdentity(request);
    const account = accountOf(identity);
    if (account === null) throw userTokenMissing();
    return reply.header("cache-control", "private, no-store").send({ data: await accountOrders(db, account, clock(), identity?.email) });
  });
};

import type { FastifyInstance, FastifyRequest } from "fastify";
import { Schema } from "effect";
import { JoinAddOnWaitingListBody } from "../../domain/add-on-waiting-list.schema.ts";
import { makeAddOnWaitingList, type AddOnWaitingCaller } from "../travel/add-on-waiting-list.ts";
import { requestCartToken } from "./request-headers.ts";
import { authenticateShop } from "./api-routes.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

const OrderParams = Schema.Struct({ reference: Schema.String.check(Schema.isPattern(/^\d{9}$/)) });
const EntryParams = Schema.Struct({ reference: Schema.String.check(Schema.isPattern(/^\d{9}$/)), addonId: Schema.String.check(Schema.isMinLength(1)) });

/**
 * The add-on waiting list routes (docs/shop-api.md "Add-on waiting list"; spec §1, §3 Previous order): read, join and
 * leave, proven by the order's cart token.
 */
export const addOnWaitingListRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  const waitingList = makeAddOnWaitingList({ db: deps.db, clock: deps.clock });
  const base = "/orders/:reference/add-on-waiting-list";
  const callerOf = async (request: FastifyRequest): Promise<AddOnWaitingCaller> => ({
    shop: await authenticateShop(deps.db, request),
    cartToken: requestCartToken(request),
  });

  app.get(base, async (request) => {
    const caller = await callerOf(request);
    const { reference } = decodeOrThrow(OrderParams, request.params, "path");
    return { data: await waitingList.list(caller, reference) };
  });

  app.post(base, async (request) => {
    const caller = await callerOf(request);
    const { reference } = decodeOrThrow(OrderParams, request.params, "path");
    const body = decodeOrThrow(JoinAddOnWaitingListBody, request.body ?? {}, "body");
    return { data: await waitingList.join(caller, reference, body.addonId) };
  });

  app.delete(`${base}/:addonId`, async (request) => {
    const caller = await callerOf(request);
    const { reference, addonId } = decodeOrThrow(EntryParams, request.params, "path");
    return { data: await waitingList.leave(caller, reference, addonId) };
  });
};

import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { storeTransportRequest } from "../transport/transport-requests.ts";
import { authenticateShop } from "./api-routes.ts";
import { invalidRequest } from "../failure.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";
import { Email, Text } from "./site-routes.ts";

/** Body of POST /api/mail/transport-requests (application/ports/mail-api.port.ts TransportRequestMail; spec §7 shows no payload). */
const TransportRequestBody = Schema.Struct({
  eventNamespace: Text(200),
  name: Text(200),
  email: Email,
  phoneNumber: Schema.optional(Text(40)),
  persons: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })),
  departureCity: Text(200),
  message: Schema.optional(Schema.String.check(Schema.isMaxLength(4000))),
});

/**
 * POST /api/mail/transport-requests (spec §7 Other calls "Mail"; docs/web-app-ports.md): a shop-scoped call (the shop's
 * headers first), its body decoded and of that shop's namespace, stored by the transport module; answers 202 `{data:{id}}`.
 */
export const transportRequestRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.post("/api/mail/transport-requests", async (request, reply) => {
    const shop = await authenticateShop(deps.db, request);
    const mail = decodeOrThrow(TransportRequestBody, request.body, "transport request");
    if (mail.eventNamespace !== shop.apiNamespace) throw invalidRequest("Invalid transport request: eventNamespace: must be the namespace of x-event-namespace");
    const id = await storeTransportRequest(deps.db, mail, deps.clock());
    request.log.info({ id, eventNamespace: mail.eventNamespace, persons: mail.persons }, "transport request stored");
    return reply.code(202).send({ data: { id } });
  });
};

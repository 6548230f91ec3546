import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { transportRequests } from "../db/schema.ts";
import { authenticateShop } from "./api-routes.ts";
import { invalidRequest } from "../failure.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";
import { Email, Text } from "./site-routes.ts";

/** Body of POST /api/mail/transport-requests (application/ports/mail-api.port.ts TransportRequestMail; spec §7 shows no payload). */
export const TransportRequestBody = Schema.Struct({
  eventNamespace: Text(200),
  name: Text(200),
  email: Email,
  phoneNumber: Schema.optional(Text(40)),
  persons: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })),
  departureCity: Text(200),
  message: Schema.optional(Schema.String.check(Schema.isMaxLength(4000))),
});

/**
 * POST /api/mail/transport-requests (spec §7 Other calls "Mail"; docs/web-app-ports.md): a shop-scoped call, so first
 * the shop's headers (x-event-namespace and `authorization: Bearer {shopToken}`, as every Shop API call: 400 without
 * the namespace, 404 shop.not.found, 401 shop.token.invalid); then decodes the request (400 request.invalid naming
 * the field otherwise; its eventNamespace must be that shop's), STORES it in transport_requests (migration 0005) with
 * the server clock, logs the hand-off for a real mailer, and answers 202 `{data:{id}}`. A failed insert answers 500
 * through the error handler and stores nothing.
 */
export const transportRequestRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.post("/api/mail/transport-requests", async (request, reply) => {
    const shop = await authenticateShop(deps.db, request);
    const mail = decodeOrThrow(TransportRequestBody, request.body, "transport request");
    if (mail.eventNamespace !== shop.apiNamespace) throw invalidRequest("Invalid transport request: eventNamespace: must be the namespace of x-event-namespace");
    const id = randomUUID();
    await deps.db.insert(transportRequests).values({
      id,
      eventNamespace: mail.eventNamespace,
      name: mail.name,
      email: mail.email,
      phoneNumber: mail.phoneNumber ?? null,
      persons: mail.persons,
      departureCity: mail.departureCity,
      message: mail.message ?? null,
      createdAt: deps.clock(),
    });
    request.log.info({ id, eventNamespace: mail.eventNamespace, persons: mail.persons }, "transport request stored");
    return reply.code(202).send({ data: { id } });
  });
};

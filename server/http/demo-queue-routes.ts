import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { PAYMENT_QUEUE_TOKEN_PARAM } from "../../domain/payment-queue.ts";
import { issueQueueToken } from "../queue/queue-tokens.ts";
import { listShops } from "../shop/shop-store.ts";
import { ApiError } from "./api-error.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";

/** Path of the demo queue of a shop: `/demo-queue/{slug}` (the demo catalogue's queueUrl points here). */
export const DEMO_QUEUE_PATH = "/demo-queue";

const SlugParams = Schema.Struct({ slug: Schema.String.check(Schema.isPattern(/^[a-z0-9-]{1,100}$/)) });

/**
 * The demo queue (spec §3 queueUrl, §7 POST /carts paymentQueueToken), the documented issuing point of payment queue
 * tokens until a real waiting room admits visitors (docs/vouchers-and-orders.md): GET /demo-queue/{slug} admits at
 * once, signing a token for that shop (server/queue/queue-tokens.ts), and answers 303 to `/{slug}?paymentQueueToken=…`,
 * where the web app reads it and sends it on POST /carts. 404 shop.not.found for an unknown shop, 404 queue.not.enabled
 * for a shop without a queueUrl. Registered only outside production or with DEMO_QUEUE=enabled (server/app.ts), since
 * it gives a token to anyone who asks.
 */
export const demoQueueRoutes = (deps: RouteDeps) => async (app: FastifyInstance) => {
  app.get(`${DEMO_QUEUE_PATH}/:slug`, async (request, reply) => {
    const { slug } = decodeOrThrow(SlugParams, request.params, "path");
    const shop = (await listShops(deps.db)).find((s) => s.slug === slug);
    if (!shop) throw new ApiError(404, "shop.not.found", `No shop '${slug}'.`);
    if (!shop.config.queueUrl) throw new ApiError(404, "queue.not.enabled", `Shop '${slug}' has no payment queue.`);
    const token = await issueQueueToken(deps.queueTokens, shop.apiNamespace, deps.clock());
    const target = `${deps.publicOrigin ?? ""}/${encodeURIComponent(slug)}?${new URLSearchParams({ [PAYMENT_QUEUE_TOKEN_PARAM]: token })}`;
    return reply.code(303).header("cache-control", "no-store").header("location", target).send();
  });
};

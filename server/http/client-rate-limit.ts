import type { FastifyReply, FastifyRequest } from "fastify";
import type { SharedLimit } from "../cluster/shared-limits.ts";
import { rateLimited } from "./http.errors.ts";

/** "N seconds" below a minute, else "N minutes": when to try again, for the rate.limited message. */
const waitText = (seconds: number): string => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/**
 * onRequest hook of the per-client API limit: counts the request against `limit` under `request.ip` (TRUST_PROXY
 * decides it), unless `exempt`; past the limit RateLimited with Retry-After in seconds.
 */
export const clientRateLimitHook =
  (limit: SharedLimit, exempt: (request: FastifyRequest) => boolean) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (exempt(request)) return;
    const waitSeconds = await limit.consume(request.ip);
    if (waitSeconds === 0) return;
    reply.header("retry-after", String(waitSeconds));
    throw rateLimited(waitText(waitSeconds));
  };

import { getHeapStatistics } from "node:v8";
import type { FastifyRequest } from "fastify";
import type { FastifyUnderPressureOptions } from "@fastify/under-pressure";
import { failureAnswer } from "./failure-status.ts";
import { serviceUnavailable } from "./http.errors.ts";

/**
 * When a worker sheds Shop API calls: past a mean event-loop delay or an estimated pool wait (ms,
 * LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS, LOAD_SHED_MAX_POOL_WAIT_MS); 0 turns a check off.
 */
export interface LoadSheddingSettings {
  readonly maxEventLoopDelayMs: number;
  readonly maxPoolWaitMs: number;
}

/** Seconds a shed call is told to wait before it is sent again (its Retry-After). */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** How often the database pool's wait is estimated, in ms. */
const POOL_CHECK_INTERVAL_MS = 50;

/** Share of V8's heap limit past which calls are shed, before the worker would run out of memory. */
const MAX_HEAP_SHARE = 0.9;

/** A whole number of at least 0 from `text` (the setting `name`), or `fallback` when unset; throws on anything else, so a malformed setting stops the start. */
const wholeNumber = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of at least 0, not '${text}'`);
  return value;
};

/** LoadSheddingSettings from LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS and LOAD_SHED_MAX_POOL_WAIT_MS; throws on a malformed value. */
export const loadSheddingSettingsFromEnv = (env: Readonly<Record<string, string | undefined>>): LoadSheddingSettings => ({
  maxEventLoopDelayMs: wholeNumber("LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS", env["LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS"], 500),
  maxPoolWaitMs: wholeNumber("LOAD_SHED_MAX_POOL_WAIT_MS", env["LOAD_SHED_MAX_POOL_WAIT_MS"], 2000),
});

/** A call on an existing cart (its lines, details, order, hotel booking, voucher, shipping): it holds stock, and finishing or releasing it is what frees it. */
const CART_CALL = /^\/api\/v2\/carts\/[^/?]+/;

/**
 * True for a Shop or Travel API call that starts new work and may be shed; calls on an existing cart go through, so a
 * visitor holding stock can finish or release it.
 */
const sheddable = (url: string): boolean => (url.startsWith("/api/") || url.startsWith("/travel-api/")) && !CART_CALL.test(url);

/**
 * The @fastify/under-pressure options: under pressure, a sheddable call is answered at once with ServiceUnavailable and
 * Retry-After, changing nothing; cart calls and `exempt` requests are served.
 */
export const loadSheddingOptions = (settings: LoadSheddingSettings, poolWait: () => number, exempt: (request: FastifyRequest) => boolean): FastifyUnderPressureOptions => ({
  maxEventLoopDelay: settings.maxEventLoopDelayMs,
  maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * MAX_HEAP_SHARE),
  ...(settings.maxPoolWaitMs > 0 ? { healthCheck: async () => poolWait() <= settings.maxPoolWaitMs, healthCheckInterval: POOL_CHECK_INTERVAL_MS } : {}),
  pressureHandler: (request, reply) => {
    if (!sheddable(request.url) || exempt(request)) return;
    const answer = failureAnswer(serviceUnavailable("The shop is very busy right now; try again in a moment."));
    void reply.code(answer.status).header("retry-after", String(SHED_RETRY_AFTER_SECONDS)).send(answer.body);
  },
});

import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  CART_TOKEN_HEADER,
  EVENT_NAMESPACE_HEADER,
  POLICY_ID_HEADER,
  UPGRADABLE_ORDER_HEADER,
  UPGRADE_ACCESS_HEADER,
  USER_TOKEN_HEADER,
} from "../../domain/api.schema.ts";

/** Cache-Control of the build's fingerprinted files (dist/assets/name-HASH.ext): kept as long as caches allow, never revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Cache-Control of index.html: stored, but revalidated (ETag) before every use, so a new build shows at once. */
export const REVALIDATE = "no-cache";
/** Cache-Control of a server-rendered page: made for one visitor (their locale and cart cookies), so no shared cache keeps it; revalidated before every use. */
export const PRIVATE_REVALIDATE = "private, no-cache";
/**
 * Cache-Control of a first visit's shared page: a shared cache keeps it a moment and serves it stale while
 * revalidating; browsers revalidate it every time.
 */
export const FIRST_VISIT_PAGE_CACHE = "public, max-age=0, s-maxage=1, stale-while-revalidate=4";
/** Cache-Control of GET /shop and /products: briefly in any cache, so a rush of visitors costs one answer per shop per lifetime, then revalidated by ETag. */
export const FIRST_SCREEN_CACHE = "public, max-age=5";
/** Cache-Control of an API answer made for one visitor: only their browser may keep it, and only to revalidate it first. */
export const PRIVATE_NO_CACHE = "private, no-cache";

/** The weak entity tag of a body: `W/"…"`, a base64url prefix of its SHA-256, so equal bodies share a tag. */
export const weakEtag = (body: string): string => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

/** True when an If-None-Match header (`*` or a list of entity tags) matches `etag` by weak comparison (RFC 9110 §13.1.2). */
export const noneMatchHits = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
};

/** The first screen's API reads (spec §7 GET /shop, GET /products) that carry a validator and a short shared lifetime. */
const VALIDATED_READS = new Set(["/api/v2/shop", "/api/v2/products"]);

/** The request headers that make a Shop API answer one visitor's (spec §6, §7 Headers); such an answer is never kept by a shared cache. */
export const PERSONAL_HEADERS: ReadonlyArray<string> = [CART_TOKEN_HEADER, UPGRADABLE_ORDER_HEADER, UPGRADE_ACCESS_HEADER, USER_TOKEN_HEADER, POLICY_ID_HEADER];

/** True when the request carries one of PERSONAL_HEADERS (non-empty). */
const carriesPersonalHeader = (request: FastifyRequest): boolean => PERSONAL_HEADERS.some((name) => Boolean(request.headers[name]));

/**
 * onSend hook giving GET /api/v2/shop and /api/v2/products a weak ETag and FIRST_SCREEN_CACHE (PRIVATE_NO_CACHE with a
 * personal header), Vary on the shop's and the personal headers, and an empty not-modified answer on a matching If-None-Match.
 */
export const firstScreenValidators = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
  if ((request.method !== "GET" && request.method !== "HEAD") || reply.statusCode !== 200 || typeof payload !== "string") return payload;
  if (!VALIDATED_READS.has(request.url.split("?")[0] ?? "")) return payload;
  // The hash of the JSON before compression: without a personal header the answer depends only on the shop
  // (x-event-namespace + authorization). Added as a root hook, it runs before @fastify/compress's route hooks.
  const etag = weakEtag(payload);
  reply.header("etag", etag);
  reply.header("cache-control", carriesPersonalHeader(request) ? PRIVATE_NO_CACHE : FIRST_SCREEN_CACHE);
  reply.header("vary", [EVENT_NAMESPACE_HEADER, "authorization", ...PERSONAL_HEADERS].join(", "));
  if (!noneMatchHits(request.headers["if-none-match"], etag)) return payload;
  reply.code(304);
  return "";
};

/**
 * onSend hook for every answer under /api/: with one of PERSONAL_HEADERS, an answer not already private (or silent)
 * becomes PRIVATE_NO_CACHE, refusals included (an order conflict names the customer's order). Add after firstScreenValidators.
 */
export const personalAnswersPrivate = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
  if (!request.url.startsWith("/api/") || !carriesPersonalHeader(request)) return payload;
  const current = String(reply.getHeader("cache-control") ?? "");
  if (!/\b(private|no-store)\b/.test(current)) reply.header("cache-control", PRIVATE_NO_CACHE);
  return payload;
};

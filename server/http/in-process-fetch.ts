import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { secretMatches } from "../secret-matches.ts";

/** Header that marks a request the server made of itself in-process (server rendering's first-screen reads). */
const IN_PROCESS_HEADER = "x-in-process-request";

/** A WHATWG-fetch-shaped function (`(url, init) => Promise<Response>`) that the web app's HTTP adapters send with (adapters/http/http-fetch.ts). */
export type InProcessFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Statuses whose Response carries no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The server's requests to itself without a socket (`fetch` through app.inject, marked by a per-process secret) and
 * `isInProcess`, so the rate limit leaves them out.
 */
export const inProcessRequests = (app: FastifyInstance): { readonly fetch: InProcessFetch; readonly isInProcess: (request: FastifyRequest) => boolean } => {
  const secret = randomBytes(24).toString("base64url");
  const fetch: InProcessFetch = async (url, init) => {
    const { pathname, search } = new URL(url, "http://in-process");
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: `${pathname}${search}`,
      headers: { ...headers, [IN_PROCESS_HEADER]: secret },
      ...(typeof init.body === "string" ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const body = NULL_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, statusText: answer.statusMessage, headers: responseHeaders });
  };
  return {
    fetch,
    isInProcess: (request) => {
      const given = request.headers[IN_PROCESS_HEADER];
      return typeof given === "string" && secretMatches(given, secret);
    },
  };
};

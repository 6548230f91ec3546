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
 * Requests made by the server of itself without a socket, and how to recognise them: `fetch(url, init)` answers `url`'s
 * path and query through `app.inject` (no loopback connection, no TCP, no compression), with the request's method,
 * headers and string body, and a per-process secret in IN_PROCESS_HEADER; `isInProcess(request)` is true for such a
 * request only (a client cannot know the secret), so the client rate limit leaves them out: a rush of page views is
 * limited per visitor, not turned into the server's own 127.0.0.1 spending the limit and losing server rendering.
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

import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { NO_NOTICE, type NoticeAnswer, NoticeTimeQuery } from "../../domain/notice.schema.ts";
import { ApiError } from "./api-error.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";
import { secretMatches } from "./secret-matches.ts";

/** Query of GET /api/notice: `t`, the caller's local time "HHMM". spec §7 Other calls. */
const NoticeQuery = Schema.Struct({ t: NoticeTimeQuery });

/** Body of PUT /api/notice: the title (null = no notice) and the error text. */
const NoticeBody = Schema.Struct({ title: Schema.NullOr(Schema.String), error: Schema.NullOr(Schema.String) });

/** An e-mail address of a site form (something@something.tld). */
export const Email = Schema.String.check(Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));
/** A non-empty text of at most `max` characters. */
export const Text = (max: number) => Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(max));

/** Body of POST /api/newsletter/subscriptions (application/ports/newsletter-api.port.ts NewsletterSubscription; spec §7 shows no payload). */
const NewsletterBody = Schema.Struct({
  email: Email,
  firstName: Schema.optional(Text(200)),
  lastName: Schema.optional(Text(200)),
  locale: Schema.Literals(["en", "nl", "es"]),
  eventNamespace: Text(200),
});

/** Settings of the site routes, read from the environment when not given: the starting notice and the token that may change it. */
export interface SiteRouteSettings {
  /** Notice published at start; default env SHOP_NOTICE_TITLE / SHOP_NOTICE_ERROR, else none (the demo has no notice). */
  readonly notice?: NoticeAnswer;
  /** Bearer token of PUT /api/notice; default env NOTICE_ADMIN_TOKEN; without one the route does not exist. */
  readonly noticeAdminToken?: string;
}

const settingsFromEnv = (): SiteRouteSettings => {
  const title = process.env["SHOP_NOTICE_TITLE"];
  const token = process.env["NOTICE_ADMIN_TOKEN"];
  return {
    notice: title ? { message: { title, error: process.env["SHOP_NOTICE_ERROR"] ?? null } } : NO_NOTICE,
    ...(token ? { noticeAdminToken: token } : {}),
  };
};

/**
 * Other calls (spec §7), docs/web-app-ports.md:
 * - GET /api/notice?t=HHMM answers the notice JSON `{message:{title, error}}` (title null = no notice; 400
 *   request.invalid for a missing or malformed `t`), never cached;
 * - PUT /api/notice `{title, error}` with `authorization: Bearer {NOTICE_ADMIN_TOKEN}` publishes or clears the
 *   notice (401 notice.token.invalid for another token; the route exists only when a token is configured);
 * - GET /api/init answers 204 (the page's fire-and-forget start call);
 * - POST /api/newsletter/subscriptions accepts the decoded payload with 202 `{data:{id}}` (400 request.invalid naming
 *   the field otherwise). The reference server keeps no list: it logs the accepted subscription, the hand-off point
 *   for a real newsletter service. (POST /api/mail/transport-requests: transport-request-routes.ts, stored.)
 * The notice lives in this server instance's memory.
 */
export const siteRoutes = (_deps: RouteDeps, settings: SiteRouteSettings = settingsFromEnv()) => async (app: FastifyInstance) => {
  let notice: NoticeAnswer = settings.notice ?? NO_NOTICE;

  app.get("/api/notice", async (request, reply) => {
    decodeOrThrow(NoticeQuery, request.query, "notice query");
    return reply.header("cache-control", "no-store").send(notice);
  });

  const adminToken = settings.noticeAdminToken;
  if (adminToken) {
    app.put("/api/notice", async (request) => {
      const auth = request.headers.authorization ?? "";
      if (!auth.startsWith("Bearer ") || !secretMatches(auth.slice("Bearer ".length), adminToken)) {
        throw new ApiError(401, "notice.token.invalid", "This token may not change the notice.");
      }
      const body = decodeOrThrow(NoticeBody, request.body, "notice");
      notice = { message: { title: body.title, error: body.error } };
      return { data: { id: "notice", title: body.title, error: body.error } };
    });
  }

  app.get("/api/init", async (_request, reply) => reply.header("cache-control", "no-store").code(204).send());

  app.post("/api/newsletter/subscriptions", async (request, reply) => {
    const subscription = decodeOrThrow(NewsletterBody, request.body, "newsletter subscription");
    const id = randomUUID();
    request.log.info({ id, eventNamespace: subscription.eventNamespace, locale: subscription.locale }, "newsletter subscription accepted");
    return reply.code(202).send({ data: { id } });
  });
};

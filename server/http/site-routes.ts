import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { NO_NOTICE, type NoticeAnswer, NoticeTimeQuery } from "../../domain/notice.schema.ts";
import { memoryNoticeStore, type NoticeStore } from "../cluster/shared-state.ts";
import { NoticeTokenInvalid, serviceUnavailable } from "./http.errors.ts";
import { decodeOrThrow } from "./decode.ts";
import type { RouteDeps } from "./route-deps.ts";
import { secretMatches } from "../secret-matches.ts";

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
  /** Where the notice lives: default this process's memory, starting at `notice`; the workers' Redis (cluster/shared-state.ts) to share it. */
  readonly noticeStore?: NoticeStore;
}

/** The site routes' settings from the environment: SHOP_NOTICE_TITLE / SHOP_NOTICE_ERROR (the notice at start) and NOTICE_ADMIN_TOKEN. */
export const siteSettingsFromEnv = (): SiteRouteSettings => {
  const title = process.env["SHOP_NOTICE_TITLE"];
  const token = process.env["NOTICE_ADMIN_TOKEN"];
  return {
    notice: title ? { message: { title, error: process.env["SHOP_NOTICE_ERROR"] ?? null } } : NO_NOTICE,
    ...(token ? { noticeAdminToken: token } : {}),
  };
};

/**
 * The site API of spec §7 Other calls (docs/web-app-ports.md): GET /api/notice (never cached), PUT /api/notice (only
 * with NOTICE_ADMIN_TOKEN), GET /api/init and POST /api/newsletter/subscriptions (decoded, logged, not kept).
 */
export const siteRoutes = (_deps: RouteDeps, settings: SiteRouteSettings = siteSettingsFromEnv()) => async (app: FastifyInstance) => {
  const notices = settings.noticeStore ?? memoryNoticeStore(settings.notice ?? NO_NOTICE);

  app.get("/api/notice", async (request, reply) => {
    decodeOrThrow(NoticeQuery, request.query, "notice query");
    return reply.header("cache-control", "no-store").send(notices.current());
  });

  const adminToken = settings.noticeAdminToken;
  if (adminToken) {
    app.put("/api/notice", async (request) => {
      const auth = request.headers.authorization ?? "";
      if (!auth.startsWith("Bearer ") || !secretMatches(auth.slice("Bearer ".length), adminToken)) {
        throw new NoticeTokenInvalid({ code: "notice.token.invalid", message: "This token may not change the notice." });
      }
      const body = decodeOrThrow(NoticeBody, request.body, "notice");
      try {
        await notices.publish({ message: { title: body.title, error: body.error } });
      } catch (error) {
        request.log.warn({ err: error }, "the notice could not be shared");
        throw serviceUnavailable("The notice cannot be changed right now; try again in a moment.");
      }
      return { data: { id: "notice", title: body.title, error: body.error } };
    });
  }

  app.get("/api/init", async (_request, reply) => reply.header("cache-control", "no-store").code(204).send());

  app.post("/api/newsletter/subscriptions", async (request, reply) => {
    const subscription = decodeOrThrow(NewsletterBody, request.body, "newsletter subscription");
    const id = randomUUID();
    // No list is kept here: the log line is the hand-off point for a real newsletter service.
    request.log.info({ id, eventNamespace: subscription.eventNamespace, locale: subscription.locale }, "newsletter subscription accepted");
    return reply.code(202).send({ data: { id } });
  });
};

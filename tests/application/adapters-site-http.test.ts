import { Effect } from "effect";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HttpAppInit } from "../../adapters/http/http-app-init.ts";
import { HttpMailApi, TRANSPORT_REQUEST_MAIL_PATH } from "../../adapters/http/http-mail-api.ts";
import { HttpNewsletterApi, NEWSLETTER_SUBSCRIPTIONS_PATH } from "../../adapters/http/http-newsletter-api.ts";
import { HttpNoticeApi } from "../../adapters/http/http-notice-api.ts";
import { NetworkError, ShopApiError, UnexpectedAnswerError } from "../../application/errors.ts";

let app: FastifyInstance;
let baseUrl: string;
let received: Array<{ path: string; body: unknown; contentType: string | undefined; shop?: unknown }>;
const SHOP = { apiNamespace: "lowlands-lights-2027", shopToken: "sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
let noticeBody: string;
let initStatus: number;

describe("site HTTP adapters against a local HTTP server", () => {
  beforeAll(async () => {
    app = Fastify();
    app.post(TRANSPORT_REQUEST_MAIL_PATH, async (request, reply) => {
      received.push({
        path: TRANSPORT_REQUEST_MAIL_PATH,
        body: request.body,
        contentType: request.headers["content-type"],
        shop: [request.headers["x-event-namespace"], request.headers.authorization],
      });
      const body = request.body as { email?: string };
      if (!body.email?.includes("@")) return reply.code(400).send({ error: { code: "request.invalid", message: "email: invalid" } });
      return reply.code(202).send();
    });
    app.post(NEWSLETTER_SUBSCRIPTIONS_PATH, async (request, reply) => {
      received.push({ path: NEWSLETTER_SUBSCRIPTIONS_PATH, body: request.body, contentType: request.headers["content-type"] });
      return reply.code(201).send({ data: { id: "sub-1" } });
    });
    app.get("/api/notice", async (_request, reply) => reply.type("application/json").send(noticeBody));
    app.get("/api/init", async (_request, reply) => reply.code(initStatus).send());
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => app.close());
  beforeEach(() => {
    received = [];
    noticeBody = '{"message":{"title":null,"error":null}}';
    initStatus = 204;
  });

  it("posts the transport request mail as JSON with the shop's namespace and bearer token and accepts 202", async () => {
    const mail = { eventNamespace: "lowlands-lights-2027", name: "Sam Visser", email: "sam@example.com", persons: 4, departureCity: "Utrecht", message: "Wheelchair" };
    await Effect.runPromise(new HttpMailApi(baseUrl).sendTransportRequest(SHOP, mail));
    expect(received).toEqual([
      { path: TRANSPORT_REQUEST_MAIL_PATH, body: mail, contentType: "application/json", shop: ["lowlands-lights-2027", `Bearer ${SHOP.shopToken}`] },
    ]);
  });

  it("fails with ShopApiError carrying the server's code when the mail is refused", async () => {
    const error = await Effect.runPromise(Effect.flip(new HttpMailApi(baseUrl).sendTransportRequest(SHOP, { eventNamespace: "x", name: "x", email: "nope", persons: 1, departureCity: "x" })));
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ status: 400, code: "request.invalid", message: "email: invalid" });
  });

  it("posts the newsletter subscription as JSON and accepts 201", async () => {
    const subscription = { email: "sam@example.com", firstName: "Sam", locale: "nl", eventNamespace: "lowlands-lights-2027" };
    await Effect.runPromise(new HttpNewsletterApi(baseUrl).subscribe(subscription));
    expect(received).toEqual([{ path: NEWSLETTER_SUBSCRIPTIONS_PATH, body: subscription, contentType: "application/json" }]);
  });

  it("fails with NetworkError when the host cannot be reached", async () => {
    const error = await Effect.runPromise(Effect.flip(new HttpNewsletterApi("http://127.0.0.1:1").subscribe({ email: "a@b.c", locale: "en", eventNamespace: "x" })));
    expect(error).toBeInstanceOf(NetworkError);
  });

  it("reads a notice that arrives double-encoded as a JSON string", async () => {
    noticeBody = JSON.stringify(JSON.stringify({ message: { title: "Maintenance", error: "23:00" } }));
    expect(await Effect.runPromise(new HttpNoticeApi(baseUrl).getNotice("2200"))).toEqual({ message: { title: "Maintenance", error: "23:00" } });
  });

  it("fails with UnexpectedAnswerError for a notice off the contract", async () => {
    noticeBody = '{"title":"no message wrapper"}';
    expect(await Effect.runPromise(Effect.flip(new HttpNoticeApi(baseUrl).getNotice("2200")))).toBeInstanceOf(UnexpectedAnswerError);
  });

  it("fails /api/init with the host's status, for the caller to forget", async () => {
    initStatus = 503;
    expect(await Effect.runPromise(Effect.flip(new HttpAppInit().init(`${baseUrl}/`)))).toMatchObject({ _tag: "ShopApiError", status: 503 });
  });
});

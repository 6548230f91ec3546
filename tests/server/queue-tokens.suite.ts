import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { NORTHERN_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { carts, queueTokenUses } from "../../server/db/schema.ts";
import { issueQueueToken, QUEUE_TOKEN_ISSUER, QUEUE_TOKEN_SWEEP_GRACE_SECONDS, sweepUsedQueueTokens, type QueueTokenSettings } from "../../server/queue/queue-tokens.ts";
import { queueTokenFrom, suiteServer, type TestDatabase } from "./server-harness.ts";

const NN_HEADERS = { "x-event-namespace": "northern-nights-2027", authorization: `Bearer ${NORTHERN_TOKEN}` };
const SETTINGS: QueueTokenSettings = { secret: new TextEncoder().encode("queue-token-secret-of-the-tests-0123456789"), ttlSeconds: 600 };

/**
 * The payment queue token (spec §3 queueUrl, §7 POST /carts paymentQueueToken) as an attacker with an HTTP client
 * meets it: tokens from the demo queue open one cart each; forged, expired, other-shop and reused ones answer 403.
 */
export const queueTokensSuite = (driver: string, open: () => Promise<TestDatabase>) =>
  describe(`payment queue tokens on ${driver}`, () => {
    const server = suiteServer(open, { queueTokens: SETTINGS });
    const { call } = server;
    const newCart = (paymentQueueToken: unknown, headers: Record<string, string> = NN_HEADERS) =>
      call("POST", "/api/v2/carts", paymentQueueToken === undefined ? {} : { paymentQueueToken }, headers);
    const cartCount = async () => (await server.database.db.select().from(carts)).length;
    const refusal = async (paymentQueueToken: unknown) => {
      const before = await cartCount();
      const res = await newCart(paymentQueueToken);
      expect(await cartCount()).toBe(before);
      return [res.statusCode, res.json().error.code, res.json().error.message] as const;
    };

    it("sends an admitted visitor of the waiting room back to the shop with a token that opens one cart", async () => {
      const admitted = await server.app.inject({ method: "GET", url: "/queue/northern-nights" });
      expect(admitted.statusCode).toBe(303);
      expect(admitted.headers["cache-control"]).toBe("no-store");
      const location = new URL(String(admitted.headers.location), "http://shop.invalid");
      expect(location.pathname).toBe("/northern-nights");
      const token = location.searchParams.get("paymentQueueToken")!;
      expect(decodeJwt(token)).toMatchObject({ iss: QUEUE_TOKEN_ISSUER, aud: "northern-nights-2027", exp: expect.any(Number), jti: expect.any(String) });
      const created = await newCart(token);
      expect(created.statusCode).toBe(201);
      expect(created.json().data.status).toBe("shopping");
    });

    it("refuses a token used for a cart already with 403 queue.token.invalid and makes no second cart", async () => {
      const token = await queueTokenFrom(server.app);
      expect((await newCart(token)).statusCode).toBe(201);
      const [status, code, message] = await refusal(token);
      expect([status, code]).toEqual([403, "queue.token.invalid"]);
      expect(message).toMatch(/used/);
    });

    it("opens exactly one cart when one token is sent many times at once", async () => {
      const token = await queueTokenFrom(server.app);
      const before = await cartCount();
      const answers = await Promise.all(Array.from({ length: 8 }, () => newCart(token)));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 403).map((a) => a.json().error.code)).toEqual(Array(7).fill("queue.token.invalid"));
      expect(await cartCount()).toBe(before + 1);
    });

    it("refuses forged tokens with 403 queue.token.invalid: made up, signed with another key, unsigned, or with a changed payload", async () => {
      const genuine = await queueTokenFrom(server.app);
      const [header, , signature] = genuine.split(".");
      const payload = Buffer.from(JSON.stringify({ ...decodeJwt(genuine), jti: "another-id" })).toString("base64url");
      const otherKey = await issueQueueToken({ secret: randomBytes(32), ttlSeconds: 600 }, "northern-nights-2027", server.clock.now());
      const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${genuine.split(".")[1]}.`;
      const otherIssuer = await new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("someone-else")
        .setAudience("northern-nights-2027")
        .setJti("x")
        .setIssuedAt(Math.floor(server.clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
        .sign(SETTINGS.secret);
      for (const forged of ["x", "queue-e2e", otherKey, unsigned, `${header}.${payload}.${signature}`, otherIssuer]) {
        const [status, code] = await refusal(forged);
        expect([status, code], forged).toEqual([403, "queue.token.invalid"]);
      }
      // The genuine one still opens its cart: nothing above used it.
      expect((await newCart(genuine)).statusCode).toBe(201);
    });

    it("refuses an expired token with 403 queue.token.invalid", async () => {
      const token = await queueTokenFrom(server.app);
      server.clock.advance(SETTINGS.ttlSeconds + 1);
      const [status, code, message] = await refusal(token);
      expect([status, code]).toEqual([403, "queue.token.invalid"]);
      expect(message).toMatch(/expired/);
    });

    it("refuses another shop's token with 403 queue.token.invalid", async () => {
      const lowlands = await issueQueueToken(SETTINGS, "lowlands-lights-2027", server.clock.now());
      const [status, code, message] = await refusal(lowlands);
      expect([status, code]).toEqual([403, "queue.token.invalid"]);
      expect(message).toMatch(/another shop/);
    });

    it("refuses a cart without a token with 403 queue.token.required", async () => {
      for (const token of [undefined, "", "  "]) expect((await refusal(token)).slice(0, 2)).toEqual([403, "queue.token.required"]);
    });

    it("uses no token for a cart refused for another reason: the token still opens its cart", async () => {
      const token = await queueTokenFrom(server.app);
      const refused = await newCart(token, { ...NN_HEADERS, "x-cart-token": "ct_unknown" });
      expect([refused.statusCode, refused.json().error.code]).toEqual([403, "cart.token.invalid"]);
      expect((await newCart(token)).statusCode).toBe(201);
    });

    it("keeps a used token's row while the token could verify and sweeps it after its expiry", async () => {
      const token = await queueTokenFrom(server.app);
      expect((await newCart(token)).statusCode).toBe(201);
      const { jti } = decodeJwt(token);
      const rows = () => server.database.db.select().from(queueTokenUses).where(eq(queueTokenUses.tokenId, jti!));
      expect(await sweepUsedQueueTokens(server.database.db, server.clock.now())).toBe(0);
      expect(await rows()).toHaveLength(1);
      server.clock.advance(SETTINGS.ttlSeconds + QUEUE_TOKEN_SWEEP_GRACE_SECONDS + 1);
      expect(await sweepUsedQueueTokens(server.database.db, server.clock.now())).toBeGreaterThanOrEqual(1);
      expect(await rows()).toHaveLength(0);
    });

    it("answers 404 from the waiting room for an unknown shop or one without a queue", async () => {
      expect((await server.app.inject({ method: "GET", url: "/queue/nowhere" })).json().error.code).toBe("shop.not.found");
      const lowlands = await server.app.inject({ method: "GET", url: "/queue/lowlands-lights" });
      expect([lowlands.statusCode, lowlands.json().error.code]).toEqual([404, "queue.not.enabled"]);
      expect(lowlands.headers.location).toBeUndefined();
    });
  });

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_SALE_TOKEN } from "../../server/catalogue/demo-member-shop.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { shopVisitor } from "../support/shop-visitor.ts";
import { VALID_DETAILS } from "../support/checkout-details.ts";
import { freshServer, type TestDatabase } from "./server-harness.ts";
import { logIn, oidcBrowser } from "./oidc-browser.ts";

/** The member sale of the demo catalogue: login and membership required, maxOrdersPerAccount 1. */
const MEMBERS = { "x-event-namespace": "lowlands-members-2027", authorization: `Bearer ${MEMBER_SALE_TOKEN}` };

/**
 * The development identity provider is one provider on every origin: anna on `localhost` and on `127.0.0.1` is one
 * account, so no second order past maxOrdersPerAccount (spec §6, §8 8001).
 */
export const developmentIssuerSuite = (driver: string, open: () => Promise<TestDatabase>, withRedis: boolean) =>
  describe(`one account whichever Host issued its token, on ${driver}${withRedis ? " with Redis" : ""}`, () => {
    let database: TestDatabase;
    let redis: OwnRedis | undefined;
    let app: FastifyInstance;
    let port: number;

    beforeAll(async () => {
      database = await open();
      if (withRedis) redis = await startOwnRedis();
      // The provider signs in real time, so the Shop API verifies in real time too.
      app = await freshServer(database, () => new Date(), { rateLimit: false, identityProvider: true, redisUrl: redis ? redis.url : false });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      port = typeof address === "object" && address ? address.port : 0;
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
      await redis?.stop();
    });

    it("refuses anna's second order in the member sale when she logs in again under another Host", async () => {
      const viaLocalhost = `http://localhost:${port}`;
      const viaLoopback = `http://127.0.0.1:${port}`;
      const first = await logIn(oidcBrowser(viaLocalhost), "anna@example.com");
      const second = await logIn(oidcBrowser(viaLoopback), "anna@example.com");
      // Two logins, two issuers in the tokens: each token is good on the origin that issued it.
      expect(JSON.parse(Buffer.from(first.id_token.split(".")[1]!, "base64url").toString()).iss).toBe(`${viaLocalhost}/oidc`);
      expect(JSON.parse(Buffer.from(second.id_token.split(".")[1]!, "base64url").toString()).iss).toBe(`${viaLoopback}/oidc`);

      const annaHere = shopVisitor(viaLocalhost, { shopHeaders: MEMBERS, headers: { "x-user-token": first.id_token } });
      await annaHere.buyTicket(VALID_DETAILS.email, "llm_ticket_weekend");

      const annaThere = shopVisitor(viaLoopback, { shopHeaders: MEMBERS, headers: { "x-user-token": second.id_token } });
      const cart = await annaThere.call("cart", "POST", "/carts", {});
      expect(cart.status).toBe(201);
      const id = String(cart.body.data!["id"]);
      expect((await annaThere.call("hold", "PUT", `/carts/${id}/products`, { productId: "llm_ticket_weekend", quantity: 1 })).status).toBe(200);
      expect((await annaThere.call("details", "PUT", `/carts/${id}`, { ...VALID_DETAILS, email: "anna.second@example.com" })).status).toBe(200);
      const refused = await annaThere.call("order", "POST", `/carts/${id}/orders`, { paymentMethod: "ideal", redirectUri: "https://shop.example.com/lowlands-members/paymentstatus" });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "checkout.not.allowed", checkoutErrors: [{ code: "validation.max.orders.per.account" }] });
    });
  });

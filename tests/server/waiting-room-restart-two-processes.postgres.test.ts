import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NORTHERN_SALE_TOKEN } from "../../server/catalogue/demo-catalogue.ts";
import { placeCookieName } from "../../server/http/waiting-room-routes.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

const SLUG = "northern-nights-sale";
const NN_HEADERS = { "x-event-namespace": "northern-nights-sale-2027", authorization: `Bearer ${NORTHERN_SALE_TOKEN}`, "content-type": "application/json" };
/** One admission every three seconds: the line stands nearly still while Redis restarts. */
const ADMIT_PER_MINUTE = 20;

type Status = { state: "waiting"; position: number } | { state: "admitted" } | { state: "not-in-line" };

/** A visitor with a place cookie of their own, asking the server they are given. */
const visitor = () => {
  let cookie: string | undefined;
  const enter = async (server: ServerProcess) => {
    let res = await fetch(`${server.origin}/queue/${SLUG}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    // A 503 with Retry-After (Redis, which counts joins, did not answer in time on a busy machine) is tried again, as a browser would.
    for (let attempt = 0; res.status === 503 && res.headers.has("retry-after") && attempt < 20; attempt += 1) {
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await fetch(`${server.origin}/queue/${SLUG}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    }
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${placeCookieName(SLUG)}=`));
    if (set) cookie = set.split(";")[0];
    await res.arrayBuffer();
    const location = res.headers.get("location");
    return { status: res.status, token: location ? new URL(location, "http://shop.invalid").searchParams.get("paymentQueueToken") : null };
  };
  return {
    enter,
    status: async (server: ServerProcess): Promise<Status> =>
      ((await (await fetch(`${server.origin}/queue/${SLUG}/status`, { headers: cookie ? { cookie } : {} })).json()) as { data: Status }).data,
    ticket: () => Number(decodeJwt(cookie!.split("=")[1]!).sub),
  };
};

const newCart = async (server: ServerProcess, paymentQueueToken: string) => {
  const res = await fetch(`${server.origin}/api/v2/carts`, { method: "POST", headers: NN_HEADERS, body: JSON.stringify({ paymentQueueToken }) });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
};

/**
 * The waiting line survives a Redis restart (two server processes, one PostgreSQL, this test's own redis-server): served
 * visitors keep their token, no token opens a second cart, waiters keep their order, a newcomer draws a new ticket.
 */
describe("the waiting line across a Redis restart (two processes, PostgreSQL)", () => {
  let redis: OwnRedis;
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    const throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_line_restart");
    drop = throwaway.drop;
    const env = {
      DATABASE_URL: throwaway.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: "line-restart:",
      QUEUE_ADMIT_PER_MINUTE: String(ADMIT_PER_MINUTE),
      QUEUE_JOINS_PER_IP_PER_HOUR: "100",
      QUEUE_TOKEN_SECRET: "two-processes-share-this-line-secret-0123456789",
      NOTICE_ADMIN_TOKEN: "line-restart-notice-token",
      RATE_LIMIT_PER_MINUTE: "100000",
      IDENTITY_PROVIDER: "off",
    };
    // The first process migrates and seeds; the second starts on the ready database.
    servers.push(await startServerProcess(3211, env));
    servers.push(await startServerProcess(3212, env));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop?.();
    await redis?.stop();
  });

  it("keeps served visitors served, opens one cart per token, keeps the waiters' order and gives newcomers new tickets", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const served = visitor();
    const first = await served.enter(a);
    expect(first.status).toBe(303);
    const waiters = Array.from({ length: 5 }, () => visitor());
    for (const [n, w] of waiters.entries()) expect((await w.enter(n % 2 === 0 ? b : a)).status).toBe(200);
    expect(waiters.map((w) => w.ticket())).toEqual([2, 3, 4, 5, 6]);
    expect((await newCart(b, first.token!)).status).toBe(201);
    // The second visitor is served next (one admission every three seconds) and is handed a token it keeps.
    for (const deadline = Date.now() + 20_000; (await waiters[0]!.status(a)).state !== "admitted"; ) {
      if (Date.now() > deadline) throw new Error("the second visitor was not admitted");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const second = await waiters[0]!.enter(b);
    expect(second.status).toBe(303);
    const before = await Promise.all(waiters.map((w) => w.status(a)));

    await redis.stop();
    await redis.start();

    // Served stays served: the second visitor is handed the same token on either process, which opens one cart.
    for (const server of [a, b]) expect(await waiters[0]!.enter(server)).toEqual(second);
    expect((await newCart(a, second.token!)).status).toBe(201);
    expect((await newCart(b, second.token!)).body.error?.code).toBe("queue.token.invalid");
    // The first visitor's used token opens no second cart, and their used place admits them no second time.
    expect((await newCart(a, first.token!)).body.error?.code).toBe("queue.token.invalid");
    const again = await served.enter(b);
    expect(again.status).toBe(200);
    expect(served.ticket()).toBe(7);

    // Waiters keep their order: nobody stands further back than before, positions follow the tickets.
    const after = await Promise.all(waiters.map((w, n) => w.status(n % 2 === 0 ? a : b)));
    for (const [n, status] of after.entries()) {
      const was = before[n]!;
      if (was.state === "admitted") expect(status.state).toBe("admitted");
      if (status.state === "waiting" && was.state === "waiting") expect(status.position).toBeLessThanOrEqual(was.position);
      expect(status.state).not.toBe("not-in-line");
    }
    const positions = after.flatMap((s) => (s.state === "waiting" ? [s.position] : []));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(new Set(positions).size).toBe(positions.length);

    // A newcomer once Redis answers again: the next ticket, behind everyone, with a token nobody had.
    const newcomer = visitor();
    const entered = await newcomer.enter(a);
    expect(entered.status).toBe(200);
    expect(newcomer.ticket()).toBe(8);
  }, 120_000);
});

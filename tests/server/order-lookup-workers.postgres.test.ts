import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADDON_DEMO_ORDER_REFERENCE } from "../../server/catalogue/demo-addon-shop.ts";
import { requestFrom } from "../support/forwarding-proxy.ts";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.ts";
import { processFleet, type ServerProcess } from "./server-process.ts";
import { EXTRAS_HEADERS } from "./order-lookup-limit.suite.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

/** Lookups that miss, allowed per hour per order number and per client address (ORDER_LOOKUPS_PER_*_PER_HOUR). */
const PER_ORDER = 6;
const PER_IP = 8;

const fleet = processFleet({}, TEST_POSTGRES_URL);
afterAll(() => fleet.release(), 120_000);

/**
 * The order lookup limits hold across the workers of one server (WORKERS=2, Node's cluster: two worker processes,
 * each connection to either) on PostgreSQL: counted together through Redis, and while Redis is gone each worker
 * allows only its share, so together they never allow more than the limit.
 */
describe("order lookups limited across two worker processes", () => {
  let redis: OwnRedis;
  let server: ServerProcess;

  beforeAll(async () => {
    redis = await startOwnRedis();
    fleet.onRelease(() => redis.stop());
    server = await fleet.start({
      DATABASE_URL: await fleet.postgres("shop_lookups"),
      REDIS_URL: redis.url,
      WORKERS: "2",
      TRUST_PROXY: "127.0.0.1",
      ORDER_LOOKUPS_PER_ORDER_PER_HOUR: String(PER_ORDER),
      ORDER_LOOKUPS_PER_IP_PER_HOUR: String(PER_IP),
    });
    // The first worker answers before the second listens: wait until the primary says both do.
    await vi.waitFor(() => expect(server.output()).toContain("2 workers"), { timeout: 120_000, interval: 200 });
  }, 300_000);

  /** A lookup of `reference` with a guessed e-mail from the client address `client`, on a connection of its own (so the two workers share the calls). */
  const guess = async (client: string, reference: string): Promise<number> =>
    (
      await requestFrom("127.0.0.1", `${server.baseUrl}/api/v2/get-orders`, { ...EXTRAS_HEADERS, "content-type": "application/json", "x-forwarded-for": client }, {
        method: "POST",
        body: JSON.stringify({ reference, consumer_email: `guess-${client}@example.com` }),
      })
    ).status;
  /** The worker processes (pids) whose log shows a get-orders request. */
  const workersThatLookedUp = (): Set<number> =>
    new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"url":"/api/v2/get-orders"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );

  it("counts guesses at one order number from many addresses, and one address's guesses across numbers, on both workers together", async () => {
    const atOneOrder = [];
    for (let i = 1; i <= PER_ORDER + 4; i += 1) atOneOrder.push(await guess(`198.51.100.${i}`, ADDON_DEMO_ORDER_REFERENCE));
    expect(atOneOrder).toEqual([...Array<number>(PER_ORDER).fill(404), 429, 429, 429, 429]);
    const acrossNumbers = [];
    for (let i = 0; i < PER_IP + 3; i += 1) acrossNumbers.push(await guess("203.0.113.7", String(100_000_000 + i)));
    expect(acrossNumbers).toEqual([...Array<number>(PER_IP).fill(404), 429, 429, 429]);
    expect(workersThatLookedUp().size).toBe(2);
  }, 120_000);

  it("allows no more than the limit over both workers while Redis is gone, and refuses the rest", async () => {
    await redis.stop();
    const statuses = [];
    for (let i = 1; i <= PER_ORDER * 2; i += 1) statuses.push(await guess(`192.0.2.${i}`, "111111111"));
    const passed = statuses.filter((status) => status === 404).length;
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(PER_ORDER);
    expect(statuses.filter((status) => status === 429).length).toBe(statuses.length - passed);
    console.log(`While Redis was gone, ${passed} of ${statuses.length} guesses at one order number were looked up over two workers (limit ${PER_ORDER}).`);
  }, 120_000);
});

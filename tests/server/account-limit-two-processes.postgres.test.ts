import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCartOver, httpShopApi, orderCart, returnUriOf, settlePayment } from "../support/server-builders.ts";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { TEST_POSTGRES_URL } from "./server-harness.ts";

/** One `node --import tsx server/main.ts` on `port` over `databaseUrl` (demo catalogue seeded on an empty database), resolved once it listens. */
const startServer = async (databaseUrl: string, port: number): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", RATE_LIMIT_PER_MINUTE: "100000", IDENTITY_PROVIDER: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v2/shops`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const stop = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
};

/**
 * maxOrdersPerAccount (spec §6, §8 8001) holds across two server processes on one PostgreSQL, the account lock living
 * in the database.
 */
describe("maxOrdersPerAccount across two server processes on one PostgreSQL", () => {
  let drop: () => Promise<void>;
  let url: string;
  const servers: ChildProcess[] = [];
  const ports = [3300 + Math.floor(Math.random() * 300), 0];
  ports[1] = ports[0]! + 1;
  const base = (n: number) => `http://127.0.0.1:${ports[n]}`;

  const api = (n: number) => httpShopApi(base(n));
  /** A cart on server `n` with a weekend ticket and details of `email`. */
  const readyCart = (n: number, email: string): Promise<string> => aCartOver(api(n)).withWeekendTickets(1).withDetails({ email }).create();
  const order = (n: number, id: string) => orderCart(api(n), id, { redirectUri: returnUriOf(undefined, base(n)) });
  /** Pays on server `n`'s test provider page; answers the status its return address carries. */
  const pay = async (n: number, paymentUri: string): Promise<string | null> =>
    new URL(String((await settlePayment(api(n), paymentUri)).headers["location"])).searchParams.get("status");
  const setLimit = async (max: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`update shops set config = jsonb_set(config, '{maxOrdersPerAccount}', $1::jsonb) where slug = 'lowlands-lights'`, [JSON.stringify(max)]);
    await client.end();
  };
  const confirmedOf = async (email: string): Promise<number> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from carts where status = 'confirmed' and lower(trim(details->>'email')) = $1`, [email]);
    await client.end();
    return rows[0].n;
  };

  // Both orders of `settled@` are placed before the limit exists; `ordered@` meets the limit when ordering.
  let paymentUris: string[] = [];

  beforeAll(async () => {
    const throwaway = await createThrowawayPostgres(TEST_POSTGRES_URL, "shop_two");
    url = throwaway.url;
    drop = throwaway.drop;
    // The first process migrates and seeds; the second starts on the ready database.
    servers.push(await startServer(url, ports[0]!));
    servers.push(await startServer(url, ports[1]!));
    const first = await readyCart(0, "settled@example.com");
    const second = await readyCart(1, " Settled@Example.com");
    const orders = [await order(0, first), await order(1, second)];
    expect(orders.map((o) => o.statusCode)).toEqual([201, 201]);
    paymentUris = orders.map((o) => String(o.json().data.redirectUri));
    await setLimit(1);
    // Each process keeps a shop's config for up to 5 s (SHOP_CACHE_TTL_MS): wait until both read the limit.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
  }, 240_000);

  afterAll(async () => {
    for (const child of servers) await stop(child);
    await drop?.();
  });

  it("places one of two orders of one e-mail sent to the two processes at the same moment", async () => {
    const carts = [await readyCart(0, "ordered@example.com"), await readyCart(1, "ORDERED@example.com ")];
    const answers = await Promise.all([order(0, carts[0]!), order(1, carts[1]!)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toMatchObject({ code: "checkout.not.allowed" });
  }, 120_000);

  it("confirms one of two paid carts of one e-mail settled by the two processes at the same moment; the other payment fails", async () => {
    const statuses = await Promise.all([pay(0, paymentUris[0]!), pay(1, paymentUris[1]!)]);
    expect(statuses.sort()).toEqual(["completed", "failed"]);
    expect(await confirmedOf("settled@example.com")).toBe(1);
  }, 120_000);
});

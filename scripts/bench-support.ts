/** Shared helpers of the benchmark scripts: a throwaway PostgreSQL database, the server child process, percentiles. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { LOWLANDS_TOKEN } from "../server/catalogue/demo-catalogue.ts";
import { createThrowawayPostgres } from "../tests/support/throwaway-postgres.ts";

/** Admin URL of the PostgreSQL server the benchmarks create their throwaway databases on. */
export const ADMIN_POSTGRES_URL = process.env["DATABASE_URL"] || "postgres://postgres@127.0.0.1:5432/test";

/** A fresh `bench_<hex>` database on ADMIN_POSTGRES_URL: its URL and `drop()`. */
export const createBenchPostgres = () => createThrowawayPostgres(ADMIN_POSTGRES_URL, "bench");

/** Figures the server child reports when it stops: requests served, SQL round trips (PostgreSQL only), its CPU (ms), pg pool size and waiters (PostgreSQL only). */
export interface ServerStats {
  readonly requests: number;
  readonly queries: number;
  readonly cpuMs: number;
  readonly poolSize: number;
  readonly maxWaiting: number;
  readonly avgWaiting: number;
}

/** A running server child process (scripts/bench-server.ts): its base URL and `stop()`, which answers its figures. */
export interface ServerProcess {
  readonly baseUrl: string;
  stop(): Promise<ServerStats | undefined>;
}

/**
 * Starts the real server in its own Node process (so the load generator does not steal its event loop) on
 * `databaseUrl` (PostgreSQL) or PGlite memory:// when undefined; `stock` sets one product's stock first.
 * `workers` (default 1; more needs PostgreSQL) runs that many server processes on one port (Node's cluster).
 * Env BENCH_SERVER_NODE_ARGS adds Node flags to the server process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export const startServerProcess = (options: { databaseUrl?: string; stock?: { productId: string; units: number }; workers?: number }): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
    delete env["DATABASE_URL"];
    if (options.databaseUrl) env["DATABASE_URL"] = options.databaseUrl;
    env["BENCH_WORKERS"] = String(options.workers ?? 1);
    if (options.stock) {
      env["BENCH_PRODUCT"] = options.stock.productId;
      env["BENCH_STOCK"] = String(options.stock.units);
    }
    const child = fork(fileURLToPath(new URL("./bench-server.ts", import.meta.url)), [], { env, execArgv: ["--import", "tsx", ...(process.env["BENCH_SERVER_NODE_ARGS"] ?? "").split(" ").filter(Boolean)], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code} before listening`)));
    let stats: ServerStats | undefined;
    child.on("message", (message) => {
      const { port, stats: reported } = message as { port?: number; stats?: ServerStats };
      if (reported) stats = reported;
      if (port === undefined) return;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
          return stats;
        },
      });
    });
  });

/** The q-quantile (0..1) of `values` by nearest rank; 0 for none. */
export const percentile = (values: ReadonlyArray<number>, q: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

/** Headers of a call in the demo shop Lowlands Lights (docs/shop-api.md; the seeded shop token). */
export const DEMO_SHOP_HEADERS = {
  "x-event-namespace": "lowlands-lights-2027",
  authorization: `Bearer ${LOWLANDS_TOKEN}`,
  "content-type": "application/json",
} as const;

/** Ends a benchmark's server process (SIGTERM, waiting for its exit) when it still runs; nothing when it is gone. */
export const stopChild = async (child: import("node:child_process").ChildProcess | undefined): Promise<void> => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
};

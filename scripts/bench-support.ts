/** Shared helpers of the benchmark scripts: a throwaway PostgreSQL database, the server child process, percentiles. */
import { fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type pg from "pg";
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
 * Starts the real server in its own Node process on `databaseUrl` (PostgreSQL) or PGlite memory://; `stock` sets one
 * product's stock, `workers` runs a cluster. BENCH_SERVER_NODE_ARGS adds Node flags.
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

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU of process `pid` in ms from /proc/<pid>/stat, and its parent's pid; undefined when it is gone. */
const procStat = (pid: number): { cpuMs: number; parent: number } | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses: state ppid ... utime (14th) stime (15th).
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND, parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
};

/** CPU ms so far of `rootPid` and every process below it (a cluster's primary and its workers), by pid, read from /proc. */
export const processTreeCpu = (rootPid: number): Map<number, number> => {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat) parents.set(pid, stat.parent);
  }
  const inTree = (pid: number): boolean => {
    for (let current: number | undefined = pid, hops = 0; current !== undefined && current > 1 && hops < 64; current = parents.get(current), hops += 1) {
      if (current === rootPid) return true;
    }
    return false;
  };
  const cpu = new Map<number, number>();
  for (const pid of parents.keys()) if (inTree(pid)) cpu.set(pid, procStat(pid)?.cpuMs ?? 0);
  return cpu;
};

/** CPU ms spent between two readings by pid (a pid first seen in `after` counts from zero). */
export const cpuSpentMs = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number =>
  [...after].reduce((total, [pid, ms]) => total + Math.max(0, ms - (before.get(pid) ?? 0)), 0);

/**
 * Follows the CPU the PostgreSQL backends of `admin`'s database spend (from /proc): `sample()` reads them (call it
 * often, so a closing backend still counts), `spentMs()` totals since `start()`.
 */
export const postgresBackendCpu = (admin: pg.Client) => {
  let baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  const read = async (): Promise<Map<number, number>> => {
    const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return new Map(rows.flatMap((row) => {
      const stat = procStat(row.pid);
      return stat ? [[row.pid, stat.cpuMs] as const] : [];
    }));
  };
  return {
    start: async () => {
      baseline = await read();
      latest.clear();
    },
    sample: async () => {
      for (const [pid, ms] of await read()) latest.set(pid, ms);
    },
    spentMs: () => cpuSpentMs(baseline, latest),
  };
};

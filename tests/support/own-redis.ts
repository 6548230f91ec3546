import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import Redis from "ioredis";
import { freePort } from "./server-process.ts";

/** A redis-server of one test's own on a free port of 127.0.0.1, which the test may pause, resume, stop and start again. */
export interface OwnRedis {
  readonly port: number;
  /** `redis://127.0.0.1:{port}`. */
  readonly url: string;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung Redis). */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** Kills the server (SIGKILL) and waits for its exit; what it held is gone (no persistence). */
  stop(): Promise<void>;
  /** Starts a new, empty server on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Keys under `prefix` now (a client of its own). */
  keys(prefix: string): Promise<string[]>;
}

/** Waits until a Redis on `port` answers PING (at most 10 s). */
const answering = async (port: number): Promise<void> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === "PONG") return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no redis-server answered on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      client.disconnect();
    }
  }
};

/** Starts Debian's redis-server on a free port, without snapshots or an append-only log, and resolves once it answers. */
export const startOwnRedis = async (): Promise<OwnRedis> => {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await answering(port);
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: () => void (running() && child!.kill("SIGSTOP")),
    resume: () => void (running() && child!.kill("SIGCONT")),
    stop: async () => {
      if (!running()) return;
      const exited = once(child!, "exit");
      child!.kill("SIGKILL");
      await exited;
    },
    start,
    keys: async (prefix) => {
      const client = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 0 });
      try {
        return await client.keys(`${prefix}*`);
      } finally {
        client.disconnect();
      }
    },
  };
};

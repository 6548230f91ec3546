import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";

/** A server process of `node --import tsx server/main.ts` this test started: its base URL, its output so far, and stop(). */
export interface ServerProcess {
  readonly baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const launch = (env: Record<string, string | undefined>): { child: ChildProcess; output: () => string } => {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, HOST: "127.0.0.1", IDENTITY_PROVIDER: "off", RATE_LIMIT_PER_MINUTE: "100000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => void (text += chunk.toString()));
  return { child, output: () => text };
};

/**
 * Starts server/main.ts as a child process with `env` over this process's environment (HOST 127.0.0.1, the development
 * identity provider off) on a free port, and resolves once GET /api/v2/shops answers; rejects with its output when it
 * exits first or is not up within `timeoutMs`.
 */
export const startServerProcess = async (env: Record<string, string | undefined>, timeoutMs = 240_000): Promise<ServerProcess> => {
  const port = await freePort();
  const { child, output } = launch({ PORT: String(port), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server/main.ts exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/v2/shops`);
      if (res.ok) return { baseUrl, output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server/main.ts did not answer within ${timeoutMs} ms:\n${output()}`);
};

/**
 * Processes and throwaway resources of one test file, stopped and dropped by `release()` (call it in afterAll):
 * `start(env)` starts server/main.ts with `baseEnv` under `env`, `postgres(prefix)` a throwaway PostgreSQL database's
 * URL, `onRelease(fn)` any other clean-up.
 */
export const processFleet = (baseEnv: Record<string, string | undefined>, postgresUrl: string) => {
  const started: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  return {
    start: async (env: Record<string, string | undefined>): Promise<ServerProcess> => {
      const server = await startServerProcess({ ...baseEnv, ...env });
      started.push(server);
      return server;
    },
    postgres: async (prefix: string): Promise<string> => {
      const database = await createThrowawayPostgres(postgresUrl, prefix);
      cleanups.push(() => database.drop());
      return database.url;
    },
    onRelease: (cleanup: () => Promise<void> | void): void => void cleanups.push(cleanup),
    release: async (): Promise<void> => {
      for (const server of started.splice(0)) await server.stop();
      for (const cleanup of cleanups.splice(0)) await cleanup();
    },
  };
};

import { createThrowawayPostgres } from "../support/throwaway-postgres.ts";
import { freePort, startServerProcess as startServerOnPort } from "../support/server-process.ts";

export { freePort };

/** A server process of `node --import tsx server/main.ts` this test started: its base URL, its output so far, and stop(). */
export interface ServerProcess {
  readonly baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts server/main.ts on a free port with `env` (identity provider off, an unreachable rate limit); resolves once it
 * answers, rejects with its output when it exits or does not start in `timeoutMs`.
 */
export const startServerProcess = async (env: Record<string, string | undefined>, timeoutMs = 240_000): Promise<ServerProcess> => {
  const server = await startServerOnPort(await freePort(), { IDENTITY_PROVIDER: "off", RATE_LIMIT_PER_MINUTE: "100000", ...env }, timeoutMs);
  return { baseUrl: server.origin, output: server.output, stop: server.stop };
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

import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository root (where `server/main.ts` lives). */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A free TCP port on 127.0.0.1 (the OS picks it; free when answered, taken by the next listener). */
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

/** A real server process (`node --import tsx server/main.ts`): its origin, what it printed, and `stop()` (SIGTERM, then SIGKILL after 10 s). */
export interface ServerProcess {
  readonly origin: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx server/main.ts` (this Node, the repository's tsx) on 127.0.0.1:`port` with `env` added to
 * the environment, and resolves once it answers GET /api/v2/shops (rejects when it exits first or is not up within
 * `timeoutMs`).
 */
export const startServerProcess = async (port: number, env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<ServerProcess> => {
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    // No mail unless a test asks for it: a catcher per server process would fight over its ports (docs/mail.md).
    env: { ...process.env, NODE_ENV: "development", HOST: "127.0.0.1", PORT: String(port), SMTP_URL: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${origin}/api/v2/shops`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${port} did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, output: () => output, stop };
};

// Requests per second of the waiting room, the crowd's first stop: `npm run bench:waiting-room -- [--workers 1]
// [--seconds 10] [--connections 100]`. Starts `server/main.ts` (env WORKERS, a throwaway PostgreSQL database on
// DATABASE_URL, REDIS_URL default redis://127.0.0.1:6379 under a fresh REDIS_KEY_PREFIX, QUEUE_ADMIT_PER_MINUTE=1 so
// the line stands still), lines up 50 visitors in the Northern Nights sale's waiting room, then runs autocannon for
// the
// given seconds against the status a waiting visitor's page polls (GET /queue/{slug}/status with the last place
// cookie) and then against the page itself (GET /queue/{slug}, same cookie: the server-rendered page in en).
// Last line: `waiting-room: workers=N status_rps=… status_p99_ms=… page_rps=… page_p99_ms=… errors=…`.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort } from "../tests/server/server-process.ts";
import { createBenchPostgres, stopChild } from "./bench-support.ts";

const { values } = parseArgs({
  options: { workers: { type: "string", default: "1" }, seconds: { type: "string", default: "10" }, connections: { type: "string", default: "100" } },
});
const SLUG = "northern-nights-sale";

const database = await createBenchPostgres();
let child: ChildProcess | undefined;
let exitCode = 1;
try {
  const port = await freePort();
  child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKERS: values.workers,
      DATABASE_URL: database.url,
      REDIS_URL: process.env["REDIS_URL"] || "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: `bench-${randomUUID()}:`,
      QUEUE_ADMIT_PER_MINUTE: "1",
      // Every visitor of the benchmark comes from this machine's one IP.
      QUEUE_JOINS_PER_IP_PER_HOUR: "0",
      QUEUE_TOKEN_SECRET: randomBytes(32).toString("base64url"),
      NOTICE_ADMIN_TOKEN: randomBytes(16).toString("hex"),
      RATE_LIMIT_PER_MINUTE: "100000000",
      IDENTITY_PROVIDER: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 300_000; ; ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("server/main.ts did not start");
    if (await fetch(`${baseUrl}/api/v2/shops`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let cookie = "";
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/queue/${SLUG}`, { redirect: "manual" });
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }
  const page = await fetch(`${baseUrl}/queue/${SLUG}`, { headers: { cookie } });
  if (page.status !== 200) throw new Error(`the waiting room answered ${page.status}, not its page`);
  const run = (path: string) =>
    autocannon({ url: `${baseUrl}${path}`, connections: Number(values.connections), duration: Number(values.seconds), headers: { cookie, "accept-language": "en" } });
  const status = await run(`/queue/${SLUG}/status`);
  const html = await run(`/queue/${SLUG}`);
  const errors = status.errors + status.non2xx + html.errors + html.non2xx;
  console.log(
    `waiting-room: workers=${values.workers} status_rps=${Math.round(status.requests.average)} status_p99_ms=${status.latency.p99} page_rps=${Math.round(html.requests.average)} page_p99_ms=${html.latency.p99} errors=${errors}`,
  );
  exitCode = errors === 0 ? 0 : 1;
} finally {
  await stopChild(child);
  await database.drop();
}
process.exit(exitCode);

import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Directory of the installed PostgreSQL server binaries (the newest /usr/lib/postgresql/N/bin), or env PG_BIN_DIR. */
const pgBinDir = (): string => {
  const fromEnv = process.env["PG_BIN_DIR"];
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql (set PG_BIN_DIR).");
  return path.join(root, versions[0], "bin");
};

/** A PostgreSQL cluster of its own that a test may stop and start at will: its admin URL, start/crash controls and `destroy()`. */
export interface PrivatePostgres {
  /** `postgres://postgres@/postgres?host={socket dir}`: superuser over the cluster's unix socket (no TCP port). */
  readonly url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: every backend ends at once without a checkpoint, as in a crash (recovery replays the WAL). */
  crash(): void;
  destroy(): void;
}

/**
 * Creates and starts a private PostgreSQL cluster in a fresh temporary directory on a unix socket there; throws when
 * the binaries are missing or a command fails.
 */
export const createPrivatePostgres = (): PrivatePostgres => {
  const bin = pgBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), "pgprivate-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    execFileSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions"]);
  const options = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c shared_buffers=16MB -c max_connections=40`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}`,
    start,
    crash: () => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    destroy: () => {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

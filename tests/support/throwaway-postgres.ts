import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh database `{prefix}_<hex>` on `adminUrl` (trust auth): its URL and `drop()`, which waits for the sockets of
 * a closed pool to go (FORCE as a last resort). Rejects when PostgreSQL is unreachable.
 */
export const createThrowawayPostgres = async (adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before the sockets close; wait for them instead of killing them.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? " WITH (FORCE)" : ""}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
};

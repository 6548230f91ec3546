import { defineConfig } from "drizzle-kit";

/** drizzle-kit config: PostgreSQL dialect, schema in server/db/schema.ts, SQL migrations in server/db/migrations. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});

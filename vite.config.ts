import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const apiTarget = process.env.SHOP_API_PROXY ?? "http://localhost:3000";

// One config for the web app build (Vite) and every test project (Vitest).
export default defineConfig({
  root: ".",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Keep ESM side-effect order across chunks: reflect-metadata (ui/polyfills.ts) must run before tsyringe loads.
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  server: { proxy: { "/api": apiTarget, "/test-payments": apiTarget } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{domain,application,server,ui}/**/*.test.{ts,tsx}"],
          exclude: ["tests/server/**/*.verify.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "pact-consumer",
          include: ["tests/adapters/**/*.pact.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "pact-provider",
          include: ["tests/server/**/*.verify.test.ts"],
          setupFiles: ["tests/support/setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

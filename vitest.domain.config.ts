import { defineConfig } from "vitest/config";

// Vitest config used only by Stryker (npm run mutation): runs the pure domain tests, nothing else.
export default defineConfig({
  test: {
    include: ["tests/domain/**/*.test.ts"],
    setupFiles: ["tests/domain/fixed-seed.setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    isolate: false,
  },
});

import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The mail catcher of the journeys' server (maildev): SMTP and its web page with the REST API the mail journeys read (tests/e2e/support/mail.ts). */
const MAIL_SMTP_PORT = process.env.E2E_MAIL_SMTP_PORT ?? "1025";
const MAIL_WEB_PORT = process.env.E2E_MAIL_WEB_PORT ?? "1080";

/** The browser journey runs Debian's Chromium (Playwright cannot download its own browser here) against the real server, started fresh on an empty PGlite database. */
export default defineConfig({
  testDir: ".",
  testMatch: "*.e2e.ts",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A visitor who already answered the cookie question (spec §2 Other layers): journeys see the shop, not the consent
    // dialog; shop-frame.e2e.ts clears it to test the dialog itself.
    storageState: {
      cookies: [{ name: "cookie_consent", value: "necessary", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [],
    },
    trace: "retain-on-failure",
    // An action whose target never appears fails within 30 s instead of waiting for the test's own (long) time limit.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: `rm -rf .data/e2e && vite build && vite build --ssr ui/entry-server.tsx --outDir dist/.ssr && node --import tsx server/main.ts`,
    cwd: "../..",
    url: `http://localhost:${PORT}/api/v2/shops`,
    timeout: 600_000,
    reuseExistingServer: false,
    // Provider states set up the carts some journeys start from (an expired cart, an add-on cart); the endpoint exists
    // only when asked for, never in production. The waiting room admits ten visitors a second whatever the machine's
    // environment says: waiting-room.e2e.ts lines visitors up in front of its buyer to see them wait. Every journey
    // comes from 127.0.0.1, so places per IP are not limited here (tests/server/waiting-room.suite.ts limits them).
    // Mail goes to the catcher npm start runs (no SMTP_URL outside production), on the ports above.
    env: {
      PORT: String(PORT),
      DATA_DIR: ".data/e2e",
      HOST: "127.0.0.1",
      PACT_PROVIDER_STATES: "enabled",
      QUEUE_ADMIT_PER_MINUTE: "600",
      QUEUE_JOINS_PER_IP_PER_HOUR: "0",
      MAIL_CATCHER_SMTP_PORT: MAIL_SMTP_PORT,
      MAIL_CATCHER_WEB_PORT: MAIL_WEB_PORT,
    },
    stdout: "ignore",
  },
});

import { expect, type Page, request } from "@playwright/test";

/**
 * A payment queue token for shop `slug` as a new visitor gets one: the waiting room polled at its advised pace until it
 * sends the visitor back with `paymentQueueToken`. Each token opens one cart.
 */
export async function queueToken(page: Page, slug = "northern-nights"): Promise<string> {
  const visitor = await request.newContext({ baseURL: page.url().startsWith("http") ? new URL(page.url()).origin : testBaseUrl() });
  try {
    for (let attempt = 0; attempt < 120; attempt++) {
      const answer = await visitor.get(`/queue/${slug}`, { maxRedirects: 0 });
      if (answer.status() === 303) {
        const token = new URL(answer.headers()["location"] ?? "", "http://localhost").searchParams.get("paymentQueueToken");
        expect(token).toBeTruthy();
        return token!;
      }
      expect(answer.status()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`the waiting room of ${slug} admitted nobody within two minutes`);
  } finally {
    await visitor.dispose();
  }
}

/** The journeys' server (playwright.config.ts webServer, E2E_PORT). */
function testBaseUrl(): string {
  return `http://localhost:${Number(process.env["E2E_PORT"] ?? 3100)}`;
}

/** Lines `count` new visitors up in `slug`'s waiting room, each with a cookie jar of its own, so the next visitor waits behind them. */
export async function fillLine(slug: string, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      const visitor = await request.newContext({ baseURL: testBaseUrl() });
      try {
        const answer = await visitor.get(`/queue/${slug}`, { maxRedirects: 0 });
        expect([200, 303]).toContain(answer.status());
      } finally {
        await visitor.dispose();
      }
    }),
  );
}

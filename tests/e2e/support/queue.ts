import { expect, type Page } from "@playwright/test";

/**
 * A payment queue token for the shop `slug` (default northern-nights, the demo shop with a queue) as a visitor gets
 * one: the demo queue GET /demo-queue/{slug} answers 303 back to `/{slug}?paymentQueueToken=…`. Each opens one cart.
 */
export async function queueToken(page: Page, slug = "northern-nights"): Promise<string> {
  const admitted = await page.request.get(`/demo-queue/${slug}`, { maxRedirects: 0 });
  expect(admitted.status()).toBe(303);
  const token = new URL(admitted.headers()["location"] ?? "", "http://localhost").searchParams.get("paymentQueueToken");
  expect(token).toBeTruthy();
  return token!;
}

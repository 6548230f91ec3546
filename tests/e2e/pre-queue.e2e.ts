import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

/**
 * A fair start (spec §3 queueUrl): a visitor who arrives before the sale opens (provider state "a sale opens later")
 * sees the pre-queue page saying when it opens and that places are drawn by lot, in en, nl and es, axe-clean.
 */

const QUEUE = "/queue/northern-nights-sale";
const HEADINGS = {
  en: "The sale for Northern Nights 2027 ticket sale has not opened yet",
  nl: "De verkoop voor Northern Nights 2027 ticket sale is nog niet begonnen",
  es: "La venta de Northern Nights 2027 ticket sale aún no ha empezado",
} as const;

const opensIn = async (page: Page, opensInSeconds: number | null) => {
  const state = await page.request.post("/_pact/provider-states", { data: { state: "a sale opens later", params: { opensInSeconds } } });
  expect(state.ok()).toBe(true);
};

test.afterEach(async ({ page }) => {
  await opensIn(page, null);
});

test("a visitor before the opening sees the pre-queue page with the opening time in en, nl and es, axe-clean", async ({ page }) => {
  await opensIn(page, 3_600);
  for (const [locale, heading] of Object.entries(HEADINGS)) {
    await page.goto(`${QUEUE}?lang=${locale}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("time#opens-at")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `pre-queue in ${locale} at ${width}px`);
    }
  }
  // Still in the pre-queue on a reload: the place is an arrival until the opening.
  await page.reload();
  await expect(page.locator("time#opens-at")).toBeVisible();
});

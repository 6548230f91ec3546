import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

/**
 * A shop behind a waiting room (spec §3 queueUrl, §7, §8): a new visitor's first Add to cart goes through the waiting
 * room and back to the page they left with the press carried out, in the sale and the preview; no hydration error.
 */

/** Runs axe at 390 px and at 1280 px on the current state, ending at 1280 px. */
async function axeAtBothWidths(page: Page, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${state} at ${width}px`);
  }
}

for (const slug of ["northern-nights-sale", "northern-nights"]) {
  test(`${slug}: the first Add to cart goes through the waiting room and comes back to the tickets page with the ticket in the cart`, async ({ page }) => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${slug}/tickets`);
    const friday = page.getByRole("article", { name: "Friday ticket" });
    await expect(friday).toBeVisible();
    await axeAtBothWidths(page, `${slug} tickets before the queue`);

    const queueVisits: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === `/queue/${slug}`) queueVisits.push(request.url());
    });
    await friday.getByRole("button", { name: "One more" }).click();

    // Back from the waiting room: the tickets page again (not the overview), the token in the address, the press done.
    await expect(page).toHaveURL(new RegExp(`/${slug}/tickets\\?paymentQueueToken=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`), { timeout: 180_000 });
    expect(queueVisits.length).toBeGreaterThan(0);
    await expect(friday.getByText("1 in cart")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart: / })).not.toHaveAccessibleName("Cart: € 0,00");
    await axeAtBothWidths(page, `${slug} tickets back from the queue`);

    // A reload keeps the cart and does not press again.
    await page.reload();
    await expect(friday.getByText("1 in cart")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
}

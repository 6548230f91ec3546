import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { logInFromLoginScreen } from "./support/login.ts";

/**
 * The wishlist's unsaved-changes flag (spec §3 Cart, §4 Wishlist save) follows the cart against the saved wishlist: a
 * ticket added on the tickets page shows it on the wishlist, also after a reload; a saved wishlist shows none.
 */

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const SLUG = "lowlands-wishlist";
const UNSAVED = "You have unsaved changes: save your wishlist to keep them.";

/** Runs axe at 390 px and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

/** On the tickets page: One more camping ticket, until the stepper shows `count`. */
async function oneMoreCamping(page: Page, count: number): Promise<void> {
  const card = page.getByRole("article", { name: "Camping ticket 2028" });
  await card.getByRole("button", { name: "One more" }).click();
  await expect(card.getByRole("group").locator("output")).toHaveText(String(count));
}

test("a ticket added on the tickets page shows 'You have unsaved changes' on the wishlist, after a reload too; a save clears it", async ({ page }) => {
  await page.goto(`/${SLUG}/tickets`);
  await logInFromLoginScreen(page, "lucia@example.com", new RegExp(`/${SLUG}/tickets$`));
  const unsaved = page.getByText(UNSAVED);

  // A known saved wishlist first: one camping ticket, saved.
  await oneMoreCamping(page, 1);
  await page.goto(`/${SLUG}/checkout`);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await page.getByRole("button", { name: "Save wishlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Save wishlist" })).toBeVisible();
  await expect(unsaved).toHaveCount(0);

  // A second camping ticket on the tickets page, then the wishlist opened as a page of its own.
  await page.goto(`/${SLUG}/tickets`);
  await oneMoreCamping(page, 2);
  await page.goto(`/${SLUG}/checkout`);
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(unsaved).toBeVisible();
  await axeAtBothWidths(page, "wishlist with unsaved changes from the tickets page");

  // Still unsaved after a reload: the cart differs from the saved wishlist.
  await page.reload();
  await expect(unsaved).toBeVisible();

  // Saved: the flag goes, and stays gone after a reload.
  await page.getByRole("button", { name: "Save wishlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Save wishlist" })).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  await axeAtBothWidths(page, "saved wishlist");
});

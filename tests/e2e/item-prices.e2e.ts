import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

/**
 * The price on an item is the price in the cart (spec §2 Item screens, §9): a per-order service fee is stated beside
 * the price (Harbour Sounds); per-ticket service costs are included in it (Lowlands Lights).
 */

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

/** Runs axe at 390 px and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

test("Harbour Sounds: the weekend ticket states the € 2,50 service fee per order beside € 149,00, and the cart is € 151,50", async ({ page }) => {
  await page.goto("/harbour-sounds/tickets");
  const weekend = page.getByRole("article", { name: "Harbour weekend ticket" });
  const price = weekend.locator(".price");
  await expect(price).toContainText("€ 149,00");
  await expect(price).toContainText("+ € 2,50 service fee per order");
  await axeAtBothWidths(page, "harbour tickets with the fee beside the price");

  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
  await page.goto("/harbour-sounds/checkout");
  await expect(page.getByTestId("basket-total")).toHaveText("€ 151,50");
  await expectNoAxeViolations(page, "harbour checkout");
});

test("Lowlands Lights: the Saturday ticket's € 99,50 includes its service costs and is what the cart asks", async ({ page }) => {
  await page.goto("/lowlands-lights/tickets");
  const saturday = page.getByRole("article", { name: "Saturday ticket" });
  const price = saturday.locator(".price");
  await expect(price).toContainText("€ 99,50");
  await expect(price).toContainText("incl. € 5,00 service costs");
  await expect(price).not.toContainText("per order");
  await axeAtBothWidths(page, "lowlands tickets, all-in prices");

  await saturday.getByRole("button", { name: "Add to cart" }).click();
  await expect(saturday.getByText("1 in cart")).toBeVisible();
  await page.goto("/lowlands-lights/checkout");
  await expect(page.getByTestId("basket-total")).toHaveText("€ 99,50");
});

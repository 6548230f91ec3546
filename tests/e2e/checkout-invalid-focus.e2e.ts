import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { choose } from "./support/checkout.ts";

/**
 * A refused order names its fields where the visitor looks (spec §5, WCAG 3.3.1): a missing or too-young date of birth
 * moves focus to its first dropdown and brings it and its error into view, on a phone and on a desktop.
 */

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const LL = { slug: "lowlands-lights", headers: { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" } };

/** A cart with one weekend ticket made through the Shop API, remembered by the app (its cart cookie). */
async function cartWithWeekendTicket(page: Page): Promise<void> {
  const created = await page.request.post("/api/v2/carts", { headers: LL.headers, data: {} });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const put = await page.request.put(`/api/v2/carts/${id}/products`, { headers: LL.headers, data: { productId: "ll_ticket_weekend", quantity: 1 } });
  expect(put.ok()).toBe(true);
  await rememberCart(page, LL.slug, id);
}

/** Fills every checkout field but the date of birth, answers refund protection No and accepts the terms. */
async function fillAllButDateOfBirth(page: Page): Promise<void> {
  await page.locator("label", { hasText: "Female" }).click();
  await page.getByRole("textbox", { name: /First name/ }).fill("Sanne");
  await page.getByRole("textbox", { name: /Last name/ }).fill("de Vries");
  await page.getByRole("textbox", { name: /Email/ }).fill("sanne@example.org");
  await page.getByRole("textbox", { name: /Phone number/ }).fill("612345678");
  await page.getByRole("textbox", { name: /Street/ }).fill("Damrak");
  await page.getByRole("textbox", { name: /House number/ }).fill("1");
  await page.getByRole("textbox", { name: /Postal code/ }).fill("1012 LG");
  await page.getByRole("textbox", { name: /City/ }).fill("Amsterdam");
  await page.locator("label", { hasText: "No, thanks" }).click();
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await expect(page.getByRole("checkbox", { name: /terms and conditions/ })).toBeChecked();
}

const day = (page: Page) => page.locator(".date-of-birth").getByRole("button", { name: /\bDay\b/ });
const dobError = (page: Page) => page.locator(".date-of-birth .field-error");

test("at 390 px, Place order without a date of birth moves focus to the date of birth and brings its error into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await cartWithWeekendTicket(page);
  await page.goto(`/${LL.slug}/checkout`);
  await fillAllButDateOfBirth(page);
  const placeOrder = page.getByRole("button", { name: "Place order" });
  await placeOrder.click();

  await expect(day(page)).toBeFocused();
  await expect(day(page)).toBeInViewport();
  await expect(dobError(page)).toBeVisible();
  await expect(dobError(page)).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Payment method" })).toHaveCount(0);
  await expectNoAxeViolations(page, "checkout at 390 px, date of birth missing");
});

test("at 1280 px, a birth date in 2010 (under the shop's age rule) moves focus to the date of birth with the shop's age error in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await cartWithWeekendTicket(page);
  await page.goto(`/${LL.slug}/checkout`);
  await fillAllButDateOfBirth(page);
  await choose(page, page, "Day", "12");
  await choose(page, page, "Month", "April");
  await choose(page, page, "Year", "2010");
  // The visitor scrolls down to the button, far below the date of birth.
  const placeOrder = page.getByRole("button", { name: "Place order" });
  await placeOrder.scrollIntoViewIfNeeded();
  await placeOrder.click();

  await expect(day(page)).toBeFocused();
  await expect(day(page)).toBeInViewport();
  await expect(dobError(page)).toHaveText("You must be 18 or older on the first day of the festival to order tickets.");
  await expect(dobError(page)).toBeInViewport();
  await expectNoAxeViolations(page, "checkout at 1280 px, too young");

  // The same at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await placeOrder.scrollIntoViewIfNeeded();
  await placeOrder.click();
  await expect(day(page)).toBeFocused();
  await expect(day(page)).toBeInViewport();
  await expect(dobError(page)).toBeInViewport();
  await expectNoAxeViolations(page, "checkout at 390 px, too young");
});

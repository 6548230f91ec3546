import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle. The wishlist modal's spinner alone
// lasts a random 1 to 10 s (spec §4), which the journey simply waits out.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

const SLUG = "lowlands-wishlist";
const WIDTHS = [390, 1280] as const;

/** Sets the viewport to a phone (390 px) or a desktop (1280 px). */
const sizeTo = (page: Page, width: (typeof WIDTHS)[number]) => page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

/** Presses One more on the product card `name` until the stepper shows `count`. */
async function stepTo(page: Page, name: string, count: number) {
  const card = page.getByRole("article", { name });
  for (let n = 1; n <= count; n++) {
    await card.getByRole("button", { name: "One more" }).click();
    await expect(card.getByRole("group").locator("output")).toHaveText(String(n));
  }
}

test("pre-registration: a saved wishlist opens from the header's Wishlist button, spinner then the grouped table, and restores an emptied cart", async ({ page }) => {
  // spec §2 Route guards: the pre-registration sends an anonymous visitor to /login.
  await page.goto(`/${SLUG}/tickets`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("E-mail address").fill("anna@example.com");
  await page.getByLabel("Password").fill("festival");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets$`));

  // The wishlist: 2 weekend tickets and a locker (the shop's stepper updates the cart at once).
  await stepTo(page, "Weekend ticket 2028", 2);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 474,00");
  await page.goto(`/${SLUG}/extras`);
  await stepTo(page, "Locker 2028", 1);
  // spec §9: 2 × € 235,00 + € 15,00 + order service fee € 2,50 + wishlist fee € 1,50.
  await expect(page.getByTestId("cart-total")).toHaveText("€ 489,00");

  // spec §4 Wishlist save.
  await page.goto(`/${SLUG}/checkout`);
  await page.getByRole("button", { name: "Save wishlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();

  // A new cart starts (the cart cookie is gone): the header total is back to 0, the Wishlist button stays (spec §2 Header).
  await page.context().clearCookies({ name: `festival-shop.cart.${SLUG}` });
  await page.goto(`/${SLUG}`);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
  const wishlistButton = page.getByRole("banner").getByRole("button", { name: "Wishlist" });

  // The modal opens on a spinner (spec §4 "a spinner, then content after a random 1 to 10 s delay"); Escape closes it.
  await wishlistButton.click();
  const dialog = page.getByRole("dialog", { name: "Your wishlist" });
  await expect(dialog.getByRole("progressbar", { name: "Loading your wishlist" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Opened again: after the spinner, the products grouped as spec §2 lists them, with count, price and total.
  await wishlistButton.click();
  await expect(dialog.getByRole("progressbar", { name: "Loading your wishlist" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("wishlist-modal-spinner-1280.png") });
  const table = dialog.getByRole("table", { name: "Your wishlist" });
  await expect(table).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  const rows = table.getByRole("row");
  await expect(rows).toHaveText([
    /Product\s*Quantity\s*Price\s*Total/,
    "Tickets",
    /Weekend ticket 2028\s*2\s*€ 235,00\s*€ 470,00/,
    "Extras & other experiences",
    /Locker 2028\s*1\s*€ 15,00\s*€ 15,00/,
    /Service fee\s*€ 2,50/,
    /Wishlist fee\s*€ 1,50/,
    /Total\s*€ 489,00/,
  ]);

  for (const width of WIDTHS) {
    await sizeTo(page, width);
    await expect(table).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`wishlist-modal-${width}.png`) });
    await expectNoAxeViolations(page, `wishlist modal at ${width} px`);
  }

  // Restore my wishlist (pre-registration: the cart is the wishlist) fills the new cart; the modal closes and the header total comes back.
  await dialog.getByRole("button", { name: "Restore my wishlist" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 489,00");
  await expect(wishlistButton).toBeFocused();
  await page.goto(`/${SLUG}/checkout`);
  await expect(page.getByTestId("basket-total")).toHaveText("€ 489,00");
});

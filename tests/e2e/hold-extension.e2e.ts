import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { choose } from "./support/checkout.ts";

/**
 * A hold the visitor can extend (WCAG 2.2.1; spec §4 Countdown, §8 6002): a minute before the end the shop asks; More
 * time gives a fresh timeout, no answer ends in Time's up, no extensions left means no question.
 */

const SLUG = "lowlands-lights";

const weekendTile = (page: Page) => page.getByRole("article", { name: "Weekend ticket" });

/** Adds `quantity` weekend tickets on the tickets page and waits for the cart to hold them. */
async function addWeekendTickets(page: Page, quantity: number): Promise<void> {
  await choose(page, weekendTile(page), "Quantity", String(quantity));
  await weekendTile(page).getByRole("button", { name: "Add to cart" }).click();
  await expect(weekendTile(page).getByText(`${quantity} in cart`)).toBeVisible();
}

const moreTimeDialog = (page: Page) => page.getByRole("alertdialog", { name: "Do you need more time?" });
const timesUp = (page: Page) => page.getByRole("alertdialog").filter({ hasText: "Time's up" });

test("a visitor asked for more time extends with the keyboard and keeps shopping past the first time limit", async ({ page }) => {
  await page.clock.install();
  await page.goto(`/${SLUG}/tickets`);
  await addWeekendTickets(page, 1);

  // 14 min 10 s later: under a minute left, the shop asks, with More time focused.
  await page.clock.fastForward("14:10");
  const dialog = moreTimeDialog(page);
  await expect(dialog).toBeVisible();
  // About 50 s: the page's clock also runs on by itself while the tickets are added.
  await expect(dialog).toContainText(/Your order is held for 0:[1-5]\d more\./);
  await expect(dialog).toContainText("You can ask for more time 10 more times.");
  const moreTime = dialog.getByRole("button", { name: "More time" });
  await expect(moreTime).toBeFocused();
  await expectNoAxeViolations(page, "tickets, asked for more time");
  // Focus stays inside the dialog.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "No, thanks" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(moreTime).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);

  // A fresh 15 minutes: 9 minutes later (past the first limit) the bar shows about 6 minutes left and no Time's up.
  await page.clock.fastForward("09:00");
  const bar = page.locator(".countdown");
  await expect(bar).toHaveAttribute("data-phase", "Shown");
  await expect(bar).toContainText(/[56]:\d{2}/);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "tickets, after more time");

  // Shopping goes on in the same cart: a second weekend ticket.
  await choose(page, weekendTile(page), "Quantity", "2");
  await weekendTile(page).getByRole("button", { name: "Update cart" }).click();
  await expect(weekendTile(page).getByText("2 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 459,00");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});

test("a visitor who does not answer the question is told Time's up (6002) when the time runs out", async ({ page }) => {
  await page.clock.install();
  await page.goto(`/${SLUG}/tickets`);
  await addWeekendTickets(page, 1);
  await page.clock.fastForward("14:10");
  await expect(moreTimeDialog(page)).toBeVisible();

  // No answer: at zero the question gives way to the blocking Time's up message.
  await page.clock.fastForward("01:00");
  await expect(timesUp(page)).toBeVisible();
  await expect(moreTimeDialog(page)).toHaveCount(0);
  await expectNoAxeViolations(page, "tickets, Time's up after no answer");
  await timesUp(page).getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
});

test("a cart whose extensions are used up is not offered more time, and Time's up follows", async ({ page }) => {
  // The server extended this cart as often as the shop allows (the provider state), then it was left open.
  const state = await page.request.post("/_pact/provider-states", { data: { state: "a cart whose hold extensions are used up", params: { products: { ll_ticket_weekend: 2 } } } });
  expect(state.ok()).toBe(true);
  const { cartId } = (await state.json()) as { cartId: string };
  await rememberCart(page, SLUG, cartId);
  await page.clock.install();
  await page.goto(`/${SLUG}/tickets`);
  await expect(weekendTile(page).getByText("2 in cart")).toBeVisible();
  // The page is live (hydrated, its cart read) before the clock moves on.
  await page.waitForLoadState("networkidle");

  await page.clock.fastForward("14:10");
  await expect(page.locator(".countdown")).toHaveAttribute("data-phase", "Urgent");
  await expect(moreTimeDialog(page)).toHaveCount(0);
  await expectNoAxeViolations(page, "tickets, 50 s left, no extensions left");

  await page.clock.fastForward("01:00");
  await expect(timesUp(page)).toBeVisible();
});

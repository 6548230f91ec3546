import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, placeOrderAsVisitor, startIdealPayment } from "./support/checkout.ts";
import { logInOnProviderPage } from "./support/login.ts";

/**
 * A bounded hold (spec §4 Countdown, §5 Quantities, §8 5004, 6002): a cart whose payment is canceled as often as
 * allowed gives its tickets back; one account holds at most the cap across its carts.
 */

const SLUG = "lowlands-lights";

const weekendTile = (page: Page) => page.getByRole("article", { name: "Weekend ticket" });

/** Picks `quantity` weekend tickets on the tickets page and presses Add to cart. */
async function addWeekendTickets(page: Page, quantity: string): Promise<void> {
  await choose(page, weekendTile(page), "Quantity", quantity);
  await weekendTile(page).getByRole("button", { name: "Add to cart" }).click();
}

/** A second browser of its own (cookies, cart), with the cookie question answered as every journey's. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const { baseURL, storageState } = test.info().project.use;
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), ...(storageState ? { storageState } : {}) });
  return context.newPage();
}

test("a visitor whose payment is canceled three times loses the held ticket and is told Time's up (6002)", async ({ page }) => {
  await page.goto(`/${SLUG}/tickets`);
  await addWeekendTickets(page, "1");
  await expect(weekendTile(page).getByText("1 in cart")).toBeVisible();
  await page.goto(`/${SLUG}/checkout`);
  await placeOrderAsVisitor(page);

  for (const round of [1, 2, 3]) {
    await startIdealPayment(page);
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/paymentstatus\\?.*status=canceled`));
    if (round === 3) break;
    // Back to the checkout with the cart still held: the payment panel offers the methods again.
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("link", { name: /back/i }).click();
    await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  }

  // The third canceled payment ends the cart: its ticket went back, and the visitor is told Time's up.
  const timesUp = page.getByRole("alertdialog").filter({ hasText: "Time's up" });
  await expect(timesUp).toBeVisible();
  await expectNoAxeViolations(page, "payment status, bounded hold ended (6002)");
  await timesUp.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
});

test("an account that holds the ticket cap in one browser is told 5004 when it adds the same ticket in another", async ({ page, browser }) => {
  await page.goto(`/${SLUG}/tickets`);
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, "lucia@example.com", new RegExp(`/${SLUG}/tickets$`));
  await addWeekendTickets(page, "10");
  await expect(weekendTile(page).getByText("10 in cart")).toBeVisible();

  // The same account in another browser (another cart): one more weekend ticket is over the cap of 10.
  const other = await secondBrowser(browser);
  await other.goto(`/${SLUG}/tickets`);
  await other.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(other, "lucia@example.com", new RegExp(`/${SLUG}/tickets$`));
  await addWeekendTickets(other, "1");
  const tooMany = other.getByRole("dialog").filter({ hasText: "Too many tickets" });
  await expect(tooMany).toBeVisible();
  await expect(tooMany).toContainText("at most 10");
  await expectNoAxeViolations(other, "tickets, 5004 over the per-client cap");
  await tooMany.getByRole("button", { name: "Close" }).click();
  await expect(weekendTile(other).getByText(/in cart/)).toHaveCount(0);
  await other.context().close();

  // The first browser gives its tickets back, so the account holds nothing for later journeys.
  await choose(page, weekendTile(page), "Quantity", "None");
  await weekendTile(page).getByRole("button", { name: /Remove|Update cart/ }).click();
  await expect(weekendTile(page).getByText(/in cart/)).toHaveCount(0);
});

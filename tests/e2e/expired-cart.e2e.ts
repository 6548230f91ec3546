import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { choose } from "./support/checkout.ts";

/**
 * A visitor whose cart ran out of time (spec §2, §4 Countdown 6002, §9) shops again at once: told Time's up on the
 * first page, then tickets, cart and checkout work as for a new visit.
 */

const SLUG = "lowlands-lights";

/** Adds `quantity` weekend tickets on the tickets page with the quantity select and waits for the cart to hold them. */
async function addWeekendTickets(page: Page, quantity: number): Promise<void> {
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", String(quantity));
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText(`${quantity} in cart`)).toBeVisible();
}

/** The blocking Time's up message (6002) with its one Try again button. */
const timesUp = (page: Page) => page.getByRole("alertdialog").filter({ hasText: "Time's up" });

test("a visitor who comes back after the cart expired is told Time's up once and then shops normally", async ({ page }) => {
  // The tab was closed with 2 weekend tickets in the cart; meanwhile the cart's time ran out on the server (the
  // provider state moves its expiry into the past) while its id stays remembered in the cart cookie.
  const state = await page.request.post("/_pact/provider-states", { data: { state: "an expired cart", params: { products: { ll_ticket_weekend: 2 } } } });
  expect(state.ok()).toBe(true);
  const { cartId } = (await state.json()) as { cartId: string };
  await rememberCart(page, SLUG, cartId);

  // Back on the tickets page: sent to the overview, where the first thing said is Time's up.
  await page.goto(`/${SLUG}/tickets?utm_source=newsletter`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?utm_source=newsletter$`));
  await expect(timesUp(page)).toBeVisible();
  await expect(timesUp(page)).toContainText("Your order must be completed within 7 minutes.");
  await expectNoAxeViolations(page, "overview, expired cart, Time's up");
  await timesUp(page).getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");

  // Buy tickets now stays on tickets; the ticket goes into a new cart.
  await page.getByRole("link", { name: "Buy tickets" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets\\?utm_source=newsletter$`));
  await addWeekendTickets(page, 1);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 229,50");
  const cookies = await page.context().cookies();
  const remembered = cookies.find((c) => c.name === `festival-shop.cart.${SLUG}`)?.value;
  expect(remembered).toBeTruthy();
  expect(remembered).not.toBe(cartId);
  await expectNoAxeViolations(page, "tickets after Time's up");

  // A new visit (reload) keeps that cart, says nothing about time, and checkout opens.
  await page.reload();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 229,50");
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout`));
  await expect(page.getByTestId("basket-total")).toHaveText("€ 229,50");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "checkout after Time's up");
});

test("a visitor whose tab stayed open past the time limit is told Time's up and shops again from the overview", async ({ page }) => {
  await page.clock.install();
  await page.goto(`/${SLUG}/tickets`);
  await addWeekendTickets(page, 1);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 229,50");

  // The laptop slept for 16 minutes: the page's clock moves past the cart's 15 minutes.
  await page.clock.fastForward("16:00");
  await expect(timesUp(page)).toBeVisible();
  await expectNoAxeViolations(page, "tickets, Time's up after the page clock ran out");
  await timesUp(page).getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");

  await page.getByRole("link", { name: "Buy tickets" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets$`));
  await addWeekendTickets(page, 2);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 459,00");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "tickets, shopping again after Time's up");
});

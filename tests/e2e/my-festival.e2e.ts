import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, payOnTestProvider, startIdealPayment } from "./support/checkout.ts";
import { logInOnProviderPage } from "./support/login.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

const SLUG = "lowlands-lights";

/** Runs axe on the current screen at 390 and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string) {
  for (const width of [390, 1280] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

/** On the tickets page: puts `quantity` of the ticket `name` in the cart and goes to the checkout; places the order with the details prefilled from the account, ending on the payment panel. */
async function orderTickets(page: Page, name: string, quantity: string): Promise<void> {
  await page.goto(`/${SLUG}/tickets`);
  const ticket = page.getByRole("article", { name });
  await choose(page, ticket, "Quantity", quantity);
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  await expect(ticket.getByText(`${quantity} in cart`)).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout$`));
  // The details come from Sam's account (spec §3 profile prefill); the visitor answers refund protection and the terms.
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveValue("sam@example.com");
  await page.locator("label", { hasText: "No, thanks" }).click();
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
}

test("a logged-in visitor buys tickets, then finds the paid order and a pending one on My festival, with their add-on link, by mouse and by keyboard", async ({ page }) => {
  // Log in from the shop's header (spec §6 "Login is triggered from the profile icon").
  await page.goto(`/${SLUG}/tickets`);
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, "sam@example.com", new RegExp(`/${SLUG}/tickets$`));

  // A paid order of two weekend tickets.
  await orderTickets(page, "Weekend ticket", "2");
  await startIdealPayment(page);
  await payOnTestProvider(page);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  // A second order whose payment is still open on the provider's page: pending.
  await orderTickets(page, "Saturday ticket", "1");
  await startIdealPayment(page);
  await page.goto(`/${SLUG}`);

  // My festival from the profile menu of the header.
  await page.getByRole("banner").getByRole("button", { name: "Your account" }).click();
  await page.getByRole("menuitem", { name: "My festival" }).click();
  await expect(page).toHaveURL(/\/my-festival$/);
  await expect(page.getByRole("heading", { level: 1, name: "My festival" })).toBeVisible();
  await expect(page).toHaveTitle(/^My festival/);
  const orders = page.getByRole("list", { name: "Your orders" }).locator(":scope > li");
  // Newest first: the two orders just placed lead the list (other journeys may have placed older ones for Sam).
  await expect(orders.nth(1)).toBeVisible();

  const pending = orders.nth(0);
  await expect(pending.getByRole("heading", { level: 2, name: "Lowlands Lights" })).toBeVisible();
  await expect(pending).toContainText("Payment pending");
  await expect(pending.getByRole("list", { name: "Purchases of your Lowlands Lights order" })).toContainText("1 × Saturday ticket");

  const paid = orders.nth(1);
  await expect(paid).toContainText("Paid");
  await expect(paid.getByRole("list", { name: "Purchases of your Lowlands Lights order" }).getByRole("listitem")).toHaveText(["2 × Weekend ticket€ 459,00"]);
  await expect(paid.locator(".order-total")).toContainText("€ 459,00");
  await expect(paid).toContainText(/Order number \d{9}/);
  const addExtras = paid.getByRole("link", { name: /^Add extras to your Lowlands Lights order \d{9}$/ });
  await expect(addExtras).toHaveAttribute("href", new RegExp(`^/${SLUG}/traveladdon\\?cartToken=ct_[^&]+&orderNumber=\\d{9}$`));
  // A pending order has no number yet, and no add-on link to a dead end.
  await expect(pending).not.toContainText("Order number");
  await expect(pending.getByRole("link")).toHaveCount(0);
  // The demo orders have no open upgradable order: no upgrade link.
  await expect(page.getByRole("link", { name: /^Upgrade/ })).toHaveCount(0);
  await axeAtBothWidths(page, "My festival with a paid and a pending order");

  // Keyboard only: Tab reaches the paid order's add-on link, Enter follows it to the add-on lookup.
  await page.getByRole("heading", { level: 1, name: "My festival" }).click();
  let tabs = 0;
  while (!(await addExtras.evaluate((link) => link === document.activeElement)) && tabs < 40) {
    await page.keyboard.press("Tab");
    tabs += 1;
  }
  await expect(addExtras).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/traveladdon\\?cartToken=ct_[^&]+&orderNumber=\\d{9}$`));
});

test("a visitor who is not logged in is asked to log in on My festival, sees no orders, and comes back to it after logging in", async ({ page }) => {
  await page.goto("/my-festival");
  await expect(page.getByRole("heading", { level: 1, name: "My festival" })).toBeVisible();
  await expect(page.getByText("Log in to see your orders.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your orders" })).toHaveCount(0);
  await axeAtBothWidths(page, "My festival, logged out");
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, "lucia@example.com", /\/my-festival$/);
  await expect(page.getByRole("progressbar", { name: "Loading your orders" })).toHaveCount(0);
  await expect(page.getByText("Log in to see your orders.")).toHaveCount(0);
  await axeAtBothWidths(page, "My festival after logging in");
});

test("anna sees her order numbers on My festival, including 246813579, follows Add extras into the add-on shop with that order loaded, and finds the locker she adds listed on that order", async ({ page }) => {
  const SEEDED = "246813579";
  const EXTRAS = "lowlands-extras";
  await page.goto("/my-festival");
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, "anna@example.com", /\/my-festival$/);
  const orders = page.getByRole("list", { name: "Your orders" }).locator(":scope > li");
  const seeded = orders.filter({ hasText: `Order number ${SEEDED}` });
  await expect(seeded).toHaveCount(1);
  await expect(seeded.getByRole("heading", { level: 2, name: "Lowlands Lights extras" })).toBeVisible();
  await expect(seeded.getByRole("list", { name: "Purchases of your Lowlands Lights extras order" })).toContainText("2 × Sunday day ticket");
  // Every paid order shows its number (spec §6); the header leads back to the shops and holds the account menu.
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "All festivals" })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("button", { name: "Your account" })).toBeVisible();
  await axeAtBothWidths(page, "My festival with anna's orders and their numbers");

  // Add extras opens the add-on shop with the order loaded by its cart token (no lookup to type).
  await seeded.getByRole("link", { name: `Add extras to your Lowlands Lights extras order ${SEEDED}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${EXTRAS}/extras\\?cartToken=ct_[^&]+&orderNumber=${SEEDED}$`));
  await expect(page.getByText(`You are adding extras to order #${SEEDED}.`)).toBeVisible();
  await axeAtBothWidths(page, "the add-on shop's extras for order 246813579");

  // A locker added to that order and paid.
  const locker = page.getByRole("article", { name: "Festival locker" });
  await choose(page, locker, "Quantity", "1");
  await locker.getByRole("button", { name: "Add to cart" }).click();
  await expect(locker.getByText("1 in cart")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveValue("anna@example.com");
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  await startIdealPayment(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${EXTRAS}/paymentstatus\\?.*status=completed`));
  await expect(page.getByText(`Your order number: #${SEEDED}`)).toBeVisible();

  // Back on My festival: the locker is listed on order 246813579, and is no order of its own.
  await page.goto("/my-festival");
  await expect(seeded.getByRole("list", { name: "Purchases of your Lowlands Lights extras order" })).toContainText(/\d+ × Festival locker/);
  await expect(orders.filter({ hasText: "Festival locker" })).toHaveCount(1);
  await axeAtBothWidths(page, "My festival with the locker on its order");

  // The header's way back to the shops.
  await banner.getByRole("link", { name: "All festivals" }).click();
  await expect(page).toHaveURL(/\/$/);
});

import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, startIdealPayment } from "./support/checkout.ts";
import { logInFromLoginScreen } from "./support/login.ts";

/**
 * The add-on shop (spec §1 sale modes, §2, §3 Previous order, §5 Order number lookup): a completed order is found by
 * number and e-mail, an extra is added and paid, and the order then shows it.
 */

const SLUG = "lowlands-extras";
const EMAIL = "anna@example.com";

/** On the test provider's page: pays and ends on the add-on shop's completed payment status page; answers the order number it shows. */
async function payAndReadOrderNumber(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/paymentstatus\\?.*status=completed`));
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const text = await page.getByText(/^Your order number: #\d{9}$/).textContent();
  return text!.replace(/\D/g, "");
}

/** On the checkout with the cart filled: the details come from Anna's account; accepts the terms, places the order and starts paying with iDEAL. */
async function placeAndStartPaying(page: Page): Promise<void> {
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveValue(EMAIL);
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  await startIdealPayment(page);
}

/** On the overview's order lookup screen: looks up `orderNumber` with Anna's e-mail; answers the found order's card. */
async function lookUp(page: Page, orderNumber: string) {
  const screen = page.getByRole("region", { name: "Add extras to your order" });
  await screen.getByRole("textbox", { name: /Order number/ }).fill(orderNumber);
  await screen.getByRole("textbox", { name: /E-mail address/ }).fill(EMAIL);
  await screen.getByRole("button", { name: "Find my order" }).click();
  const order = screen.getByRole("list", { name: "Orders found" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Order #${orderNumber}` }) });
  await expect(order).toBeVisible();
  return order;
}

test("the add-on shop finds a completed order by its number and e-mail, adds a paid extra to it, and shows it on the order and under Previous orders", async ({ page }) => {
  test.setTimeout(240_000);
  // The chooser lists the add-on shop; it needs a login (spec §2 Route guards).
  await page.goto("/");
  await page.getByRole("link", { name: /Lowlands Lights 2027 extras for your order/ }).click();
  await logInFromLoginScreen(page, EMAIL, new RegExp(`/${SLUG}$`));
  await expect(page.getByRole("region", { name: "Add extras to your order" })).toBeVisible();
  await expectNoAxeViolations(page, "add-on shop overview with the order lookup screen");

  // A first order in the shop: a day ticket, paid with the test provider. No earlier insurance, so the refund question
  // counts as answered (spec §4 Refund choice).
  await page.goto(`/${SLUG}/tickets`);
  const ticket = page.getByRole("article", { name: "Sunday day ticket" });
  await choose(page, ticket, "Quantity", "1");
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  await expect(ticket.getByText("1 in cart")).toBeVisible();
  await page.goto(`/${SLUG}/checkout`);
  await placeAndStartPaying(page);
  const orderNumber = await payAndReadOrderNumber(page);
  await expectNoAxeViolations(page, "payment status with the order number");

  // The lookup screen: a wrong e-mail finds nothing, the order's own finds it with its purchase.
  await page.goto(`/${SLUG}`);
  const screen = page.getByRole("region", { name: "Add extras to your order" });
  await screen.getByRole("textbox", { name: /Order number/ }).fill(orderNumber);
  await screen.getByRole("textbox", { name: /E-mail address/ }).fill("someone.else@example.com");
  await screen.getByRole("button", { name: "Find my order" }).click();
  await expect(screen.getByText("No order found with this order number and e-mail address.")).toBeVisible();
  await expectNoAxeViolations(page, "order lookup: no order");
  const order = await lookUp(page, orderNumber);
  await expect(order).toContainText("1 × Sunday day ticket · € 89,00");
  await expectNoAxeViolations(page, "order lookup: the order found");

  // Adding extras to it: the extras page names the order; the add-on modal opens on its spinner.
  await order.getByRole("button", { name: `Add extras to order #${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/extras\\?.*cartToken=ct_`));
  await expect(page.getByText(`You are adding extras to order #${orderNumber}.`)).toBeVisible();
  await page.getByRole("button", { name: "Find your order" }).click();
  const modal = page.getByRole("dialog", { name: "Add to an earlier order" });
  await expect(modal.getByRole("progressbar", { name: "Loading…" })).toBeVisible();
  await expectNoAxeViolations(page, "add-on modal waiting");
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(modal).toHaveCount(0);
  const parking = page.getByRole("article", { name: "Parking ticket" });
  await choose(page, parking, "Quantity", "1");
  await parking.getByRole("button", { name: "Add to cart" }).click();
  await expect(parking.getByText("1 in cart")).toBeVisible();
  await expectNoAxeViolations(page, "extras for the earlier order");

  // Paid like any cart; the add-on cart carries the order's cart token, and the status page names the same order.
  const ordered = page.waitForResponse((r) => /\/api\/v2\/carts\/[^/]+\/orders$/.test(r.url()) && r.request().method() === "POST");
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.getByTestId("basket-total")).toHaveText("€ 26,00");
  await placeAndStartPaying(page);
  expect((await ordered).request().headers()["x-cart-token"]).toMatch(/^ct_/);
  expect(await payAndReadOrderNumber(page)).toBe(orderNumber);

  // The order now shows the extra, on the lookup screen and under Previous orders in the header.
  await page.goto(`/${SLUG}`);
  const again = await lookUp(page, orderNumber);
  await expect(again).toContainText("1 × Sunday day ticket · € 89,00");
  await expect(again).toContainText("1 × Parking ticket · € 25,00");
  await expectNoAxeViolations(page, "order lookup: the order with its extra");
  await page.getByRole("banner").getByRole("button", { name: "Previous orders" }).click();
  const previous = page.getByRole("dialog", { name: "Previous orders" });
  await expect(previous.getByRole("heading", { name: `#${orderNumber}` })).toBeVisible();
  await expect(previous).toContainText("1 × Sunday day ticket · € 89,00");
  await expect(previous).toContainText("1 × Parking ticket · € 25,00");
  await expectNoAxeViolations(page, "Previous orders in the header");
});

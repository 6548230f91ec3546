import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, startIdealPayment } from "./support/checkout.ts";
import { logInFromLoginScreen } from "./support/login.ts";
import { caughtMail, openMail } from "./support/mail.ts";

/**
 * The shop's mail (docs/mail.md; spec §9 "The confirmation e-mail is expected within 2 hours"): what a paid order and
 * the add-on waiting list send arrives in the mail catcher that npm start runs, reads as an accessible page, and its
 * links bring the visitor back to their order.
 */

/** Pays on the test provider's page and answers the order number the payment status page of `slug` shows. */
async function payAndReadOrderNumber(page: Page, slug: string): Promise<string> {
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/paymentstatus\\?.*status=completed`));
  const text = await page.getByText(/^Your order number: #\d{9}$/).textContent();
  return text!.replace(/\D/g, "");
}

test("a paid order's confirmation arrives in the catcher, and its add-on link opens the add-on shop with the order", async ({ page }) => {
  test.setTimeout(240_000);
  const slug = "lowlands-extras";
  const email = "anna@example.com";
  await page.goto("/");
  await page.getByRole("link", { name: /Lowlands Lights 2027 extras for your order/ }).click();
  await logInFromLoginScreen(page, email, new RegExp(`/${slug}$`));
  await page.goto(`/${slug}/tickets`);
  const ticket = page.getByRole("article", { name: "Sunday day ticket" });
  await choose(page, ticket, "Quantity", "2");
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  await expect(ticket.getByText("2 in cart")).toBeVisible();
  await page.goto(`/${slug}/checkout`);
  await expect(page.getByRole("textbox", { name: /^Email/ })).toHaveValue(email);
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  await startIdealPayment(page);
  const orderNumber = await payAndReadOrderNumber(page, slug);

  // The confirmation: order number, lines with prices, total (spec §1 money), and the order's links.
  const mail = await caughtMail(page.request, email, `Your order #${orderNumber} for Lowlands Lights extras`);
  expect(mail.headers["content-language"]).toBe("en");
  expect(mail.text).toContain("2 × Sunday day ticket  € 178,00");
  expect(mail.text).toMatch(/Total {2}€ \d{3},\d{2}/);
  await openMail(page, mail);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByRole("table", { name: `Order #${orderNumber}` }).getByRole("row", { name: /Sunday day ticket/ })).toContainText("€ 178,00");
  await expect(page.getByRole("link", { name: "Look up your order" })).toHaveAttribute("href", /\/lowlands-extras$/);
  await expect(page.getByRole("link", { name: "My festival" })).toHaveAttribute("href", /\/my-festival$/);
  await expectNoAxeViolations(page, "the order confirmation mail");

  // Its add-on link opens the add-on shop's extras with this order chosen: nothing to look up.
  await page.getByRole("link", { name: `Add extras to order #${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/extras\\?cartToken=ct_[^&]+&orderNumber=${orderNumber}$`));
  await expect(page.getByText(`You are adding extras to order #${orderNumber}.`)).toBeVisible();
  await expectNoAxeViolations(page, "the add-on shop opened from the confirmation mail");
});

test("a waiting-list offer mail arrives after a restock, and its link adds the reserved extra to the earlier order", async ({ page }) => {
  test.setTimeout(180_000);
  // The demo order #123456789 (Sam Visser, Hotel De Duinen) waits alone for the sold-out towel (provider states,
  // docs/provider-states.md); then an operator puts one back on sale and the line is served first.
  const waiting = await page.request.post("/_pact/provider-states", { data: { state: "an add-on on the waiting list", params: { reference: "123456789" } } });
  expect(waiting.ok()).toBe(true);
  const since = Date.now();
  const restock = await page.request.post("/_pact/provider-states", { data: { state: "an add-on comes back in stock", params: { extraId: "ll_merch_towel", units: 1 } } });
  expect(restock.ok()).toBe(true);

  const mail = await caughtMail(page.request, "sam.visser@example.com", "Festival beach towel is reserved for you", since);
  expect(mail.text).toMatch(/It stays reserved until \d{1,2} \w+ \d{4} at \d{2}:\d{2} CET\./);
  await openMail(page, mail);
  await expect(page.getByRole("heading", { level: 1, name: "Your add-on is reserved" })).toBeVisible();
  await expectNoAxeViolations(page, "the add-on offer mail");

  // The link opens the hotel's add-ons of the order with the towel reserved; one press adds it to the order's add-on cart.
  await page.getByRole("link", { name: "Add Festival beach towel to my order" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/traveladdon\/hotel-de-duinen\?cartToken=ct_demo_4b8e2f6a1c9d&orderNumber=123456789$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeVisible();
  const towel = page.getByRole("region", { name: "Sold out" }).getByRole("listitem", { name: "Festival beach towel" });
  await expect(towel.getByRole("status")).toHaveText(/^Festival beach towel is reserved for you until \d{2}:\d{2}/);
  await expectNoAxeViolations(page, "the hotel's add-ons opened from the offer mail");
  await towel.getByRole("button", { name: "Add to my order" }).click();
  await expect(page.getByTestId("travel-booking").getByRole("row", { name: /Festival beach towel/ })).toContainText("€ 24,95");
  await expectNoAxeViolations(page, "the reserved towel in the order's add-on cart");
});

import { expect, type Page, test } from "@playwright/test";
import { choose, payWithIdeal, placeOrderAsVisitor } from "./support/checkout.ts";
import { DEMO_CATALOGUE } from "../../server/catalogue/demo-catalogue.ts";

const SHOP_HEADERS = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };

async function weekendStock(page: Page): Promise<number> {
  const response = await page.request.get("/api/v2/products", { headers: SHOP_HEADERS });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Array<{ id: string; stock: number }> };
  return data.find((p) => p.id === "ll_ticket_weekend")!.stock;
}

test("a visitor buys 2 weekend tickets end to end and the cart is confirmed with stock lowered by 2", async ({ page }) => {
  const stockBefore = await weekendStock(page);

  // Event chooser lists every shop of the demo catalogue (one in preview mode).
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Choose your event" })).toBeVisible();
  await expect(page.locator(".shop-card")).toHaveCount(DEMO_CATALOGUE.length);
  await expect(page.getByText("Preview")).toBeVisible();
  await page.getByRole("link", { name: /Lowlands Lights 2027$/ }).click();

  // Shop overview -> tickets.
  await expect(page).toHaveURL(/\/lowlands-lights$/);
  await page.getByRole("link", { name: "Buy tickets" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/tickets$/);

  // A sold-out ticket shows a disabled button.
  const sunday = page.getByRole("article", { name: "Sunday ticket" });
  await expect(sunday.getByRole("button", { name: "Sold out" })).toBeDisabled();

  // Add 2 weekend tickets with the select.
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "2");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("2 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 459,00");
  expect(await weekendStock(page)).toBe(stockBefore - 2);

  // The cart id survives a reload.
  await page.reload();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 459,00");

  // Checkout: basket groups and fee rows.
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/checkout$/);
  const basket = page.locator(".basket");
  await expect(basket.getByRole("heading", { name: "Tickets" })).toBeVisible();
  await expect(basket.getByRole("row", { name: /Weekend ticket/ })).toContainText("€ 215,00");
  await expect(basket.getByRole("row", { name: /Weekend ticket/ })).toContainText("€ 430,00");
  await expect(basket.getByRole("row", { name: /Service fee/ })).toContainText("€ 20,00");
  await expect(basket.getByRole("row", { name: /Entertainment tax/ })).toContainText("€ 9,00");
  await expect(page.getByTestId("basket-total")).toHaveText("€ 459,00");

  // Placing the order with an empty form shows which fields and why.
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fix the errors in the form" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Accept the terms and conditions" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /First name/ })).toHaveAttribute("aria-invalid", "true");

  // Fill the form, answer the refund question, accept the terms, tick the newsletter box, place the order.
  await placeOrderAsVisitor(page, undefined, { newsletter: true });

  // Changing the details and placing the order again does not subscribe the same e-mail a second time.
  const resubscriptions: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/newsletter/subscriptions") && request.method() === "POST") resubscriptions.push(request.url());
  });
  await page.getByRole("button", { name: "Change your details" }).click();
  await expect(page.getByRole("checkbox", { name: /newsletter/ })).toBeChecked();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("button", { name: "Place order" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  expect(resubscriptions).toEqual([]);

  // Payment methods panel -> choose a method -> pay on the provider's page named by the order answer.
  await expect(page).toHaveURL(/[?&]cart=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/[?&]provider=test/);
  await payWithIdeal(page);

  // Back on the payment status page, completed.
  await expect(page).toHaveURL(/\/lowlands-lights\/paymentstatus\?.*status=completed/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const cartId = new URL(page.url()).searchParams.get("cart")!;

  // The cart is confirmed in the database and the stock stays 2 lower.
  const cartResponse = await page.request.get(`/api/v2/carts/${cartId}`, { headers: SHOP_HEADERS });
  expect(((await cartResponse.json()) as { data: { status: string } }).data.status).toBe("confirmed");
  expect(await weekendStock(page)).toBe(stockBefore - 2);
});

import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { placeOrderAsVisitor } from "./support/checkout.ts";

/**
 * The basket screen (spec §2 Basket screen, §3 Basket line view `maxAmount`, `hideButtons`, `showRemoveButton`; §7
 * PUT /carts/{cartId}/vouchers): lines editable in place, 'Shipping cost' said once, and after a voucher the rows add
 * up to the total with a discount row.
 */

const SLUG = "lowlands-lights";

/** Euro text ("€ 1.234,50", "− € 5,00") to cents. */
const cents = (text: string): number => Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);

/** The amount in the last cell of a basket row (a line's total, a fee, the total), in cents; a discount row counts negative. */
async function rowAmount(row: Locator): Promise<number> {
  const text = (await row.locator("td").last().innerText()).trim();
  return text.startsWith("−") ? -cents(text) : cents(text);
}

/** What the basket's rows add up to: every line's total, every fee row, and the discount block when shown (its subtotal replaced by the discounts). */
async function basketSum(page: Page): Promise<number> {
  const basket = page.locator(".basket");
  let sum = 0;
  for (const row of await basket.locator(".basket-group tbody tr").all()) sum += await rowAmount(row);
  for (const row of await basket.locator("table.fees tbody tr:not(.total):not(.subtotal):not(.discount)").all()) sum += await rowAmount(row);
  for (const row of await basket.locator("table.fees tr.discount").all()) sum += await rowAmount(row);
  return sum;
}

test("a visitor changes basket lines in place, sees 'Shipping cost' once, and after a voucher the basket adds up with a discount row", async ({ page }) => {
  const state = await page.request.post("/_pact/provider-states", {
    data: { state: "a cart", params: { products: { ll_ticket_weekend: 2, ll_cap_onesize: 1 }, shippingCountry: "NL" } },
  });
  expect(state.ok()).toBe(true);
  await rememberCart(page, SLUG, ((await state.json()) as { cartId: string }).cartId);
  await page.goto(`/${SLUG}/checkout`);
  const basket = page.locator(".basket");
  const weekend = basket.getByRole("row", { name: /Weekend ticket/ });
  await expect(weekend).toContainText("€ 430,00");
  await expect(page.getByTestId("basket-total")).toHaveText("€ 484,94");

  // 'Shipping cost' once: the basket's row (spec §8), not again under the country selector.
  await expect(page.getByText(/Shipping cost/)).toHaveCount(1);
  await expect(basket.getByRole("row", { name: /Shipping cost/ })).toContainText("€ 5,99");
  await expectNoAxeViolations(page, "checkout, basket with in-place controls");

  // One more weekend ticket, then one less, from the basket line itself.
  await weekend.getByRole("button", { name: "One more Weekend ticket" }).click();
  await expect(weekend.getByRole("group", { name: "Quantity of Weekend ticket" })).toContainText("3");
  await expect(weekend).toContainText("€ 645,00");
  await expect(page.getByTestId("cart-total")).toHaveText(await page.getByTestId("basket-total").innerText());
  await weekend.getByRole("button", { name: "One less Weekend ticket" }).click();
  await expect(weekend).toContainText("€ 430,00");
  expect(await basketSum(page)).toBe(cents(await page.getByTestId("basket-total").innerText()));

  // Removing the cap takes its group and the shipping row away; focus goes to the basket's heading, not to <body>.
  await basket.getByRole("button", { name: "Remove Lowlands Lights cap" }).click();
  await expect(basket.getByRole("heading", { name: "Merchandise" })).toHaveCount(0);
  await expect(basket.getByRole("row", { name: /Shipping cost/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your order" })).toBeFocused();
  await expect(page.getByTestId("basket-total")).toHaveText("€ 459,00");
  await expectNoAxeViolations(page, "checkout, a line removed");

  // Place the order and apply SUMMER10 (10 % off): the basket shows the subtotal and the voucher's discount row, and
  // its rows add up to the total the visitor pays.
  await placeOrderAsVisitor(page, "basket@example.org");
  await page.getByRole("textbox", { name: "Voucher code" }).fill("SUMMER10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Voucher SUMMER10 applied.")).toBeVisible();
  await expect(page.getByTestId("basket-total")).toHaveText("€ 413,10");
  await expect(basket.getByRole("row", { name: /Subtotal/ })).toContainText("€ 459,00");
  await expect(basket.getByRole("row", { name: /Voucher discount/ })).toContainText("€ 45,90");
  expect(await basketSum(page)).toBe(cents(await page.getByTestId("basket-total").innerText()));
  await expect(page.locator(".payment-total")).toContainText("€ 413,10");
  await expectNoAxeViolations(page, "checkout, voucher applied");

  // Looked at by a person (not asserted): the basket with the discount at 1280 and 390 px.
  await basket.screenshot({ path: "/tmp/visitor-a-shots/basket-voucher-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await basket.screenshot({ path: "/tmp/visitor-a-shots/basket-voucher-390.png" });
  await expectNoAxeViolations(page, "checkout, voucher applied, 390 px");
});

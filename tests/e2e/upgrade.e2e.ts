import { expect, type Page, test } from "@playwright/test";
import { payWithIdeal, placeOrderAsVisitor } from "./support/checkout.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

/**
 * The upgrade of an earlier order from its e-mail link (spec §1, §2 /{slug}/upgrade, §3 upgradableOrder, §8 4002-4006,
 * §9), with axe at 390 and 1280 px on each state.
 */

const LINK_QUERY = "idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-7d41c2e9b05f";
const DEMO_LINK = `/lowlands-lights/upgrade?${LINK_QUERY}`;

/** Runs axe at 390 px and at 1280 px on the current state, ending at 1280 px. */
async function axeAtBothWidths(page: Page, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoAxeViolations(page, `${state} at ${width}px`);
  }
}

/** Waits for the screen's h1 and for no spinner. */
async function settled(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator(".spinner")).toHaveCount(0, { timeout: 30_000 });
}

test("a link without an order id or access id, or with an unknown order, shows its upgrade error", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.goto("/lowlands-lights/upgrade");
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "No valid order number" })).toBeVisible();
  await axeAtBothWidths(page, "4005 no order id");

  await page.goto("/lowlands-lights/upgrade?idt_oss_order_id=LL-UPG-2027-0001");
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "No valid access code" })).toBeVisible();
  await axeAtBothWidths(page, "4006 no access id");

  await page.goto("/lowlands-lights/upgrade?idt_oss_order_id=LL-UPG-UNKNOWN&access_id=acc-7d41c2e9b05f");
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Order not found" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Click the link in the e-mail again");
  // No shop frame without the shop config: the site's header and a link home (spec §2 Error page).
  await expect(page.getByRole("banner")).toContainText("Language");
  await expect(page.getByRole("link", { name: "Go to the homepage" })).toHaveAttribute("href", "/");
  await axeAtBothWidths(page, "4003 order not found");
});

test("from the e-mail link: choose an upgrade, see it first in the basket with the discount off the total, pay; a second device's upgrade of the order is then refused with 4002, and the link says it is processed", async ({ page, browser }) => {
  test.setTimeout(420_000);
  // Server-rendered in upgrade mode: the order's upgrade choices are in the first paint, before any JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const firstPaint = await noScript.newPage();
  await firstPaint.goto(DEMO_LINK);
  await expect(firstPaint.getByRole("heading", { level: 1, name: "Upgrade your order" })).toBeVisible();
  await expect(firstPaint.getByRole("radiogroup", { name: "Your 2 weekend tickets" }).getByText("Add camping")).toBeVisible();
  await noScript.close();
  const problems: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.goto(DEMO_LINK);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade your order" })).toBeVisible();
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeDisabled();
  // skipTravel and skipBus: no travel or transportation step in the progress bar.
  const steps = page.getByRole("navigation", { name: "Steps of your order" });
  await expect(steps.getByRole("link", { name: /Travel/ })).toHaveCount(0);
  await expect(steps.getByRole("link", { name: /Transport/ })).toHaveCount(0);
  await axeAtBothWidths(page, "upgrade screen, no choice");

  const group = page.getByRole("radiogroup", { name: "Your 2 weekend tickets" });
  await group.locator("label", { hasText: "Add camping" }).click();
  await expect(page.getByRole("radio", { name: /Add camping/ })).toBeChecked();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 39,50");
  await expect(next).toBeEnabled();
  await axeAtBothWidths(page, "upgrade screen, camping chosen");
  // The server's HTML and the browser's first render agree (a mismatch is a console error).
  expect(problems).toEqual([]);

  await next.click();
  // The next step of the flow (memberships come after upgrades), the link's query kept (spec §2 Routes).
  await expect(page).toHaveURL(/\/lowlands-lights\/membership\?idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-7d41c2e9b05f$/);

  await page.goto(`/lowlands-lights/checkout?${LINK_QUERY}`);
  await settled(page);
  const basket = page.locator(".basket");
  await expect(basket.locator(".basket-group h3").first()).toHaveText("Upgrades");
  await expect(basket.locator("tr[data-product-id='ll_upgrade_camping']")).toContainText("€ 49,50");
  await expect(page.getByRole("row", { name: /Discount/ })).toContainText("€ 10,00");
  await expect(page.getByTestId("basket-total")).toHaveText("€ 39,50");
  // Refund protection sits above the total in upgrade mode (spec §2 Basket screen), with the order's checkoutText.
  await expect(basket.getByRole("radiogroup", { name: /refund protection/i })).toBeVisible();
  await expect(page.getByText("Your upgrade is added to order LL-UPG-2027-0001")).toBeVisible();
  await axeAtBothWidths(page, "basket in upgrade mode");

  // The same e-mail link opened on a second device: another upgrade cart of the order, ordered up to the payment choice.
  const secondDevice = await browser.newContext();
  const second = await secondDevice.newPage();
  await second.setViewportSize({ width: 1280, height: 844 });
  await second.goto(DEMO_LINK);
  await settled(second);
  await second.getByRole("radiogroup", { name: "Your 2 weekend tickets" }).locator("label", { hasText: "VIP" }).click();
  await expect(second.getByRole("radio", { name: /VIP/ })).toBeChecked();
  await second.goto(`/lowlands-lights/checkout?${LINK_QUERY}`);
  await settled(second);
  await placeOrderAsVisitor(second, "sanne.second@example.org");

  await placeOrderAsVisitor(page);
  await payWithIdeal(page);
  await settled(page);
  await axeAtBothWidths(page, "payment status completed");

  // The order is upgraded now: the second device's upgrade is refused when it pays, with the spec's 4002 text (spec §8).
  await second.locator("label", { hasText: "iDEAL" }).click();
  await second.getByRole("button", { name: "Pay now" }).click();
  const refused = second.getByRole("dialog");
  await expect(refused).toHaveAttribute("data-code", "4002");
  await expect(refused).toContainText("This order has been upgraded already");
  await expect(refused).toContainText("Click the link in the e-mail again");
  expect(second.url()).toContain("/lowlands-lights/checkout");
  await axeAtBothWidths(second, "second upgrade refused with 4002");
  await second.screenshot({ path: "/tmp/gates-b-shots/upgrade-4002-1280.png" });
  await second.setViewportSize({ width: 390, height: 844 });
  await second.screenshot({ path: "/tmp/gates-b-shots/upgrade-4002-390.png" });
  await secondDevice.close();

  await page.goto(DEMO_LINK);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "This order has been upgraded already" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the homepage" })).toBeVisible();
  await axeAtBothWidths(page, "4002 order processed");
});

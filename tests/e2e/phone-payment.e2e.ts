import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { payOnTestProvider, placeOrderAsVisitor } from "./support/checkout.ts";

/**
 * On a phone (390 × 844 px) the payment panel that follows Place order (spec §4 Order button and payment panel) is in
 * view: its heading has the focus and is visible, not under the sticky header or the bottom navigation bar (spec §2
 * Header, bottom navigation), and Pay now is reached and visible too.
 */

const SLUG = "lowlands-lights";

/** True when `target`'s box lies inside the viewport, below the sticky header and above the bottom bar, and the element found at its centre is `target` itself (nothing covers it). */
async function clearlyInView(page: Page, target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const header = document.querySelector(".header")?.getBoundingClientRect();
    const bottomBars = [...document.querySelectorAll(".bottom-nav, .countdown")].map((bar) => bar.getBoundingClientRect()).filter((bar) => bar.height > 0);
    const top = header ? header.bottom : 0;
    const bottom = Math.min(window.innerHeight, ...bottomBars.map((bar) => bar.top));
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.top >= top && box.bottom <= bottom && atCentre !== null && (atCentre === el || el.contains(atCentre));
  });
}

test("on a phone, after Place order the payment panel is in view with its heading focused, and Pay now is reached and visible", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const state = await page.request.post("/_pact/provider-states", { data: { state: "a cart", params: { products: { ll_ticket_weekend: 2 } } } });
  expect(state.ok()).toBe(true);
  await rememberCart(page, SLUG, ((await state.json()) as { cartId: string }).cartId);
  await page.goto(`/${SLUG}/checkout`);
  await expect(page.getByTestId("basket-total")).toHaveText("€ 459,00");

  await placeOrderAsVisitor(page, "phone@example.org");
  const heading = page.getByRole("heading", { name: "Payment method" });
  await expect(heading).toBeFocused();
  await expect.poll(() => clearlyInView(page, heading)).toBe(true);
  await expectNoAxeViolations(page, "checkout at 390 px, payment panel after Place order");
  await page.screenshot({ path: "/tmp/visitor-a-shots/payment-panel-390.png" });

  // The methods follow the heading: iDEAL with the keyboard, then Tab to Pay now, which is scrolled into view clear of the bars.
  let presses = 0;
  const ideal = page.getByRole("radio", { name: "iDEAL" });
  while (!(await page.getByRole("radio").first().evaluate((el) => el === document.activeElement)) && presses < 10) {
    await page.keyboard.press("Tab");
    presses++;
  }
  for (let i = 0; i < 10 && !(await ideal.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(ideal).toBeChecked();
  const payNow = page.getByRole("button", { name: "Pay now" });
  for (; presses < 20 && !(await payNow.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press("Tab");
  await expect(payNow).toBeFocused();
  expect(presses, "Tab presses from the panel's heading to Pay now").toBeLessThanOrEqual(6);
  await expect.poll(() => clearlyInView(page, payNow)).toBe(true);
  await page.screenshot({ path: "/tmp/visitor-a-shots/pay-now-390.png" });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/test-payments\/[0-9a-f-]{36}$/);
  await payOnTestProvider(page);
});

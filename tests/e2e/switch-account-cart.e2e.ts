import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { logInOnProviderPage } from "./support/login.ts";

/**
 * The logout-and-login action of the prefilled checkout e-mail (spec §3 Checkout form, §6) changes the read-only e-mail,
 * and the cart stays the visitor's, also when the account logging out had written to it.
 */

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const SLUG = "lowlands-lights";
const CART_COOKIE = `festival-shop.cart.${SLUG}`;

/** Runs axe at 390 px and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

const cartCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === CART_COOKIE)?.value;

test("Log in with another account on checkout keeps the cart: the new e-mail, the same basket, after a reload too, and the new account may change it", async ({ page }) => {
  // An anonymous visitor adds a Saturday ticket and goes to checkout.
  await page.goto(`/${SLUG}/tickets`);
  const saturday = page.getByRole("article", { name: "Saturday ticket" });
  await saturday.getByRole("button", { name: "Add to cart" }).click();
  await expect(saturday.getByText("1 in cart")).toBeVisible();
  const cartId = await cartCookie(page);
  expect(cartId).toBeTruthy();
  await page.goto(`/${SLUG}/checkout`);

  // Lucia logs in: the form is prefilled with her e-mail, read-only.
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, "lucia@example.com", new RegExp(`/${SLUG}/checkout$`));
  const email = page.getByRole("textbox", { name: /^Email/ });
  await expect(email).toHaveValue("lucia@example.com");
  await expect(email).toHaveAttribute("readonly", "");
  // She changes the cart, so it becomes her account's (spec §6).
  const basket = page.locator(".basket");
  const line = basket.getByRole("row", { name: /Saturday ticket/ });
  await line.getByRole("button", { name: "One more Saturday ticket" }).click();
  await expect(line.getByRole("group", { name: "Quantity of Saturday ticket" })).toContainText("2");
  const total = page.getByTestId("basket-total");
  await expect(total).toHaveText("€ 199,00");
  await axeAtBothWidths(page, "checkout prefilled for lucia");

  // The logout-and-login action: Anna logs in; the e-mail is hers, the cart is still the visitor's.
  await page.getByRole("button", { name: "Log in with another account" }).click();
  await logInOnProviderPage(page, "anna@example.com", new RegExp(`/${SLUG}/checkout`));
  await expect(email).toHaveValue("anna@example.com");
  await expect(email).toHaveAttribute("readonly", "");
  await expect(line.getByRole("group", { name: "Quantity of Saturday ticket" })).toContainText("2");
  await expect(total).toHaveText("€ 199,00");
  await expect(page.getByText("Your cart is empty")).toHaveCount(0);
  expect(await cartCookie(page)).toBe(cartId);
  await axeAtBothWidths(page, "checkout after logging in with another account");

  // A reload shows the same cart.
  await page.reload();
  await expect(email).toHaveValue("anna@example.com");
  await expect(total).toHaveText("€ 199,00");
  expect(await cartCookie(page)).toBe(cartId);

  // The cart is Anna's now: the Shop API takes her change.
  await line.getByRole("button", { name: "One less Saturday ticket" }).click();
  await expect(line.getByRole("group", { name: "Quantity of Saturday ticket" })).toContainText("1");
  await expect(total).toHaveText("€ 99,50");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoAxeViolations(page, "checkout, anna changed the cart");
});

import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose } from "./support/checkout.ts";
import { logInFromLoginScreen, logInOnProviderPage } from "./support/login.ts";

/**
 * Signing in against the development identity provider (spec §2 Header, §3 prefill, §4 Login state, §6): account page,
 * a second tab, the prefilled e-mail's switch, the save-time modal and unsaved changes.
 */

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const SLUG = "lowlands-lights";
const account = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Your account" });

/** Runs axe at 390 px and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

/** Logs in as `email` from the header's profile icon on `path`, coming back there. */
async function logInFromHeader(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, email, new RegExp(`${path}$`));
  await expect(account(page)).toBeVisible();
}

test("the profile menu's Account entry opens the account, and a second tab of the browser is logged in", async ({ page, context }) => {
  await logInFromHeader(page, `/${SLUG}/tickets`, "sam@example.com");

  // A second tab: the active session is found as it loads.
  const second = await context.newPage();
  await second.goto(`/${SLUG}`);
  await expect(account(second)).toBeVisible();
  await expect(second.getByRole("banner").getByRole("button", { name: "Log in" })).toHaveCount(0);
  await axeAtBothWidths(second, "second tab, logged in");
  await second.close();

  // Account: the provider's account page with the account's details, not an error.
  await account(page).click();
  const opened = page.waitForResponse((response) => new URL(response.url()).pathname === "/oidc/account");
  await page.getByRole("menuitem", { name: "Account" }).click();
  expect((await opened).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Your festival account" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("sam@example.com");
  await expect(page.getByRole("main")).toContainText("Sam");
  await axeAtBothWidths(page, "account page");
  await page.screenshot({ path: test.info().outputPath("account-1280.png"), fullPage: true });
  await page.getByRole("link", { name: "Back to the shop" }).click();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});

test("the prefilled, read-only e-mail has a logout-and-login action that changes it", async ({ page }) => {
  await logInFromHeader(page, `/${SLUG}/tickets`, "anna@example.com");
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
  await page.goto(`/${SLUG}/checkout`);
  const email = page.getByRole("textbox", { name: /^Email/ });
  await expect(email).toHaveValue("anna@example.com");
  await expect(email).toHaveAttribute("readonly", "");
  const change = page.getByRole("button", { name: "Log in with another account" });
  await expect(change).toBeVisible();
  await axeAtBothWidths(page, "prefilled checkout with the change-account action");
  await page.screenshot({ path: test.info().outputPath("prefilled-email-1280.png") });
  await change.click();
  // The provider asks for an account again, though its session with Anna lives.
  await logInOnProviderPage(page, "sam@example.com", new RegExp(`/${SLUG}/checkout`));
  await expect(account(page)).toBeVisible();
  // The cart stays the visitor's (switch-account-cart.e2e.ts follows it further): Sam's e-mail, the same ticket.
  await expect(email).toHaveValue("sam@example.com");
  await expect(email).toHaveAttribute("readonly", "");
  await expect(page.locator(".basket").getByRole("row", { name: /Weekend ticket/ })).toBeVisible();
});

test("the save-time modal shows on the shop's overview /{slug}", async ({ page }) => {
  await page.goto("/northern-nights");
  await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Save time at checkout" })).toBeVisible();
  await axeAtBothWidths(page, "overview with the save-time modal");
});

test("pre-registration: a changed wishlist tells its unsaved changes until it is saved", async ({ page }) => {
  const WISH = "lowlands-wishlist";
  await page.goto(`/${WISH}/tickets`);
  await logInFromLoginScreen(page, "lucia@example.com", new RegExp(`/${WISH}/tickets$`));
  const card = page.getByRole("article", { name: "Weekend ticket 2028" });
  await card.getByRole("button", { name: "One more" }).click();
  await expect(card.getByRole("group").locator("output")).toHaveText("1");
  await page.getByRole("banner").getByRole("link", { name: /cart/i }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  const unsaved = page.getByText("You have unsaved changes: save your wishlist to keep them.");
  await expect(unsaved).toBeVisible();
  await axeAtBothWidths(page, "wishlist with unsaved changes");
  await page.getByRole("button", { name: "Save wishlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  // A change in the basket sets it again.
  await page.getByRole("button", { name: /One more Weekend ticket 2028/ }).click();
  await expect(unsaved).toBeVisible();
});

const ENGLISH_MONTHS = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/;

for (const locale of ["nl", "es"] as const) {
  test(`no English month names on the ${locale} pages that show dates`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    for (const path of ["/", `/${SLUG}`, `/${SLUG}/travel`, `/${SLUG}/travel/hotel-de-duinen`, `/${SLUG}/transportation`]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator(".spinner")).toHaveCount(0);
      // The page shows a date (a four-digit year), in its own language.
      await expect(page.locator("main")).toContainText(/20\d\d/);
      const text = await page.locator("body").innerText();
      expect(text.match(ENGLISH_MONTHS), `${path} in ${locale}`).toBeNull();
    }
    await expectNoAxeViolations(page, `transportation in ${locale}`);
  });
}

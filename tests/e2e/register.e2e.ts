import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

const SLUG = "lowlands-wishlist";
const WIDTHS = [390, 1280] as const;

/** Sets the viewport to a phone (390 px) or a desktop (1280 px). */
const sizeTo = (page: Page, width: (typeof WIDTHS)[number]) => page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

/** Runs axe on the current screen at 390 and 1280 px with a screenshot of each (ends at 1280). */
async function lookAtBothWidths(page: Page, what: string) {
  for (const width of WIDTHS) {
    await sizeTo(page, width);
    await page.screenshot({ path: test.info().outputPath(`${what.replace(/\W+/g, "-")}-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

/** Collects the page's console errors and warnings and its uncaught errors (hydration mismatches are reported there); as ssr.e2e.ts. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Presses One more on the product card `name` until the stepper shows `count`. */
async function stepTo(page: Page, name: string, count: number) {
  const card = page.getByRole("article", { name });
  for (let n = 1; n <= count; n++) {
    await card.getByRole("button", { name: "One more" }).click();
    await expect(card.getByRole("group").locator("output")).toHaveText(String(n));
  }
}

test("a shop that is not a pre-registration shows 3002 Registration closed with a way back to the overview", async ({ page, browser }) => {
  // Server-rendered: the closed registration is in the first paint, before any JavaScript, in the browser's language.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: "nl-NL" });
  const firstPaint = await noScript.newPage();
  await firstPaint.goto("/lowlands-lights/register");
  await expect(firstPaint.getByRole("region", { name: "Registratie gesloten" })).toContainText("De registratie voor dit evenement is gesloten.");
  await noScript.close();

  const problems = consoleProblems(page);
  await page.goto("/lowlands-lights/register");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Pre-registration" })).toBeVisible();
  const closed = page.getByRole("region", { name: "Registration closed" });
  await expect(closed).toContainText("Registration for this event is closed.");
  expect(problems, "hydrates without console errors").toEqual([]);
  await lookAtBothWidths(page, "register closed");
  await closed.getByRole("link", { name: "Back to the shop overview" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights$/);
});

test("pre-registration: log in, 3000 then Register now, save a wishlist, 'You are registered' with its table, Change registration restores the cart", async ({ page }) => {
  // spec §2 Route guards: the pre-registration sends an anonymous visitor to /login, and the login comes back here.
  // Sam: the demo account no other journey saves a wishlist with (anna's is wishlist.e2e's, lucia's login.e2e's).
  await page.goto(`/${SLUG}/register`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("E-mail address").fill("sam@example.com");
  await page.getByLabel("Password").fill("festival");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/register$`));

  // spec §8 3000: no registration linked to the account yet.
  const none = page.getByRole("region", { name: "No registration linked to your account" });
  await expect(none).toBeVisible();
  await lookAtBothWidths(page, "register 3000");
  await none.getByRole("link", { name: "Register now" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets$`));

  // The wishlist: 2 weekend tickets (spec §9: 2 × € 235,00 + order service fee € 2,50 + wishlist fee € 1,50), saved (spec §4 Wishlist save).
  await stepTo(page, "Weekend ticket 2028", 2);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 474,00");
  await page.goto(`/${SLUG}/checkout`);
  await page.getByRole("button", { name: "Save wishlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();

  // A new cart starts (the cart cookie is gone); the registration overview shows the saved wishlist.
  await page.context().clearCookies({ name: `festival-shop.cart.${SLUG}` });
  const problems = consoleProblems(page);
  await page.goto(`/${SLUG}/register`);
  const registered = page.getByRole("region", { name: "You are registered" });
  await expect(registered).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
  const table = registered.getByRole("table", { name: "Your wishlist" });
  await expect(table.getByRole("row")).toHaveText([
    /Product\s*Quantity\s*Price\s*Total/,
    "Tickets",
    /Weekend ticket 2028\s*2\s*€ 235,00\s*€ 470,00/,
    /Service fee\s*€ 2,50/,
    /Wishlist fee\s*€ 1,50/,
    /Total\s*€ 474,00/,
  ]);
  expect(problems, "the server-rendered page hydrates without console errors").toEqual([]);
  await lookAtBothWidths(page, "register registered");

  // spec §8 6000: Change registration is a decision; on confirm the cart is the wishlist again and the step flow opens.
  await registered.getByRole("button", { name: "Change registration" }).click();
  const decision = page.getByRole("alertdialog", { name: "Change registration" });
  await expect(decision).toContainText("Your saved wishlist is put in your cart");
  await lookAtBothWidths(page, "register change decision");
  await decision.getByRole("button", { name: "Change registration" }).click();
  await expect(decision).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets$`));
  await expect(page.getByTestId("cart-total")).toHaveText("€ 474,00");
  await expect(page.getByRole("article", { name: "Weekend ticket 2028" }).getByRole("group").locator("output")).toHaveText("2");
});

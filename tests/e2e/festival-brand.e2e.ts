import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

/**
 * The Zwarte Cross brand (spec §1 theme and brand, §5 countries) as an English visitor meets it: its own logo on the
 * chooser card and header, no profile icon, and at checkout three countries and the terms in Dutch.
 */

/** Runs axe at 390 px and at 1280 px on the current state, ending at 1280 px. */
async function axeAtBothWidths(page: Page, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${state} at ${width}px`);
  }
}

test("Zwarte Cross shows its own logo, hides the profile icon, and at checkout offers Nederland, België, Duitsland with Dutch terms", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const card = page.locator(".shop-card", { has: page.getByRole("link", { name: /Zwarte Cross 2027/ }) });
  await expect(card).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", "/assets/logo-zwartecross.svg");
  await axeAtBothWidths(page, "event chooser");

  await card.getByRole("link", { name: /Zwarte Cross 2027/ }).click();
  await expect(page).toHaveURL(/\/zwarte-cross$/);
  const logo = page.locator("header img.logo");
  await expect(logo).toHaveAttribute("src", "/assets/logo-zwartecross.svg");
  await expect(logo).toHaveAttribute("alt", "Zwarte Cross");
  // The brand hides the profile icon: no Log in button once single sign-on has answered (the cart indicator shows).
  await expect(page.getByRole("link", { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
  await axeAtBothWidths(page, "Zwarte Cross overview");

  await page.goto("/zwarte-cross/tickets");
  const ticket = page.getByRole("article", { name: "Zwarte Cross weekend ticket" });
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  await expect(ticket.getByText("1 in cart")).toBeVisible();
  await page.goto("/zwarte-cross/checkout");
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();

  // The address country: Netherlands, Belgium and Germany only, in Dutch, though the visitor reads English.
  await page.getByRole("button", { name: /\bCountry \*$/ }).click();
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveText(["België", "Duitsland", "Nederland"]);
  await axeAtBothWidths(page, "country list open");
  await page.getByRole("option", { name: "Duitsland" }).click();
  await expect(page.getByRole("button", { name: /\bCountry \*$/ })).toContainText("Duitsland");

  // The terms in Dutch, marked as Dutch for a screen reader.
  const terms = page.locator(".terms");
  await expect(terms).toHaveAttribute("lang", "nl");
  await expect(terms.getByText("Ik ga akkoord met de algemene voorwaarden en het privacybeleid")).toBeVisible();
  await expect(terms.getByRole("link", { name: "Algemene voorwaarden" })).toHaveAttribute("href", "https://example.com/zwarte-cross/terms");
  await expect(page.getByText("I accept the terms and conditions")).toHaveCount(0);
  await axeAtBothWidths(page, "Zwarte Cross checkout with Dutch terms");
});

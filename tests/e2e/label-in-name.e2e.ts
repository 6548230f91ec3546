import { expect, type Page, test } from "@playwright/test";
import { axeFindings, describeFindings, expectNoAxeViolations } from "./support/axe.ts";
import { choose } from "./support/checkout.ts";

/**
 * WCAG 2.5.3 Label in Name: each header button's visible text is part of its accessible name, on four screens in en, nl
 * and es at 390 and 1280 px.
 */

const SLUG = "lowlands-lights";
const LOCALES = ["en", "nl", "es"] as const;

/** Waits until the screen has its main heading and no spinner is left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator(".spinner")).toHaveCount(0, { timeout: 60_000 });
}

test("the header buttons are named by the text they show, on every page a visitor passes, in each language and width", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.goto(`/${SLUG}/tickets`);
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();

  for (const locale of LOCALES) {
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ["/", `/${SLUG}`, `/${SLUG}/tickets`, `/${SLUG}/checkout`]) {
        await page.goto(path);
        await settled(page);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        const mismatches = (await axeFindings(page)).filter((f) => f.id === "label-content-name-mismatch");
        expect(mismatches, `${path} ${locale} ${width}px:\n${describeFindings(mismatches)}`).toEqual([]);
        await expectNoAxeViolations(page, `${path}, ${locale}, ${width} px`);
      }
    }
  }
});

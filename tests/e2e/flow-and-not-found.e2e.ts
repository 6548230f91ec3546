import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose } from "./support/checkout.ts";

/**
 * The frame around a screen (spec §2 Header, navigation and layers; Error page): Previous and Next only on the flow's
 * steps; an unknown item id says 5001 with a link back to its list; an unknown path is the 404 page (HTTP 404).
 */

const SLUG = "lowlands-lights";
const bottomNav = (page: Page) => page.getByRole("navigation", { name: "Step navigation" });

test("register and traveladdon, which are not steps of the flow, show no Previous and Next", async ({ page }) => {
  await page.goto(`/${SLUG}/tickets`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A step of the flow has them, so their absence below is the rule and not a missing bar.
  await expect(page.getByRole("button", { name: "Next" })).toBeVisible();
  for (const path of ["register", "traveladdon"]) {
    await page.goto(`/${SLUG}/${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Previous" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await expectNoAxeViolations(page, `/${path} without Previous and Next`);
  }
});

for (const path of [`/${SLUG}/no-such-step`, `/${SLUG}/tickets/nope/deeper`]) {
  test(`${path} is the 404 page with one main landmark, its title and HTTP 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("This page could not be found")).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole("link", { name: /home/i })).toBeVisible();
    await expectNoAxeViolations(page, `404 at ${path}`);
  });
}

// A stale product link (spec §8 5001): the route exists, its item does not.
for (const [path, back] of [[`/${SLUG}/tickets/nope`, "Back to tickets"], [`/${SLUG}/extras/nope`, "Back to extras"]] as const) {
  test(`${path}, a stale product link, says 5001 Product not found with the way back to its list, and HTTP 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("This product could not be found.")).toBeVisible();
    await expect(page.getByText("This page could not be found")).toHaveCount(0);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectNoAxeViolations(page, `5001 at ${path}`);
    await page.getByRole("link", { name: back }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace("/nope", "")}$`));
  });
}

test("a known ticket id still opens its detail page with HTTP 200", async ({ page }) => {
  const response = await page.goto(`/${SLUG}/tickets/ll_ticket_weekend`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Weekend ticket" })).toBeVisible({ timeout: 60_000 });
});

test("the countdown bar sits inside a landmark, at 390 px and 1280 px", async ({ page }) => {
  await page.clock.install();
  await page.goto(`/${SLUG}/tickets`);
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
  // 10 of the cart's 15 minutes pass: the bar shows from 420 s left (spec §4 Countdown).
  await page.clock.fastForward("10:00");
  const bar = page.getByRole("progressbar", { name: /Complete your order/ });
  await expect(bar).toBeVisible();
  const landmark = await bar.evaluate((el) => {
    const roles = "main, nav, header, footer, aside, [role=region], section[aria-label], section[aria-labelledby], [role=contentinfo], [role=complementary], [role=banner], [role=navigation], [role=main]";
    return el.parentElement?.closest(roles)?.tagName ?? null;
  });
  expect(landmark).not.toBeNull();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoAxeViolations(page, `countdown bar at ${width} px`);
  }
  // axe's region rule (best practice, not in the WCAG tags) holds for the bar.
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const region = await new AxeBuilder({ page }).withRules(["region"]).analyze();
  const barOutside = region.violations.flatMap((v) => v.nodes).filter((n) => n.html.includes("countdown"));
  expect(barOutside).toEqual([]);
});

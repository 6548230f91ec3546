import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose } from "./support/checkout.ts";

/**
 * Details a visitor meets on the way (spec §1, §2 Header, §8 5000): the cart notice never covers the step bar; product
 * texts come in the visitor's language; a unit lost to another visitor says 5000 Sold out.
 */

const SLUG = "lowlands-lights";

/** Adds one weekend ticket on the tickets page. */
async function addWeekendTicket(page: Page): Promise<void> {
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`at ${width} px the "Added to your cart" notice opens below the step bar, covering none of its steps`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${SLUG}/tickets`);
    const steps = page.getByRole("navigation", { name: "Steps of your order" });
    await expect(steps).toBeVisible();
    await addWeekendTicket(page);
    const note = page.getByRole("status").filter({ hasText: "Added to your cart" });
    await expect(note).toBeVisible();
    // Measured once the slide-in has ended.
    await expect.poll(() => note.evaluate((el) => el.getAnimations().length)).toBe(0);
    const bar = (await steps.boundingBox())!;
    const box = (await note.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await expectNoAxeViolations(page, `cart notification at ${width} px`);
    // It leaves by itself after 3 s (spec §9).
    await expect(page.getByText("Added to your cart")).toHaveCount(0, { timeout: 10_000 });
  });
}

for (const [locale, camping, description] of [
  ["nl", "Campingticket", "Kamperen op het festivalterrein, van donderdag tot maandag."],
  ["es", "Entrada de camping", "Acampa en el recinto del festival, de jueves a lunes."],
] as const) {
  test(`in ${locale} the tickets show the shop's own ${locale} product texts, on the list and on its detail page`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await page.goto(`/${SLUG}/tickets`);
    const tile = page.getByRole("article", { name: camping });
    await expect(tile).toBeVisible();
    await expect(tile).toContainText(description);
    await expect(page.getByRole("article", { name: "Camping ticket" })).toHaveCount(0);
    await expectNoAxeViolations(page, `tickets in ${locale} with the shop's product texts`);
    await page.goto(`/${SLUG}/tickets/ll_ticket_camping`);
    await expect(page.getByRole("heading", { level: 1, name: camping })).toBeVisible();
    await expectNoAxeViolations(page, `ticket detail in ${locale} with the shop's product texts`);
  });
}

const SHOP_HEADERS = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
const VIP = "ll_package_vip";

/** The units of `productId` the Shop API has left. */
async function stockOf(page: Page, productId: string): Promise<number> {
  const response = await page.request.get("/api/v2/products", { headers: SHOP_HEADERS });
  const { data } = (await response.json()) as { data: Array<{ id: string; stock: number }> };
  return data.find((p) => p.id === productId)!.stock;
}

test("a visitor whose add loses the last units of a package to other carts is told 5000 Sold out, and the cart holds none", async ({ page }) => {
  await page.goto(`/${SLUG}/packages`);
  const vip = page.getByRole("article", { name: "VIP package" });
  await expect(vip.getByRole("button", { name: "Add to cart" })).toBeVisible();
  // While the page shows the package on sale, other carts take every unit left, 4 at most per cart.
  const others: string[] = [];
  for (let left = await stockOf(page, VIP); left > 0; left -= 4) {
    const cart = await page.request.post("/api/v2/carts", { headers: SHOP_HEADERS, data: {} });
    const id = ((await cart.json()) as { data: { id: string } }).data.id;
    const put = await page.request.put(`/api/v2/carts/${id}/products`, { headers: SHOP_HEADERS, data: { productId: VIP, quantity: Math.min(4, left) } });
    expect(put.ok()).toBe(true);
    others.push(id);
  }
  expect(await stockOf(page, VIP)).toBe(0);
  try {
    await choose(page, vip, "Quantity", "1");
    await vip.getByRole("button", { name: "Add to cart" }).click();
    const soldOut = page.getByRole("dialog").or(page.getByRole("alertdialog")).filter({ hasText: "This product is sold out." });
    await expect(soldOut).toBeVisible();
    await expect(soldOut).toHaveAttribute("data-code", "5000");
    await expectNoAxeViolations(page, "packages, 5000 after the last units went to other carts");
    await page.keyboard.press("Escape");
    await expect(soldOut).toHaveCount(0);
    await expect(vip.getByText(/in cart/)).toHaveCount(0);
  } finally {
    // The other carts give their units back, for the journeys after this one.
    for (const id of others) await page.request.put(`/api/v2/carts/${id}/products`, { headers: SHOP_HEADERS, data: { productId: VIP, quantity: 0 } });
  }
});

test("a pre-registration wishlist, which has no countdown (spec §2, §4), is never asked for more time as its hold nears its end", async ({ page }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  await page.goto("/lowlands-wishlist/tickets");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("E-mail address").fill("anna@example.com");
  await page.getByLabel("Password").fill("festival");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/lowlands-wishlist\/tickets$/);
  const weekend = page.getByRole("article", { name: "Weekend ticket 2028" });
  await weekend.getByRole("button", { name: "One more" }).click();
  await expect(weekend.getByRole("group").locator("output")).toHaveText("1");
  // 19 of the wishlist cart's 20 minutes pass (the page's clock; the laptop waited).
  await page.clock.fastForward("19:10");
  await page.clock.runFor(2000);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByText(/held for/)).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: /Complete your order/ })).toHaveCount(0);
  await expectNoAxeViolations(page, "pre-registration tickets near the end of the wishlist's hold");
  // The wishlist gives its ticket back for the journeys after this one.
  await weekend.getByRole("button", { name: "One less" }).click();
  await expect(weekend.getByRole("group").locator("output")).toHaveText("0");
});

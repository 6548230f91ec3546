import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, placeOrderAsVisitor } from "./support/checkout.ts";

/**
 * Consent decides what leaves the page (spec §2 Other layers, §7 Analytics): "Only necessary" sends events without
 * personal data or the tag manager; "Accept all" adds the customer to begin_checkout.
 */

const SLUG = "lowlands-lights";
/** What the visitor types in placeOrderAsVisitor: none of it may reach the data layer without consent. */
const PERSONAL = ["Sanne", "de Vries", "sanne@example.org", "612345678", "Damrak", "1012 LG", "Amsterdam"];

/** The data layer and local storage as the page holds them, as text. */
async function analyticsState(page: Page): Promise<{ layer: string; events: string[]; storage: string }> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? [];
    return { layer: JSON.stringify(layer), events: layer.map((e) => String(e["event"] ?? "")), storage: JSON.stringify({ ...localStorage }) };
  });
}

/** A first visit: answers the consent dialog with `choice`, adds a weekend ticket, and places the order on checkout. A shop config naming a tag manager container is served to the browser, and any tag manager request is recorded and refused. */
async function orderAfterConsent(page: Page, choice: "Only necessary" | "Accept all"): Promise<string[]> {
  const tagManager: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    tagManager.push(route.request().url());
    return route.abort();
  });
  // The shop's config names a tag manager container: in the browser's GET /shop and in the state of every
  // server-rendered page of the shop.
  await page.route("**/api/v2/shop", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data["tagManagerId"] = "GTM-TEST123";
    await route.fulfill({ response, json: body });
  });
  await page.route(`**/${SLUG}/**`, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('"titleFull":');
    await route.fulfill({ response, body: html.replaceAll('"titleFull":', '"tagManagerId":"GTM-TEST123","titleFull":') });
  });
  await page.context().clearCookies(); // a first visit: the consent question is asked
  // From the event chooser the shop's config is fetched by the browser (with the container above), not rendered in.
  await page.goto("/");
  await page.getByRole("link", { name: /Lowlands Lights/ }).first().click();
  const dialog = page.getByRole("dialog", { name: /cookies/i });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, "overview, consent asked");
  await dialog.getByRole("button", { name: choice }).click();
  await expect(dialog).toHaveCount(0);
  if (choice === "Accept all") await expect(page.locator("script[data-tag-manager]")).toHaveCount(1);
  await page.goto(`/${SLUG}/tickets`);
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout`));
  await placeOrderAsVisitor(page);
  await expectNoAxeViolations(page, `checkout, payment panel, consent ${choice}`);
  // begin_checkout is pushed after the details were saved.
  await expect.poll(async () => (await analyticsState(page)).events).toContain("begin_checkout");
  return tagManager;
}

test("after Only necessary the data layer holds no personal field and the tag manager stays unloaded", async ({ page }) => {
  test.setTimeout(180_000);
  const tagManager = await orderAfterConsent(page, "Only necessary");
  const { layer, events, storage } = await analyticsState(page);
  expect(events).toEqual(expect.arrayContaining(["add_to_cart", "view_cart", "begin_checkout", "checkout"]));
  for (const value of PERSONAL) {
    expect(layer.toLowerCase(), `data layer holds ${value}`).not.toContain(value.toLowerCase());
    expect(storage.toLowerCase(), `local storage holds ${value}`).not.toContain(value.toLowerCase());
  }
  expect(layer).not.toContain('"customer"');
  expect(storage).not.toContain("hashedEmail");
  expect(await page.locator("script[data-tag-manager]").count()).toBe(0);
  expect(tagManager).toEqual([]);
});

test("after Accept all begin_checkout carries the customer, the hashed e-mail is kept and the tag manager loads", async ({ page }) => {
  test.setTimeout(180_000);
  const tagManager = await orderAfterConsent(page, "Accept all");
  const { layer, storage } = await analyticsState(page);
  expect(layer).toContain('"customer"');
  expect(layer).toContain("Sanne");
  expect(storage).toMatch(/"hashedEmail":"[0-9a-f]{64}"/);
  // The script is in the page (the shop's content security policy may keep the browser from fetching it here).
  await expect(page.locator('script[data-tag-manager="GTM-TEST123"]')).toHaveCount(1);
  expect(tagManager.every((url) => url.includes("id=GTM-TEST123"))).toBe(true);
});

import { expect, type Locator, type Page, test } from "@playwright/test";
import { choose, payOnTestProvider, placeOrderAsVisitor, startIdealPayment } from "./support/checkout.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

test.describe.configure({ timeout: 900_000 });

const SHOP_HEADERS = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
const BOUGHT = {
  ll_ticket_weekend: 2,
  ll_tshirt_m: 1,
  ll_merch_gin_onesize: 2,
  ll_cap_onesize: 1,
  ll_bus_utrecht: 2,
  ll_extra_locker: 1,
  ll_membership_year: 1,
} as const;

async function stocks(page: Page): Promise<Record<string, number>> {
  const response = await page.request.get("/api/v2/products", { headers: SHOP_HEADERS });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: Array<{ id: string; stock: number }> };
  return Object.fromEntries(data.map((p) => [p.id, p.stock]));
}

/** Opens a shop path and waits for its screen (the machine running the journey may be slow to load the route chunk). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 120_000 });
}

async function add(page: Page, article: Locator, quantity: string, button = "Add to cart") {
  await choose(page, article, "Quantity", quantity);
  await article.getByRole("button", { name: button }).click();
}

test("a visitor buys tickets, merchandise, bus seats, a locker and a membership in one cart; stock drops by what was bought", async ({ page }) => {
  const before = await stocks(page);

  // Tickets: 2 weekend tickets; the title links to the ticket detail.
  await visit(page, "/lowlands-lights/tickets");
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await add(page, weekend, "2");
  await expect(weekend.getByText("2 in cart")).toBeVisible();
  // What's included: collapsed until pressed (its code loads then), then the perks with the focus kept on the button.
  const perks = weekend.getByRole("button", { name: "What's included" });
  await expect(perks).toHaveAttribute("aria-expanded", "false");
  await expect(weekend.getByText("Free festival app")).toBeHidden();
  await perks.click();
  await expect(weekend.getByText("Free festival app")).toBeVisible();
  await expect(perks).toHaveAttribute("aria-expanded", "true");
  await expect(perks).toBeFocused();
  await expectNoAxeViolations(page);
  await weekend.getByRole("link", { name: "Weekend ticket" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/tickets\/ll_ticket_weekend$/);
  await expect(page.getByRole("heading", { level: 1, name: "Weekend ticket" })).toBeVisible();
  await expect(page.getByText("2 in cart")).toBeVisible();
  await expectNoAxeViolations(page);

  // Packages list their products.
  await visit(page, "/lowlands-lights/packages");
  await expect(page.getByRole("article", { name: "VIP package" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Merchandise: the out-of-stock size cannot be chosen; a T-shirt M, a cap, and the gin after a one-time consent.
  await visit(page, "/lowlands-lights/merchandise");
  const shirt = page.getByRole("article", { name: "Lowlands Lights T-shirt" });
  const sizes = shirt.getByRole("group", { name: "Size" });
  await expect(sizes.getByRole("button", { name: "S", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(sizes.getByRole("button", { name: "L", exact: true })).toBeDisabled();
  await sizes.getByRole("button", { name: "M", exact: true }).click();
  await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(sizes.getByRole("button", { name: "S", exact: true })).toHaveAttribute("aria-pressed", "false");
  await shirt.getByRole("button", { name: "Add to cart" }).click();
  await expect(shirt.getByText("1 in cart")).toBeVisible();
  await expect(shirt.getByText("Ships in 2–7 working days")).toBeVisible();
  const cap = page.getByRole("article", { name: "Lowlands Lights cap" });
  await cap.getByRole("button", { name: "Add to cart" }).click();
  await expect(cap.getByText("1 in cart")).toBeVisible();
  const gin = page.getByRole("article", { name: /gin/ });
  await gin.getByRole("button", { name: "Add to cart" }).click();
  const consent = page.getByRole("alertdialog");
  await expect(consent.getByRole("heading", { name: "Age check" })).toBeVisible();
  await consent.getByRole("button", { name: "Confirm" }).click();
  await expect(gin.getByText("1 in cart")).toBeVisible();
  await add(page, gin, "2", "Update cart");
  await expect(gin.getByText("2 in cart")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Bus transport: 2 seats from Utrecht.
  await visit(page, "/lowlands-lights/transportation");
  const utrecht = page.getByRole("article", { name: "Bus from Utrecht" });
  await expect(utrecht.getByText("Fri 20 August 2027, 10:30 CET")).toBeVisible();
  await add(page, utrecht, "2", "Book seats");
  await expect(utrecht.getByText("2 in cart")).toBeVisible();
  await expectNoAxeViolations(page);
  await visit(page, "/lowlands-lights/transportation/eu");
  await expect(page.getByRole("article", { name: "Bus from Antwerp" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Bus from Utrecht" })).toHaveCount(0);

  // Extras: a locker; the detail page.
  await visit(page, "/lowlands-lights/extras");
  const locker = page.getByRole("article", { name: "Locker" });
  await locker.getByRole("button", { name: "Add to cart" }).click();
  await expect(locker.getByText("1 in cart")).toBeVisible();
  await expectNoAxeViolations(page);
  await locker.getByRole("link", { name: "Locker" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Locker" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Membership: the yearly one, labelled as a 1-year subscription.
  await visit(page, "/lowlands-lights/membership");
  const membership = page.getByRole("article", { name: "Lights Club membership (yearly)" });
  await expect(membership.getByText("1-year subscription")).toBeVisible();
  await membership.getByRole("button", { name: "Add to cart" }).click();
  await expect(membership.getByText("1 in cart")).toBeVisible();
  await expectNoAxeViolations(page);

  // Compare transport: products and the request form (a refused field says why).
  await visit(page, "/lowlands-lights/comparetransport");
  await expect(page.getByRole("article", { name: "Train + shuttle combi ticket" })).toBeVisible();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Fill in name.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Checkout: each item in its basket group, with the fee rows.
  await visit(page, "/lowlands-lights/checkout");
  const basket = page.locator(".basket");
  for (const [group, row] of [
    ["Memberships", "Lights Club membership (yearly)"],
    ["Tickets", "Weekend ticket"],
    ["Organised Bus Transport", "Bus from Utrecht"],
    ["Merchandise", "Lowlands Lights T-shirt M"],
    ["Merchandise", "Lowlands Lights cap"],
    ["Extras & other experiences", "Locker"],
  ] as const) {
    await expect(basket.getByRole("region", { name: group }).getByRole("row", { name: new RegExp(row.replace(/[()]/g, "\\$&")) })).toBeVisible();
  }
  const headings = await basket.locator(".basket-group h3").allTextContents();
  expect(headings).toEqual(["Memberships", "Tickets", "Organised Bus Transport", "Merchandise", "Extras & other experiences"]);
  await expect(basket.getByRole("row", { name: /Order fee/ })).toContainText("€ 5,00");
  await expect(basket.getByRole("row", { name: /Service fee/ })).toContainText("€ 20,00");
  await expect(basket.getByRole("row", { name: /Entertainment tax/ })).toContainText("€ 9,00");

  // Merchandise ships: choose the Netherlands (spec §5 form_no_country_selected otherwise), then pay (tests/e2e/support/checkout.ts).
  await page.getByRole("button", { name: /Shipping country/ }).click();
  await page.getByRole("option", { name: /^Netherlands/ }).click();
  await expect(page.getByRole("row", { name: /Shipping cost/ })).toContainText("€ 5,99");
  await placeOrderAsVisitor(page, "sanne@example.org");
  const provider = await startIdealPayment(page);

  // While the cart is in payment the item screens show what is in the order and change nothing (spec §4 Cart status).
  await visit(page, "/lowlands-lights/merchandise");
  const capInOrder = page.getByRole("article", { name: "Lowlands Lights cap" });
  await expect(capInOrder.getByText("1 in cart")).toBeVisible();
  await expect(capInOrder.getByText("Your order is awaiting payment and can no longer be changed.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Add to cart|Update cart|Remove/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(provider);
  await payOnTestProvider(page);

  // Each stock is lower by what was bought.
  const after = await stocks(page);
  for (const [id, quantity] of Object.entries(BOUGHT)) expect({ id, stock: after[id] }).toEqual({ id, stock: before[id]! - quantity });
});

test("screenshots of merchandise and transportation at 390 and 1280 px", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ["merchandise", "transportation"]) {
      await visit(page, `/lowlands-lights/${screen}`);
      await expect(page.locator("article").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `test-results/items-${screen}-${width}.png`, fullPage: true });
    }
  }
});

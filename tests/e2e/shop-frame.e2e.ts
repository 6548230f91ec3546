import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { queueToken } from "./support/queue.ts";

const SLUG = "lowlands-lights";
/** The demo shop's flow (tickets, packages, travel, bus transport, merchandise, extras) plus Checkout. */
/** The demo shop's flow (domain buildShopFlow over the demo catalogue's product types and its travel), then Checkout. */
const STEPS = [
  ["membership", "Membership"],
  ["tickets", "Tickets"],
  ["packages", "Packages"],
  ["travel", "Travel & Stay"],
  ["transportation", "Bus transport"],
  ["comparetransport", "Compare transport"],
  ["merchandise", "Merchandise"],
  ["extras", "Extras"],
  ["checkout", "Checkout"],
] as const;

/** Every route of spec §2 for the demo shop. */
const SPEC_ROUTES = [
  "/",
  "/login",
  `/${SLUG}`,
  `/${SLUG}/tickets`,
  `/${SLUG}/tickets/ll_ticket_weekend`,
  `/${SLUG}/packages`,
  `/${SLUG}/membership`,
  `/${SLUG}/travel`,
  `/${SLUG}/travel/hotel`,
  `/${SLUG}/traveladdon`,
  `/${SLUG}/traveladdon/hotel`,
  `/${SLUG}/transportation`,
  `/${SLUG}/transportation/eu`,
  `/${SLUG}/transportation/nl`,
  `/${SLUG}/comparetransport`,
  `/${SLUG}/comparetransport/detail`,
  `/${SLUG}/comparetransport/eu`,
  `/${SLUG}/comparetransport/nl`,
  `/${SLUG}/merchandise`,
  `/${SLUG}/extras`,
  `/${SLUG}/extras/ll_extra_locker`,
  `/${SLUG}/upgrade`,
  `/${SLUG}/register`,
  `/${SLUG}/checkout`,
  `/${SLUG}/paymentstatus`,
];

const progress = (page: Page) => page.getByRole("navigation", { name: "Steps of your order" });

/** The progress bar marks the steps before `current` completed, and only those. */
async function expectProgressAt(page: Page, current: number) {
  const steps = progress(page).locator("li.step");
  await expect(steps).toHaveCount(STEPS.length);
  await expect(progress(page).locator("li.step.completed")).toHaveCount(current);
  await expect(steps.nth(current)).toHaveAttribute("data-state", "current");
  for (let i = 0; i < current; i++) await expect(steps.nth(i)).toHaveAttribute("data-state", "completed");
}

test("the consent dialog asks once and the choice is kept in a cookie", async ({ page, context }) => {
  await context.clearCookies(); // a first visit: no answer yet (the config's visitor has one)
  await page.goto(`/${SLUG}`);
  const dialog = page.getByRole("dialog", { name: "Cookies" });
  // The first page of a fresh server can take a while on a busy machine.
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page, "overview with consent");
  await dialog.getByRole("button", { name: "Only necessary" }).click();
  await expect(dialog).toBeHidden();
  const consent = (await context.cookies()).find((c) => c.name === "cookie_consent");
  expect(consent?.value).toBe("necessary");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Lowlands Lights 2027" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Cookies" })).toBeHidden();
});

test.describe("with cookies chosen", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
  });

  test("a visitor walks the whole flow with Next and Previous, the progress bar marking completed steps", async ({ page }) => {
    test.setTimeout(360_000);
    await page.goto(`/${SLUG}`);
    // The overview: hero, a tile per step of the flow, the logo and no bottom navigation.
    await expect(page.getByRole("heading", { level: 1, name: "Lowlands Lights 2027" })).toBeVisible({ timeout: 60_000 });
    for (const [, title] of STEPS.slice(0, -1)) await expect(page.locator(".tile", { hasText: title })).toBeVisible();
    await expect(page.getByRole("img", { name: "Lowlands Lights" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Step navigation" })).toHaveCount(0);
    await expectNoAxeViolations(page, "overview");

    await page.locator(".tile", { hasText: STEPS[0][1] }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/${STEPS[0][0]}$`));
    const nav = page.getByRole("navigation", { name: "Step navigation" });
    for (let i = 0; i < STEPS.length - 1; i++) {
      await expect(page).toHaveURL(new RegExp(`/${SLUG}/${STEPS[i]![0]}$`));
      await expectProgressAt(page, i);
      // Away from the overview the header shows Overview instead of the logo.
      await expect(page.getByRole("link", { name: "Overview" })).toBeVisible();
      await expectNoAxeViolations(page, STEPS[i]![0]);
      const last = i === STEPS.length - 2;
      await nav.getByRole("button", { name: last ? "Go to checkout" : "Next" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout$`));
    await expectProgressAt(page, STEPS.length - 1);
    await expectNoAxeViolations(page, "checkout");

    // Back again with Previous, down to the overview.
    for (let i = STEPS.length - 2; i >= 0; i--) {
      await nav.getByRole("button", { name: "Previous" }).click();
      await expect(page).toHaveURL(new RegExp(`/${SLUG}/${STEPS[i]![0]}$`));
      await expectProgressAt(page, i);
    }
    await nav.getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));

    // A detail route goes back to its list.
    await page.goto(`/${SLUG}/extras/ll_extra_locker`);
    await page.getByRole("navigation", { name: "Step navigation" }).getByRole("button", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/extras$`));
  });

  test("every route of spec §2 opens directly inside the frame; unknown shops and pages get a real 404", async ({ page }) => {
    test.setTimeout(300_000);
    for (const route of SPEC_ROUTES) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible();
      await expect(page.getByRole("heading", { name: "Page not found" }), route).toHaveCount(0);
      await expectNoAxeViolations(page, route);
    }
    for (const route of ["/no-such-shop", `/${SLUG}/no-such-page`]) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(404);
      await expect(page.getByText("This page could not be found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the homepage" })).toHaveAttribute("href", "/");
      await expectNoAxeViolations(page, route);
    }
  });

  test("a deep link opens its route and is kept in the deep-link cookie for 180 days on path /", async ({ page, context }) => {
    const query = `route=tickets&slug=${SLUG}&category=TICKETS`;
    await page.goto(`/?${query}`);
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets\\?${query}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "deeplink");
    expect(cookie, "deeplink cookie").toBeDefined();
    expect(cookie!.path).toBe("/");
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(15_552_000 - 120);
    expect(lifetime).toBeLessThan(15_552_000 + 120);
    const value = JSON.parse(decodeURIComponent(cookie!.value)) as { route: string; slug: string; category: string; query: string };
    expect(value).toEqual({ route: "tickets", slug: SLUG, category: "TICKETS", query });
    // The query is kept on navigation.
    await page.getByRole("navigation", { name: "Step navigation" }).getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/packages\\?${query}$`));
    await expectNoAxeViolations(page, "deep link");
  });

  test("in a shop with stepflow and upsell No the cart notification slides in when the total rises", async ({ page }) => {
    // Northern Nights has stepflow No, upsell No and a payment queue, so its cart is made with a queue token.
    const headers = { "x-event-namespace": "northern-nights-2027", authorization: "Bearer sk_demo_2b8e6d4f0a9c47e1b3d5c7a2" };
    const created = await page.request.post("/api/v2/carts", { headers, data: { paymentQueueToken: await queueToken(page) } });
    expect(created.status()).toBe(201);
    const cartId = ((await created.json()) as { data: { id: string } }).data.id;
    const put = (quantity: number) => page.request.put(`/api/v2/carts/${cartId}/products`, { headers, data: { productId: "nn_ticket_friday", quantity } });
    expect((await put(1)).ok()).toBe(true);
    await rememberCart(page, "northern-nights", cartId);

    await page.goto("/northern-nights/tickets");
    await expect(page.getByTestId("cart-total")).toHaveText(/€ \d/);
    const before = await page.getByTestId("cart-total").textContent();
    // No step flow here: no progress bar, no bottom navigation, no notification yet.
    await expect(progress(page)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Step navigation" })).toHaveCount(0);
    await expect(page.getByText("Added to your cart")).toHaveCount(0);

    // The total rises (another tab adds a ticket); the shop sees it on its next cart refresh.
    expect((await put(2)).ok()).toBe(true);
    await page.waitForTimeout(5_500);
    // The visitor comes back to the tab: react-query's focus manager listens for visibilitychange on window and
    // refetches the stale cart (staleTime 5 s).
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await expect(page.getByTestId("cart-total")).not.toHaveText(before!);
    const note = page.getByRole("status").filter({ hasText: "Added to your cart" });
    await expect(note).toBeVisible();
    await expect(note.getByRole("button", { name: "Continue shopping" })).toBeVisible();
    await expect(note.getByRole("link", { name: "Go to checkout" })).toBeVisible();
    await expectNoAxeViolations(page, "cart notification");
    // It leaves after 3 s.
    await expect(page.getByText("Added to your cart")).toHaveCount(0, { timeout: 5_000 });
  });
});

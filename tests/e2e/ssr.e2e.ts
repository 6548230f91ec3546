import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// the server renders the first paint (ui/entry-server.tsx) and the browser hydrates it without a mismatch.
const SLUG = "lowlands-lights";

/** Collects the page's console errors and warnings and its uncaught errors (hydration mismatches are reported there). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe("server-rendered first paint", () => {
  test("shows each measured screen's content with JavaScript disabled, in the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Kies je evenement" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByRole("link", { name: /Lowlands Lights 2027$/ })).toBeVisible();
    await page.goto(`/${SLUG}`);
    await expect(page.getByRole("heading", { level: 1, name: "Lowlands Lights 2027" })).toBeVisible();
    await page.goto(`/${SLUG}/tickets`);
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Weekend ticket" })).toBeVisible();
    await expect(page).toHaveTitle("Tickets – Lowlands Lights 2027");
    await page.goto(`/${SLUG}/checkout`);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    // The visitor's cart (its id is a cookie) is in the first paint: the basket with its line and total, before any JavaScript.
    const headers = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
    const cart = (await (await page.request.post("/api/v2/carts", { headers, data: {} })).json()).data as { id: string };
    expect((await page.request.put(`/api/v2/carts/${cart.id}/products`, { headers, data: { productId: "ll_ticket_weekend", quantity: 2 } })).ok()).toBe(true);
    await context.addCookies([{ name: `festival-shop.cart.${SLUG}`, value: cart.id, url: page.url() }]);
    await page.goto(`/${SLUG}/checkout`);
    await expect(page.getByRole("row", { name: /Weekend ticket/ })).toBeVisible();
    await expect(page.getByTestId("basket-total")).toHaveText("€ 459,00");
    await context.close();
  });

  for (const width of [390, 1280]) {
    test(`hydrates without console errors and the page works (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const problems = consoleProblems(page);
      for (const path of ["/", `/${SLUG}`, `/${SLUG}/checkout`, `/${SLUG}/tickets`]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
      }
      await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
      const weekend = page.getByRole("article", { name: "Weekend ticket" });
      await weekend.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
      // The checkout with a cart, server-rendered and hydrated.
      await page.goto(`/${SLUG}/checkout`);
      await expect(page.getByRole("row", { name: /Weekend ticket/ })).toBeVisible();
      // The cart's countdown is a lazy part (ui/common/lazy-part.tsx) the page names, so it loads with the page and hydrates with it.
      const plan = JSON.parse((await page.locator("#app-modules").textContent()) ?? "{}") as { preload?: string[] };
      expect(plan.preload?.some((file) => /\/countdown-bar-[\w-]+\.js$/.test(file))).toBe(true);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page, `checkout ${width}`);
      expect(problems).toEqual([]);
    });
  }
});

test("text typed into the checkout before the app took over is kept and counts (4x slower CPU)", async ({ page }) => {
  await page.goto(`/${SLUG}/tickets`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("article", { name: "Weekend ticket" }).getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
  // A slow phone: the server's form shows well before React hydrates it (ui/boot.ts), and the visitor types meanwhile.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(`/${SLUG}/checkout`, { waitUntil: "commit" });
  const firstName = page.getByRole("textbox", { name: /First name/ });
  await firstName.fill("Sanne");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(page.locator("html")).not.toHaveAttribute("data-starting");
  await page.waitForLoadState("networkidle");
  await expect(firstName).toHaveValue("Sanne");
  // React has the text: placing the order flags the empty fields, not the first name.
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("textbox", { name: /Last name/ })).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).not.toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveValue("Sanne");
});

test("the app's modules are fetched after the page's hero image, its largest paint, has loaded, and the page then works", async ({ page }) => {
  // A slow hero image: the app must not start fetching its modules beside it (ui/boot.ts heroLoaded).
  const heroImage = /\/assets\/(?:hero|bg)-lowlands[\w-]*\.jpg/;
  await page.route(heroImage, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const events: string[] = [];
  page.on("requestfinished", (request) => {
    if (heroImage.test(request.url())) events.push("hero loaded");
  });
  page.on("request", (request) => {
    if (/\/assets\/react-[\w-]+\.js$/.test(request.url())) events.push("modules requested");
  });
  await page.goto(`/${SLUG}/tickets`);
  await page.waitForLoadState("networkidle");
  expect(events).toContain("hero loaded");
  expect(events.indexOf("modules requested")).toBeGreaterThan(events.indexOf("hero loaded"));
  // Hydrated: adding a ticket works.
  await page.getByRole("article", { name: "Weekend ticket" }).getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
});

test("the transport request form below the products comes to life after the page; a request typed and sent before then is sent", async ({ page }) => {
  // Its code is no part of the page's first load (lazyPart deferHydration): the server's form shows, the page works,
  // and the form's code arrives after. Held back here until the visitor has filled in and sent the form.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const formCode = /\/assets\/transport-request-form-[\w-]+\.js$/;
  await page.route(formCode, async (route) => {
    await held;
    await route.continue();
  });
  const formRequested = page.waitForRequest(formCode);
  const problems = consoleProblems(page);
  await page.goto(`/${SLUG}/comparetransport`);
  await expect(page.locator("html")).not.toHaveAttribute("data-starting");
  await formRequested;
  const plan = JSON.parse((await page.locator("#app-modules").textContent()) ?? "{}") as { preload?: string[] };
  expect(plan.preload?.some((file) => formCode.test(file)) ?? false).toBe(false);
  // The page works meanwhile: a product goes into the cart.
  await page.getByRole("article", { name: "Train + shuttle combi ticket" }).getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
  const form = page.getByRole("region", { name: "Request group transport" });
  await form.getByRole("textbox", { name: "Name" }).fill("Sanne de Vries");
  await form.getByRole("textbox", { name: "Email" }).fill("sanne@example.com");
  await form.getByRole("textbox", { name: "Number of people" }).fill("4");
  await form.getByRole("textbox", { name: "Departure city" }).fill("Groningen");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByText("Thank you, we received your request.")).toHaveCount(0);
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/mail/transport-requests") && request.method() === "POST");
  release();
  await expect(form.getByText("Thank you, we received your request.")).toBeVisible();
  // What was typed is what was sent, the number of people too (a number field takes its value when the visitor leaves it).
  expect((await sent).postDataJSON()).toMatchObject({ name: "Sanne de Vries", email: "sanne@example.com", persons: 4, departureCity: "Groningen" });
  expect(problems).toEqual([]);
});

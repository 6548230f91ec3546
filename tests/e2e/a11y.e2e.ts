import { expect, type Page, test } from "@playwright/test";
import { type AxeFinding, axeFindings, describeFindings, expectNoAxeViolations } from "./support/axe.ts";

/**
 * No axe violation (WCAG 2.2 AA tags, every impact) on every route of spec §2 in en, nl and es at 390 and 1280 px, in
 * each state a visitor reaches; plus <html lang> and no sideways scroll at 320 px.
 */

const SHOP = "lowlands-lights";
const LOCALES = ["en", "nl", "es"] as const;
type Locale = (typeof LOCALES)[number];
const WIDTHS = [390, 1280] as const;

/** Every route of ui/app.tsx (spec §2 Routes), with example parameters; the last two are the 404 pages. */
const ROUTES = [
  "/",
  "/login",
  "/my-festival",
  `/${SHOP}`,
  `/${SHOP}/tickets`,
  `/${SHOP}/tickets/ll_ticket_weekend`,
  `/${SHOP}/packages`,
  `/${SHOP}/membership`,
  `/${SHOP}/travel`,
  `/${SHOP}/travel/hotel`,
  `/${SHOP}/traveladdon`,
  `/${SHOP}/traveladdon/hotel`,
  `/${SHOP}/transportation`,
  `/${SHOP}/transportation/eu`,
  `/${SHOP}/transportation/nl`,
  `/${SHOP}/comparetransport`,
  `/${SHOP}/comparetransport/detail`,
  `/${SHOP}/comparetransport/eu`,
  `/${SHOP}/comparetransport/nl`,
  `/${SHOP}/merchandise`,
  `/${SHOP}/extras`,
  `/${SHOP}/extras/some-extra`,
  `/${SHOP}/upgrade`,
  `/${SHOP}/register`,
  `/${SHOP}/checkout`,
  `/${SHOP}/paymentstatus`,
  "/northern-nights",
  "/northern-nights/tickets",
  `/${SHOP}/no-such-step`,
  "/no-such-shop",
] as const;

/** Sets the locale cookie the app reads (spec §4 locale switch) before the first page load. */
async function useLocale(page: Page, locale: Locale, baseURL: string) {
  await page.context().addCookies([{ name: "locale", value: locale, url: baseURL }]);
}

/** Waits until the screen has rendered its main heading and no spinner is left. */
async function settled(page: Page) {
  // Generous: on a loaded CI machine the first load of the app's chunks can take tens of seconds.
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator(".spinner")).toHaveCount(0, { timeout: 60_000 });
}

/** The page's horizontal overflow in CSS pixels (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of LOCALES) {
  for (const width of WIDTHS) {
    test(`every route is axe-clean in ${locale} at ${width} px`, async ({ page, baseURL }) => {
      test.setTimeout(900_000);
      await page.setViewportSize({ width, height: 844 });
      await useLocale(page, locale, baseURL!);
      const found: Array<AxeFinding & { route: string }> = [];
      for (const route of ROUTES) {
        await page.goto(route);
        await settled(page);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        expect(await page.title(), route).not.toBe("");
        for (const f of await axeFindings(page)) found.push({ ...f, route });
      }
      console.log(`axe ${locale} ${width}px: ${found.length} violations over ${ROUTES.length} routes`);
      expect(found, found.map((f) => `${f.route}\n${describeFindings([f])}`).join("\n")).toEqual([]);
    });
  }

  test(`no sideways scroll at 320 px in ${locale}`, async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 320, height: 700 });
    await useLocale(page, locale, baseURL!);
    const wide: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await settled(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${route}: ${overflow}px too wide`);
    }
    expect(wide).toEqual([]);
  });
}

/** Puts 2 weekend tickets in a fresh cart through the tickets screen. */
async function addTickets(page: Page) {
  await page.goto(`/${SHOP}/tickets`);
  await settled(page);
  const weekend = page.getByRole("article").filter({ has: page.getByRole("heading", { name: /Weekend/ }) }).first();
  await weekend.getByRole("button", { name: /Add to cart|In winkelmand|Añadir/i }).click();
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
}

for (const locale of LOCALES) {
  test(`states are axe-clean in ${locale}: language menu, countdown warning and urgent, error dialog, form errors, payment panel, test payment page`, async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    await useLocale(page, locale, baseURL!);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });

      // Skip link: first Tab stop, focused and visible.
      await page.goto(`/${SHOP}/tickets`);
      await settled(page);
      await page.keyboard.press("Tab");
      await expect(page.locator(".skip-link")).toBeFocused();
      await expectNoAxeViolations(page, `${locale} ${width}px skip link focused`);

      // Language menu open (blur the skip link first: leaving it removes its row and shifts the header up).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(page.locator(".skip-link")).not.toBeFocused();
      await page.locator(".language-select button").first().click();
      await expect(page.getByRole("listbox")).toBeVisible();
      await expectNoAxeViolations(page, `${locale} ${width}px language menu open`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("listbox")).toHaveCount(0);
    }

    // Countdown at warning (<= 420 s) and urgent (<= 200 s): the cart answer's timeout is shortened in flight, in the
    // browser's GET /carts/{id} and in the server-rendered page's state (the server fetches the cart for the first paint).
    let timeout = 400;
    await page.route("**/api/v2/carts/*", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { timeout: number } };
      body.data.timeout = timeout;
      await route.fulfill({ response, json: body });
    });
    await page.route(`**/${SHOP}/tickets`, async (route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/"timeout":\d+/g, `"timeout":${timeout}`) });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await addTickets(page);
    await page.reload();
    await expect(page.locator(".countdown")).toHaveAttribute("data-phase", "Shown");
    await expectNoAxeViolations(page, `${locale} countdown warning`);
    timeout = 150;
    await page.reload();
    await expect(page.locator(".countdown")).toHaveAttribute("data-phase", "Urgent");
    await expectNoAxeViolations(page, `${locale} countdown urgent`);
    // The bar never covers the page's last button: the page can scroll it clear.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await page.locator(".countdown").boundingBox();
    const buttons = await page.locator("#main a.button, #main button").all();
    const last = await buttons[buttons.length - 1]!.boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(bar!.y);
    await page.unroute("**/api/v2/carts/*");
    await page.unroute(`**/${SHOP}/tickets`);

    // Error dialog (non-blocking): a failing cart write; Escape closes it and focus returns to the page.
    await page.route("**/api/v2/carts/*/products", (route) => route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "down" } } }));
    await page.goto(`/${SHOP}/tickets`);
    await settled(page);
    const weekend = page.getByRole("article").filter({ has: page.getByRole("heading", { name: /Weekend/ }) }).first();
    await weekend.getByRole("button").last().click();
    const dialog = page.getByRole("dialog").or(page.getByRole("alertdialog"));
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await expectNoAxeViolations(page, `${locale} error dialog open`);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.unroute("**/api/v2/carts/*/products");

    // Checkout form errors after an invalid submit: focus on the first invalid field.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/${SHOP}/checkout`);
      await settled(page);
      await page.locator(".checkout .button.primary.large").click();
      await expect(page.locator(".form-messages")).toBeVisible();
      await expect(page.locator('[aria-invalid="true"]:focus, [data-invalid] > button:focus, [data-invalid] input:focus')).toHaveCount(1);
      await expectNoAxeViolations(page, `${locale} ${width}px checkout form errors`);
    }
  });
}

test("the payment panel, the test payment page and the payment status page are axe-clean in each language", async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  for (const locale of LOCALES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
    await useLocale(page, locale, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await addTickets(page);
    // Fill the details, accept the terms and place the order: the payment panel opens.
    await page.goto(`/${SHOP}/checkout`);
    await settled(page);
    await page.locator(".radios label").first().click();
    const texts = page.locator(".checkout-form input.input");
    const count = await texts.count();
    for (let i = 0; i < count; i++) {
      const name = await texts.nth(i).getAttribute("name");
      const value = { firstName: "Sanne", lastName: "de Vries", phoneNumber: "612345678", email: "sanne@example.org", address: "Damrak", streetNumber: "1", postalCode: "1012 LG", city: "Amsterdam" }[name ?? ""];
      if (value) await texts.nth(i).fill(value);
    }
    for (const [index, option] of [[0, "12"], [2, "1995"]] as const) {
      await page.locator("fieldset.date-of-birth .select-field").nth(index).locator("button").click();
      await page.getByRole("option", { name: option, exact: true }).click();
    }
    await page.locator("fieldset.date-of-birth .select-field").nth(1).locator("button").click();
    await page.getByRole("option").nth(3).click();
    await page.locator(".refund .radio").nth(1).click(); // refund protection: No (spec §5 form_no_insurance_choice)
    await page.locator(".terms .checkbox").first().click();
    await page.locator(".checkout .button.primary.large").click();
    await expect(page).toHaveURL(/[?&]cart=/);
    await expect(page.locator(".payment-panel")).toBeVisible();
    await expectNoAxeViolations(page, `${locale} payment panel`);
    await page.locator(".payment-panel .radio").first().click();
    await page.locator(".payment-panel .button.primary").click();
    await expect(page).toHaveURL(/\/test-payments\//);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expectNoAxeViolations(page, `${locale} test payment page`);
    await page.locator('button[value="pay"]').click();
    await expect(page).toHaveURL(/paymentstatus/);
    await settled(page);
    await expectNoAxeViolations(page, `${locale} payment status completed`);
  }
});

test("a shop's custom translations are merged over the built-in messages in the visitor's language", async ({ page, baseURL }) => {
  for (const [locale, text] of [["nl", "Koop je Northern Nights-tickets"], ["es", "Compra tus entradas para Northern Nights"]] as const) {
    await useLocale(page, locale, baseURL!);
    await page.goto("/northern-nights");
    await settled(page);
    await expect(page.getByRole("link", { name: text })).toBeVisible();
  }
  await page.goto(`/${SHOP}`);
  await expect(page.getByRole("link", { name: /Northern Nights/ })).toHaveCount(0);
});

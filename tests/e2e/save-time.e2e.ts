import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

/** Northern Nights is the demo shop with showSaveTimeModal (README "The demo catalogue"); Lowlands Lights does not set it. */
const SLUG = "northern-nights";
const TITLE = "Save time at checkout";

/** The save-time login modal (spec §2 Other layers, §4): a non-modal dialog named by its heading. */
const saveTime = (page: Page) => page.getByRole("dialog", { name: TITLE });
/** The header's profile icon of an anonymous visitor: shown once single sign-on has answered. */
const profileLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Log in" });
/** True when the focused element is inside the save-time modal. */
const focusInLayer = (page: Page) => page.evaluate(() => document.activeElement?.closest(".save-time-layer") != null);

test.describe("save-time login modal (spec §2 Other layers, §3 showSaveTimeModal, §4)", () => {
  test("shows to an anonymous visitor on /northern-nights/tickets without taking focus, is axe-clean at 390 and 1280 px, and closes after 400 px of scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${SLUG}/tickets`);
    const dialog = saveTime(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "false");
    await expect(dialog.getByRole("heading", { name: TITLE })).toBeVisible();
    await expect(dialog).toContainText("Log in and we fill in your details for you.");
    await expect(dialog.getByRole("button", { name: "Log in" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    expect(await focusInLayer(page)).toBe(false);
    await expectNoAxeViolations(page, "save-time modal on tickets at 390 px");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "save-time modal on tickets at 1280 px");

    // Three tickets do not make a long page: on a short phone screen it scrolls far enough. 399 px keeps the layer.
    await page.setViewportSize({ width: 390, height: 520 });
    await page.evaluate(() => window.scrollTo(0, 399));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(399);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(dialog).toBeVisible();
    // Back to the top, then a visitor's 400 px of wheel: it closes (and stays closed scrolling back up).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(195, 200);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(400);
    await expect(dialog).toHaveCount(0);
    // It keeps its place unseen: the short page does not jump back up under the visitor's scroll.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(400);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(dialog).toHaveCount(0);
  });

  test("shows on the shop's overview too (a non-index route); Escape in it or Close keeps it closed for the rest of the visit", async ({ page }) => {
    await page.goto(`/${SLUG}`);
    await expect(profileLogin(page)).toBeVisible();
    await expect(saveTime(page)).toBeVisible();

    // Keyboard: Escape with focus in the layer closes it and leaves focus on the page's main region.
    await page.goto(`/${SLUG}/checkout`);
    await saveTime(page).getByRole("button", { name: "Log in" }).focus();
    await page.keyboard.press("Escape");
    await expect(saveTime(page)).toHaveCount(0);
    await expect(page.locator("#main")).toBeFocused();
    await page.reload();
    await expect(profileLogin(page)).toBeVisible();
    await expect(saveTime(page)).toHaveCount(0);

    // A new visit (sessionStorage is the tab's) shows it again; Close closes it for the rest of this one.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(saveTime(page)).toBeVisible();
    await saveTime(page).getByRole("button", { name: "Close" }).click();
    await expect(saveTime(page)).toHaveCount(0);
    await page.goto(`/${SLUG}/tickets`);
    await expect(profileLogin(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    await expect(saveTime(page)).toHaveCount(0);
  });

  test("on a fresh page Log in goes to the identity provider's login page, and back logged in the modal is gone", async ({ page }) => {
    await page.goto(`/${SLUG}/tickets`);
    await saveTime(page).getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await expect(page.getByRole("heading", { level: 1, name: "Log in to your festival account" })).toBeVisible();
    await page.getByLabel("E-mail address").fill("anna@example.com");
    await page.getByLabel("Password").fill("festival");
    await page.getByRole("button", { name: "Log in" }).click();

    // Back on the page the visitor left, logged in (spec §4 "It closes on login").
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets$`));
    await expect(page.getByRole("button", { name: "Your account" })).toBeVisible();
    await expect(saveTime(page)).toHaveCount(0);
    await expectNoAxeViolations(page, "tickets, logged in");
  });
});

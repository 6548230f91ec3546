import { expect as baseExpect, type Browser, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillVisitorDetails, startIdealPayment } from "./support/checkout.ts";
import { fillLine } from "./support/queue.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(300_000);

/**
 * The waiting room (spec §3 queueUrl, §4, §7, §8 "join the queue"): a new visitor adding a ticket waits with their
 * place shown, is admitted back with a token and buys; a forged token sends them back.
 */

const SLUG = "northern-nights-sale";
const QUEUE = `/queue/${SLUG}`;

/** Runs axe at 390 px and at 1280 px on the current state, ending at 1280 px. */
async function axeAtBothWidths(page: Page, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${state} at ${width}px`);
  }
}

/** On the tickets screen: one more Friday ticket with the stepper. */
async function addFridayTicket(page: Page) {
  await page.getByRole("article", { name: "Friday ticket" }).getByRole("button", { name: "One more" }).click();
}

/** A visitor in `locale` (browser language) in the waiting room behind the line: heading in their language, axe-clean. */
async function waitingRoomIn(browser: Browser, locale: string, heading: string) {
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    // Others line up in front first, so this visitor waits here while axe runs.
    await fillLine(SLUG, 200);
    await page.goto(QUEUE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
    await axeAtBothWidths(page, `waiting room in ${locale}`);
    await page.screenshot({ path: `/tmp/waiting-room-shots/waiting-room-${locale}-1280.png` });
  } finally {
    await context.close();
  }
}

test("a new visitor is sent to the waiting room, sees their place move without a reload, is admitted and buys; a forged token sends them back", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A new visitor (no token) adds a ticket: the shop sends them to its queue address, no dialog. Visitors line up just
  // before, so this one waits there about half a minute (ten are admitted a second).
  await page.goto(`/${SLUG}/tickets`);
  await expect(page.getByRole("article", { name: "Friday ticket" })).toBeVisible();
  await fillLine(SLUG, 300);
  await addFridayTicket(page);
  await expect(page).toHaveURL((url) => url.pathname === QUEUE);
  // Every cart the visitor opens from here on: admission may come while the others below are still being checked.
  const carts: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v2/carts") carts.push(response.status());
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are in the queue for Northern Nights 2027 ticket sale");
  const place = page.getByRole("status");
  await expect(place).toContainText("Your place in line");
  await expect(place).toContainText("Estimated wait");
  // The place moves up without a reload (a mark set on this document survives the update).
  await page.evaluate(() => Object.assign(window, { waitingRoomMark: true }));
  const first = Number(await page.locator("#position").textContent());
  expect(first).toBeGreaterThan(0);
  // Checked first: ten are admitted a second, so on a slow machine the visitor may be through before axe is done.
  await expect(page.locator("#position")).not.toHaveText(String(first));
  expect(await page.evaluate(() => (window as unknown as { waitingRoomMark?: boolean }).waitingRoomMark)).toBe(true);
  await expectNoAxeViolations(page, "waiting room in en at 1280px");
  await page.screenshot({ path: "/tmp/waiting-room-shots/waiting-room-en-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/waiting-room-shots/waiting-room-en-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Others behind them see it in their own language, axe-clean.
  await waitingRoomIn(browser, "nl-NL", "Je staat in de wachtrij voor Northern Nights 2027 ticket sale");
  await waitingRoomIn(browser, "es-ES", "Estás en la cola de Northern Nights 2027 ticket sale");

  // Admitted: back to the page they left with a signed token in the address, which opens the cart, and the press the
  // queue interrupted carried out there.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/tickets\\?paymentQueueToken=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`), { timeout: 180_000 });
  await expect(page.getByRole("article", { name: "Friday ticket" }).getByText("1 in cart")).toBeVisible();
  expect(carts).toEqual([201]);

  // They buy: checkout, details, order, the test provider's payment.
  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/${SLUG}/checkout`);
  await fillVisitorDetails(page, "sanne@example.org");
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  await startIdealPayment(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/paymentstatus\\?.*status=completed`));
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  // A forged token (another visitor's link edited by hand, a fresh browser): the shop sends them back to the waiting room.
  const forged = await browser.newContext();
  try {
    const visitor = await forged.newPage();
    const refusals: number[] = [];
    visitor.on("response", (response) => {
      if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v2/carts") refusals.push(response.status());
    });
    await visitor.goto(`/${SLUG}/tickets?paymentQueueToken=eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJmb3JnZWQifQ.Zm9yZ2Vk`);
    await expect(visitor.getByRole("article", { name: "Friday ticket" })).toBeVisible();
    await fillLine(SLUG, 300);
    await addFridayTicket(visitor);
    await expect(visitor).toHaveURL((url) => url.pathname === QUEUE);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("You are in the queue for Northern Nights 2027 ticket sale");
    expect(refusals).toEqual([403]);
    await expect(visitor.getByRole("alertdialog")).toHaveCount(0);
  } finally {
    await forged.close();
  }
});

import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

/**
 * The payment queue (spec §3 queueUrl, §7 POST /carts paymentQueueToken, §8 "join the queue") as a visitor of the demo
 * shop with a queue meets it: the demo queue admits them with a signed token, the first ticket opens the cart with
 * it, and a token used up sends them back to the queue. Northern Nights' queueUrl is the reference server's demo queue.
 */

const SLUG = "northern-nights";

/** Runs axe at 390 px and at 1280 px on the current state, ending at 1280 px. */
async function axeAtBothWidths(page: Page, state: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${state} at ${width}px`);
  }
}

/** On the tickets screen: one more Friday ticket with the stepper, the cart's answer awaited. */
async function addFridayTicket(page: Page) {
  const friday = page.getByRole("article", { name: "Friday ticket" });
  await friday.getByRole("button", { name: "One more" }).click();
}

test("the demo queue admits a visitor with a token that opens one cart; a used token sends them back to the queue, which admits them again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const carts: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v2/carts") carts.push(response.status());
  });

  // The shop's queue address: the demo queue sends the visitor back to the shop with a token in the query.
  await page.goto("/demo-queue/northern-nights");
  await expect(page).toHaveURL(/\/northern-nights\?paymentQueueToken=[\w-]+\.[\w-]+\.[\w-]+$/);
  const admitted = new URL(page.url()).search;
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await axeAtBothWidths(page, "shop overview after the queue");

  // The query (and with it the token) is kept on the way to the tickets; the first ticket opens the cart with it.
  await page.getByRole("link", { name: "Get your Northern Nights tickets" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/${SLUG}/tickets` && url.search === admitted);
  await addFridayTicket(page);
  await expect(page.getByRole("article", { name: "Friday ticket" }).getByText("1 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText(/€ \d/);
  expect(carts).toEqual([201]);
  await axeAtBothWidths(page, "tickets with a cart opened through the queue");

  // The cart is gone (another device, a cleared browser): the token in the address was used for it already.
  await page.context().clearCookies({ name: `festival-shop.cart.${SLUG}` });
  await page.reload();
  await addFridayTicket(page);
  const refused = page.getByRole("alertdialog");
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("Join the queue again to access the ticket shop");
  expect(carts).toEqual([201, 403]);
  await axeAtBothWidths(page, "used queue token refused");
  await page.screenshot({ path: "/tmp/gates-b-shots/queue-refused-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/gates-b-shots/queue-refused-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its one button goes to the queue address, which admits the visitor again with a fresh token.
  await refused.getByRole("button", { name: "Join the queue" }).click();
  await expect(page).toHaveURL(/\/northern-nights\?paymentQueueToken=[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(new URL(page.url()).search).not.toBe(admitted);
  await page.goto(`/${SLUG}/tickets${new URL(page.url()).search}`);
  await addFridayTicket(page);
  await expect(page.getByRole("article", { name: "Friday ticket" }).getByText("1 in cart")).toBeVisible();
  expect(carts).toEqual([201, 403, 201]);
  await axeAtBothWidths(page, "tickets after joining the queue again");
  // Screens looked at by a person (not asserted): the refusal and the shop after the queue.
  await page.screenshot({ path: "/tmp/gates-b-shots/queue-tickets-1280.png", fullPage: true });
});

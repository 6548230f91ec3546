import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";

/**
 * The waiting list of a sold-out add-on (spec §1, §3 Previous order): a buyer joins, a unit comes back, and on the next
 * visit it is reserved for them with a deadline.
 */

const SLUG = "lowlands-lights";
/** The demo order #123456789 (Sam Visser, Hotel De Duinen) and its cart token. */
const ORDER = { reference: "123456789", cartToken: "ct_demo_4b8e2f6a1c9d" };

/** Finds the demo order on the add-on screen and opens its hotel's add-on detail. */
async function openHotelAddOns(page: Page): Promise<void> {
  await page.getByRole("textbox", { name: /Order number/ }).fill(ORDER.reference);
  await page.getByRole("button", { name: "Find my order" }).click();
  await page.getByRole("list", { name: "Your hotel bookings" }).getByRole("link", { name: "Add extras to Hotel De Duinen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeVisible();
}

test("a returning buyer joins the waiting list of a sold-out towel, and gets it reserved after stock returns", async ({ page }) => {
  await page.goto(`/${SLUG}/traveladdon?cartToken=${ORDER.cartToken}`);
  await openHotelAddOns(page);

  const waitingList = page.getByRole("region", { name: "Sold out" });
  const towel = waitingList.getByRole("listitem", { name: "Festival beach towel" });
  await towel.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(towel.getByRole("status")).toHaveText("You are number 1 in line for Festival beach towel.");
  await expectNoAxeViolations(page, "add-on detail, on the waiting list");

  // An operator puts one towel back on sale: the waiting list is served first (provider state, docs/provider-states.md).
  const restock = await page.request.post("/_pact/provider-states", { data: { state: "an add-on comes back in stock", params: { extraId: "ll_merch_towel", units: 1 } } });
  expect(restock.ok()).toBe(true);
  // The crowd still sees it sold out: the unit is reserved for this order.
  const extras = await page.request.get("/travel-api/lowlands-lights-2027-travel/en/packages/ll_hotel_dunes/options/extras");
  expect(extras.ok()).toBe(true);
  const { data } = (await extras.json()) as { data: Array<{ id: string; stock: number; soldOut: boolean }> };
  expect(data.find((e) => e.id === "ll_merch_towel")).toMatchObject({ stock: 0, soldOut: true });

  // The next visit of the add-on screen shows the offer with its deadline.
  await page.getByRole("link", { name: "All hotel add-ons" }).click();
  await page.getByRole("list", { name: "Your hotel bookings" }).getByRole("link", { name: "Add extras to Hotel De Duinen" }).click();
  await expect(towel.getByRole("status")).toHaveText(/^Festival beach towel is reserved for you until \d{2}:\d{2}/);
  await expectNoAxeViolations(page, "add-on detail, offer reserved");

  // Taking it puts the towel in the order's add-on cart.
  await towel.getByRole("button", { name: "Add to my order" }).click();
  await expect(page.getByTestId("travel-booking").getByRole("row", { name: /Festival beach towel/ })).toContainText("€ 24,95");
  await expect(towel.getByRole("button", { name: "Join the waiting list" })).toBeVisible();
  await expectNoAxeViolations(page, "add-on detail, reserved towel added");
});

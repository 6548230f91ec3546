import { expect as baseExpect, type Page, test } from "@playwright/test";
import { choose, payWithIdeal, placeOrderAsVisitor } from "./support/checkout.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

// Shared CI machines are slow: room for the server round trips of a whole journey.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOP_HEADERS = { "x-event-namespace": "lowlands-lights-2027", authorization: "Bearer sk_demo_7f3c9a1e5b2d48c6a0e4f1b9" };
const TRAVEL = "/travel-api/lowlands-lights-2027-travel/en";

/** Room and extra stock of Hotel De Duinen as the Travel API reports it. */
async function dunesStock(page: Page): Promise<{ double: number; breakfast: number }> {
  const options = await page.request.get(`${TRAVEL}/packages/ll_hotel_dunes/options?persons=2`);
  expect(options.ok()).toBe(true);
  const extras = await page.request.get(`${TRAVEL}/packages/ll_hotel_dunes/options/extras`);
  expect(extras.ok()).toBe(true);
  const optionList = ((await options.json()) as { data: Array<{ id: string; stock: number }> }).data;
  const extraList = ((await extras.json()) as { data: Array<{ id: string; stock: number }> }).data;
  return { double: optionList.find((o) => o.id === "ll_dunes_double")!.stock, breakfast: extraList.find((e) => e.id === "ll_extra_breakfast")!.stock };
}

/** Opens the filtered travel list, picks Hotel De Duinen, books the double room for 2 and sets 2 breakfasts. */
async function bookDunesDoubleWithBreakfasts(page: Page) {
  await page.goto("/lowlands-lights/travel");
  await expect(page.getByRole("heading", { level: 1, name: "Travel & Stay" })).toBeVisible();
  await expectNoAxeViolations(page);
  const persons = page.getByRole("textbox", { name: "Persons" });
  await persons.fill("2");
  await persons.press("Tab");
  await choose(page, page, "Rating", "3 stars or more");
  await expect(page).toHaveURL(/[?&]persons=2/);
  await expect(page).toHaveURL(/[?&]rating=3/);
  const list = page.getByRole("list", { name: "Travel packages" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("19 August 2027 to 23 August 2027");

  // The filtered list is a link: a reload keeps the filters.
  await page.reload();
  await expect(page.getByRole("button", { name: /Rating/ })).toContainText("3 stars or more");

  await list.getByRole("link", { name: "Hotel De Duinen" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/travel\/hotel-de-duinen\?.*persons=2/);
  await expect(page.getByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeVisible();
  await expectNoAxeViolations(page);

  const double = page.getByRole("listitem", { name: "Double room" });
  await expect(double).toContainText("€ 378,00 for 2 persons");
  await double.getByRole("button", { name: "Book Double room" }).click();
  const booking = page.getByTestId("travel-booking");
  await expect(booking).toContainText("Double room");
  // Without tickets the occupants rule's server message shows beside the booking, with no modal yet: the tickets may
  // come next (spec §8 8000 is raised when the visitor continues, see countdown-and-layers.e2e.ts).
  await expect(page.getByTestId("travel-occupants")).toContainText("2 persons");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(double.getByRole("button", { name: "Booked" })).toBeDisabled();

  const breakfast = page.getByRole("textbox", { name: "Amount of Breakfast buffet" });
  await breakfast.fill("2");
  await breakfast.press("Tab");
  await expect(booking.getByRole("row", { name: /Breakfast buffet/ })).toContainText("€ 37,00");
  await expect(page.getByTestId("travel-total")).toHaveText("€ 415,00");
  await expect(page.getByTestId("cart-total")).toHaveText("€ 415,00");
  await expectNoAxeViolations(page);
}

test("a visitor filters packages, books a double room with 2 breakfasts, adds 2 weekend tickets and pays; room and extra stock stay lower", async ({ page }) => {
  const before = await dunesStock(page);
  await bookDunesDoubleWithBreakfasts(page);
  expect(await dunesStock(page)).toEqual({ double: before.double - 1, breakfast: before.breakfast - 2 });


  // Tickets: 2 weekend tickets.
  await page.goto("/lowlands-lights/tickets");
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "2");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("2 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 874,00");

  // Back on the package: the booking is there and the occupants rule is satisfied (no modal).
  await page.goto("/lowlands-lights/travel/hotel-de-duinen");
  await expect(page.getByTestId("travel-booking")).toContainText("Double room");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Checkout and pay (tests/e2e/support/checkout.ts); the basket shows the booking in its travel group.
  await page.goto("/lowlands-lights/checkout");
  await expect(page.getByTestId("basket-total")).toBeVisible();
  await expect(page.locator(".basket-travel").getByTestId("travel-booking")).toContainText("Double room");
  await placeOrderAsVisitor(page);
  await payWithIdeal(page);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const cartId = new URL(page.url()).searchParams.get("cart")!;
  const cartResponse = await page.request.get(`/api/v2/carts/${cartId}`, { headers: SHOP_HEADERS });
  expect(((await cartResponse.json()) as { data: { status: string } }).data.status).toBe("confirmed");

  // The paid room and breakfasts stay taken.
  expect(await dunesStock(page)).toEqual({ double: before.double - 1, breakfast: before.breakfast - 2 });
});

test("the sold-out family suite cannot be booked; a screen that still offers it gets the spec's sold-out text and books nothing", async ({ page }) => {
  await page.goto("/lowlands-lights/travel/hotel-de-duinen?persons=4");
  const suite = page.getByRole("listitem", { name: "Family suite" });
  await expect(suite.getByText("Sold out")).toBeVisible();
  await expect(suite.getByRole("button", { name: "Book Family suite" })).toBeDisabled();
  await expectNoAxeViolations(page);

  // A stale screen (the Travel API still said it had rooms): the booking is refused with the spec §8 text.
  await page.route("**/travel-api/**/packages/ll_hotel_dunes/options?*", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Array<Record<string, unknown>> };
    for (const option of body.data) if (option["id"] === "ll_dunes_suite") Object.assign(option, { soldOut: false, stock: 1 });
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await suite.getByRole("button", { name: "Book Family suite" }).click();
  await expect(suite.getByRole("alert")).toHaveText(/^(This package combination is sold out\.|At this moment, this product is not available\. Try again later or choose a different product\.)$/);
  await expect(page.getByTestId("travel-booking")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("removing the booking asks for confirmation (6001) and gives the room and extras back", async ({ page }) => {
  const before = await dunesStock(page);
  await bookDunesDoubleWithBreakfasts(page);
  expect(await dunesStock(page)).toEqual({ double: before.double - 1, breakfast: before.breakfast - 2 });

  // Cancel keeps the booking.
  await page.getByRole("button", { name: "Remove booking" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Remove travel?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("travel-booking")).toBeVisible();

  // Confirm removes it.
  await page.getByRole("button", { name: "Remove booking" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("travel-booking")).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
  expect(await dunesStock(page)).toEqual(before);
});

/** The demo order #123456789 (Sam Visser, Hotel De Duinen): its cart token arrives as the deep link's cartToken (spec §2, §6). */
const DEMO_ORDER = { reference: "123456789", cartToken: "ct_demo_4b8e2f6a1c9d" };

test("a visitor whose earlier order booked Hotel De Duinen opens the add-on link, finds the order, adds a breakfast and sees it in the basket", async ({ page }) => {
  const before = await dunesStock(page);
  await page.goto(`/lowlands-lights/traveladdon?cartToken=${DEMO_ORDER.cartToken}`);
  await expect(page.getByRole("heading", { level: 1, name: "Hotel add-ons" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The order lookup (spec §4 Add-on lookup, §5): an invalid number says so without a call; the right one finds the order.
  const orderNumber = page.getByRole("textbox", { name: /Order number/ });
  await orderNumber.fill("12345");
  await page.getByRole("button", { name: "Find my order" }).click();
  await expect(page.getByText("This is not a valid order number.")).toBeVisible();
  await expectNoAxeViolations(page);
  await orderNumber.fill(`#${DEMO_ORDER.reference}`);
  await page.getByRole("button", { name: "Find my order" }).click();
  const booking = page.getByRole("list", { name: "Your hotel bookings" }).getByRole("listitem").first();
  await expect(booking.getByRole("heading", { name: "Hotel De Duinen" })).toBeVisible();
  await expect(booking).toContainText("Order #123456789");
  await expect(booking).toContainText("Travel: Hotel De Duinen - Double room");
  // The flow now offers the add-on step instead of travel (spec §2 Route guards).
  const steps = page.getByRole("navigation", { name: "Steps of your order" });
  await expect(steps.getByRole("link", { name: "Hotel add-ons" })).toBeVisible();
  await expect(steps.getByRole("link", { name: "Travel & Stay" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await booking.getByRole("link", { name: "Add extras to Hotel De Duinen" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/traveladdon\/hotel-de-duinen\?cartToken=/);
  await expect(page.getByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Booked with your order" })).toContainText("Travel: Hotel De Duinen - Double room");
  const available = page.getByRole("region", { name: "Available add-ons" });
  await expect(available.getByRole("listitem", { name: "Breakfast buffet" })).toContainText("€ 18,50 each");
  await expect(available.getByText("Festival beach towel")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // One breakfast: PATCH …/add-ons in a new add-on cart opened with the order's cart token.
  const breakfast = available.getByRole("textbox", { name: "Amount of Breakfast buffet" });
  await breakfast.fill("1");
  await breakfast.press("Tab");
  const addOns = page.getByTestId("travel-booking");
  await expect(addOns.getByRole("row", { name: /Breakfast buffet/ })).toContainText("€ 18,50");
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
  expect((await dunesStock(page)).breakfast).toBe(before.breakfast - 1);
  await expectNoAxeViolations(page);

  // The basket shows the add-on in its travel group, with the cart's total.
  await page.getByRole("link", { name: "Go to checkout" }).last().click();
  await expect(page).toHaveURL(/\/lowlands-lights\/checkout\?cartToken=/);
  const basketTravel = page.locator(".basket-travel").getByTestId("travel-booking");
  await expect(basketTravel.getByRole("row", { name: /Breakfast buffet/ })).toContainText("€ 18,50");
  await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
  await expect(page.getByTestId("basket-total")).toHaveText(await page.getByTestId("cart-total").innerText());
  await expectNoAxeViolations(page);
});

import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { choose, payOnTestProvider, startIdealPayment } from "./support/checkout.ts";

/**
 * Adding to an earlier order (spec §1 add-on shop, §3 Previous order, §6 "Add-on shop and deep-link carts authenticate
 * with a cart token header", §7 get-orders) and a cart from a deep link (spec §2 "A cart from a deep link is flagged
 * when cartToken and cartId are present").
 */

const SLUG = "lowlands-lights";
/** The demo order #123456789 (Sam Visser, Hotel De Duinen) and its cart token. */
const ORDER = { reference: "123456789", cartToken: "ct_demo_4b8e2f6a1c9d" };

/** Looks up the demo order on the add-on screen and answers its booking card. */
async function lookUpOrder(page: Page) {
  await page.getByRole("textbox", { name: /Order number/ }).fill(ORDER.reference);
  await page.getByRole("button", { name: "Find my order" }).click();
  const booking = page.getByRole("list", { name: "Your hotel bookings" }).getByRole("listitem").first();
  await expect(booking.getByRole("heading", { name: "Hotel De Duinen" })).toBeVisible();
  return booking;
}

/** Fills the checkout details of Sam Visser (no tickets in an add-on cart: no refund protection question), accepts the terms and places the order. */
async function placeAddOnOrder(page: Page): Promise<void> {
  await page.locator("label", { hasText: "Male" }).first().click();
  await page.getByRole("textbox", { name: /First name/ }).fill("Sam");
  await page.getByRole("textbox", { name: /Last name/ }).fill("Visser");
  await page.getByRole("textbox", { name: /Email/ }).fill("sam.visser@example.com");
  await page.getByRole("textbox", { name: /Phone number/ }).fill("612345678");
  await choose(page, page, "Day", "3");
  await choose(page, page, "Month", "February");
  await choose(page, page, "Year", "1990");
  await page.getByRole("textbox", { name: /Street/ }).fill("Kerkstraat");
  await page.getByRole("textbox", { name: /House number/ }).fill("3");
  await page.getByRole("textbox", { name: /Postal code/ }).fill("1017 GC");
  await page.getByRole("textbox", { name: /City/ }).fill("Amsterdam");
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
}

test("a returning buyer adds a shuttle to order 123456789, pays it, and the order then shows it", async ({ page }) => {
  await page.goto(`/${SLUG}/traveladdon?cartToken=${ORDER.cartToken}`);
  const booking = await lookUpOrder(page);
  await booking.getByRole("link", { name: "Add extras to Hotel De Duinen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Hotel De Duinen" })).toBeVisible();

  // Two shuttles as add-ons of the order (PATCH …/add-ons in an add-on cart opened with the order's cart token).
  const shuttle = page.getByRole("region", { name: "Available add-ons" }).getByRole("textbox", { name: "Amount of Shuttle hotel - festival" });
  await shuttle.fill("2");
  await shuttle.press("Tab");
  await expect(page.getByTestId("travel-booking").getByRole("row", { name: /Shuttle hotel - festival/ })).toContainText("€ 24,00");
  await expectNoAxeViolations(page, "add-on detail with a shuttle");

  // Checkout, Place order: the query keeps the cart token, so ordering and paying carry x-cart-token.
  await page.getByRole("link", { name: "Go to checkout" }).last().click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/checkout\\?cartToken=`));
  await expect(page.getByTestId("basket-total")).toHaveText("€ 24,00");
  const ordered = page.waitForResponse((response) => /\/api\/v2\/carts\/[^/]+\/orders$/.test(response.url()) && response.request().method() === "POST");
  await placeAddOnOrder(page);
  await expect(page).toHaveURL(/[?&]cartToken=ct_demo_4b8e2f6a1c9d/);
  await expectNoAxeViolations(page, "add-on checkout, payment panel");
  await startIdealPayment(page);
  const order = await ordered;
  expect(order.status()).toBe(201);
  expect(order.request().headers()["x-cart-token"]).toBe(ORDER.cartToken);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  // Paid: the status page reads the add-on cart back with its token.
  await payOnTestProvider(page);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expectNoAxeViolations(page, "add-on payment completed");

  // A later visit finds the order with the shuttles on it (get-orders).
  await page.goto(`/${SLUG}/traveladdon?cartToken=${ORDER.cartToken}`);
  const again = await lookUpOrder(page);
  await expect(again).toContainText("Travel: Hotel De Duinen - Double room");
  await expect(again).toContainText("2 × Travel: Hotel De Duinen - Shuttle hotel - festival");
  await expectNoAxeViolations(page, "add-on list showing the paid additions");
  await again.getByRole("link", { name: "Add extras to Hotel De Duinen" }).click();
  await expect(page.getByRole("region", { name: "Booked with your order" })).toContainText("Shuttle hotel - festival");
});

test("a cart from a deep link (cartId and cartToken) is the visitor's cart, not an empty one", async ({ page }) => {
  const state = await page.request.post("/_pact/provider-states", {
    data: { state: "a cart", params: { addOnOf: ORDER.reference, addOns: { ll_extra_breakfast: 2 } } },
  });
  expect(state.ok()).toBe(true);
  const { cartId, cartToken } = (await state.json()) as { cartId: string; cartToken: string };
  // The visitor's cookie still names an earlier cart with a hotel room: the deep link's cart wins, for the basket and
  // its hotel booking alike, already in the first page the server renders.
  const earlier = await page.request.post("/_pact/provider-states", {
    data: { state: "a cart", params: { hotel: { travelId: "lowlands-lights-2027-travel", productId: "ll_dunes_double" } } },
  });
  expect(earlier.ok()).toBe(true);
  const { cartId: earlierCartId } = (await earlier.json()) as { cartId: string };
  await page.context().addCookies([{ name: `festival-shop.cart.${SLUG}`, value: earlierCartId, domain: "localhost", path: "/" }]);

  await page.goto(`/${SLUG}/tickets?cartId=${cartId}&cartToken=${cartToken}`);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 37,00");
  await expectNoAxeViolations(page, "tickets with a deep-link cart");

  // The basket is that cart's, and a ticket added goes into it (no new cart).
  const weekend = page.getByRole("article", { name: "Weekend ticket" });
  await choose(page, weekend, "Quantity", "1");
  await weekend.getByRole("button", { name: "Add to cart" }).click();
  await expect(weekend.getByText("1 in cart")).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("€ 266,50");
  const remembered = (await page.context().cookies()).find((c) => c.name === `festival-shop.cart.${SLUG}`)?.value;
  expect(remembered).toBe(cartId);

  await page.getByRole("main").getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.locator(".basket-travel").getByTestId("travel-booking").getByRole("row", { name: /Breakfast buffet/ })).toContainText("€ 37,00");
  await expect(page.locator(".basket-travel")).not.toContainText("Double room");
  await expect(page.locator(".basket").getByRole("row", { name: /Weekend ticket/ })).toBeVisible();
  await expect(page.getByTestId("basket-total")).toHaveText("€ 266,50");
  await expectNoAxeViolations(page, "checkout of a deep-link cart");
});

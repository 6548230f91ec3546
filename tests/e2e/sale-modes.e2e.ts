import { expect as baseExpect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { fillVisitorDetails, startIdealPayment } from "./support/checkout.ts";
import { tabTo } from "./support/keyboard.ts";
import { logInOnProviderPage } from "./support/login.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const HARBOUR = { slug: "harbour-sounds", headers: { "x-event-namespace": "harbour-sounds-2027", authorization: "Bearer sk_demo_3a7f1c9e5d2b46a8c0e4b6d2" } };
const ZWARTE_CROSS = { slug: "zwarte-cross", headers: { "x-event-namespace": "zwarte-cross-2027", authorization: "Bearer sk_demo_6b0e3f8a2d7c45b1e9a4c8d3" } };

test("upsell: from the event chooser to Harbour Sounds, a ticket added with the keyboard opens the upsell panel; Escape closes it, Continue goes on, the basket's slider offers the rest", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Harbour Sounds/ }).first().click();
  await expect(page).toHaveURL(/\/harbour-sounds$/);
  await page.goto("/harbour-sounds/tickets");
  const weekend = page.getByRole("article", { name: "Harbour weekend ticket" });
  const add = weekend.getByRole("button", { name: "Add to cart" });
  await tabTo(page, add);
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Make your festival complete" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Many visitors add one of these to their order.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Harbour Sounds cap/ })).toHaveAttribute("href", "/harbour-sounds/merchandise");
  await expect(dialog.getByRole("link", { name: /Harbour Sounds hoodie/ })).toBeVisible();
  // The shop's upsellProducts: the locker first, highlighted, under its own tile name (spec §3).
  const locker = dialog.getByRole("link", { name: /Locker for the weekend, phone charger included/ });
  await expect(locker).toHaveAttribute("href", "/harbour-sounds/extras");
  await expect(dialog.getByRole("listitem").first()).toHaveClass(/upsell-tile-highlighted/);
  // Focus is inside the modal, and Tab keeps it there.
  await expect(dialog.locator(":focus")).toHaveCount(1);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
  }
  await expectNoAxeViolations(page, "upsell panel");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, "upsell panel at 390 px");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(weekend.getByRole("button", { name: "Remove" })).toBeFocused();

  // Another ticket raises the total again: the panel opens again; Continue (Enter) goes to the flow's next step.
  const saturday = page.getByRole("article", { name: "Harbour Saturday ticket" });
  await tabTo(page, saturday.getByRole("button", { name: "Add to cart" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("link", { name: "Continue" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/harbour-sounds\/packages$/);
  await expect(dialog).toHaveCount(0);

  // The basket's slider: the upsell products still not in the cart, each linking to its screen.
  await page.goto("/harbour-sounds/checkout");
  const slider = page.getByRole("region", { name: "You may also like" });
  await expect(slider.getByRole("link")).toHaveCount(3);
  await expect(slider.getByRole("link", { name: /Locker for the weekend/ })).toHaveAttribute("href", "/harbour-sounds/extras");
  await expectNoAxeViolations(page, "basket with upsell slider");
});

test("state: in a shop paying with Adyen a visitor from the United States must pick a state; the server refuses details without one; the test provider stands in for Adyen", async ({ page }) => {
  const created = await page.request.post("/api/v2/carts", { headers: HARBOUR.headers, data: {} });
  expect(created.status()).toBe(201);
  const cartId = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await page.request.put(`/api/v2/carts/${cartId}/products`, { headers: HARBOUR.headers, data: { productId: "hs_ticket_weekend", quantity: 1 } })).ok()).toBe(true);
  await rememberCart(page, HARBOUR.slug, cartId);

  await page.goto("/harbour-sounds/checkout");
  await fillVisitorDetails(page, "jamie@example.org");
  // The Select triggers are named by their value and label ("Netherlands Country *"); the phone's is "Country code".
  const state = page.getByRole("button", { name: /\bState \*$/ });
  await expect(state).toHaveCount(0);
  await page.getByRole("button", { name: /\bCountry \*$/ }).click();
  await page.getByRole("option", { name: "United States", exact: true }).click();
  await expect(state).toBeVisible();
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Fix the errors in the form").first()).toBeVisible();
  await expect(state).toHaveAccessibleDescription(/This field is required/);
  await expectNoAxeViolations(page, "state required");

  // What a client skipping the form sends: the server refuses it too, naming the state.
  const refused = await page.request.put(`/api/v2/carts/${cartId}`, {
    headers: HARBOUR.headers,
    data: { gender: "female", firstName: "Jamie", middleName: " ", lastName: "Lee", phoneNumber: "+12125550100", email: "jamie@example.org", dateOfBirth: "1995-04-12", address: "Broadway", streetNumber: 1600, streetNumberExtension: " ", postalCode: "10019", city: "New York", country: "US" },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({ code: "request.invalid", message: expect.stringContaining("state") });

  await state.click();
  await page.getByRole("option", { name: "New York", exact: true }).click();
  await expect(state).not.toHaveAccessibleDescription(/This field is required/);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  await startIdealPayment(page);
});

test("timeslots: an anonymous visitor of the timeslot presale meets 3003 'not open for you yet'; a gold member logged in shops", async ({ page }) => {
  await page.goto("/lowlands-timeslots/tickets");
  const ticket = page.getByRole("article", { name: "Presale weekend ticket" });
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Not open for you yet" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("The shop is not open for you yet. Check your timeslot: you can shop from the moment it starts.")).toBeVisible();
  await expectNoAxeViolations(page, "3003 timeslot notice");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");

  // Anna's gold membership has its wave open: logged in, she adds the ticket.
  await page.getByRole("button", { name: /Log in|Account/ }).first().click();
  await logInOnProviderPage(page, "anna@example.com", /\/lowlands-timeslots/);
  await page.goto("/lowlands-timeslots/tickets");
  await ticket.getByRole("button", { name: "Add to cart" }).click();
  await expect(ticket.getByRole("button", { name: "Remove" })).toBeVisible();
  await expect(page.getByTestId("cart-total")).not.toHaveText("€ 0,00");
  await expect(dialog).toHaveCount(0);
  await expectNoAxeViolations(page, "gold member in the presale");
});

test("shop closed: in last year's Northern Nights sale, whose timeslot has ended, adding a ticket shows 4000", async ({ page }) => {
  await page.goto("/northern-nights-2026/tickets");
  await page.getByRole("article", { name: "Combi ticket 2026" }).getByRole("button", { name: "Add to cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Shop closed" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("This shop is closed: the sale is over.")).toBeVisible();
  await expectNoAxeViolations(page, "4000 shop closed");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("cart-total")).toHaveText("€ 0,00");
});

test("6007: in the Zwarte Cross shop (a festival brand) choosing Other countries with merchandise asks first; Cancel keeps the cap, Confirm takes it out", async ({ page }) => {
  const headers = ZWARTE_CROSS.headers;
  const created = await page.request.post("/api/v2/carts", { headers, data: {} });
  const cartId = ((await created.json()) as { data: { id: string } }).data.id;
  for (const [productId, quantity] of [["zc_ticket_weekend", 1], ["zc_cap_onesize", 1]] as const) {
    expect((await page.request.put(`/api/v2/carts/${cartId}/products`, { headers, data: { productId, quantity } })).ok()).toBe(true);
  }
  await rememberCart(page, ZWARTE_CROSS.slug, cartId);
  await page.goto("/zwarte-cross/checkout");
  const merchandise = page.locator(".basket").getByRole("heading", { name: "Merchandise" });
  await expect(merchandise).toBeVisible();

  const pickOther = async () => {
    await page.getByRole("button", { name: /Shipping country/ }).click();
    // The festival brands' list: Netherlands, Belgium, Germany and Other countries (spec §9).
    await expect(page.getByRole("option")).toHaveCount(4);
    await page.getByRole("option", { name: /^Other countries/ }).click();
  };
  await pickOther();
  const dialog = page.getByRole("alertdialog", { name: "Change shipping country?" }).or(page.getByRole("dialog", { name: "Change shipping country?" }));
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("data-code", "6007");
  await expectNoAxeViolations(page, "6007 confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(merchandise).toBeVisible();

  await pickOther();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(merchandise).toHaveCount(0);
  await expect(page.locator(".basket").getByText("Zwarte Cross weekend ticket")).toBeVisible();
});

test("6003: a Harbour Sounds stay package ordered without a ticket asks 'No tickets selected' first; Cancel places nothing, Confirm goes on to payment", async ({ page }) => {
  const created = await page.request.post("/api/v2/carts", { headers: HARBOUR.headers, data: {} });
  const cartId = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await page.request.put(`/api/v2/carts/${cartId}/products`, { headers: HARBOUR.headers, data: { productId: "hs_package_boatel", quantity: 1 } })).ok()).toBe(true);
  await rememberCart(page, HARBOUR.slug, cartId);
  await page.goto("/harbour-sounds/checkout");
  await fillVisitorDetails(page, "robin@example.org");
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  const dialog = page.getByRole("alertdialog", { name: "No tickets selected" }).or(page.getByRole("dialog", { name: "No tickets selected" }));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("data-code", "6003");
  await expectNoAxeViolations(page, "6003 confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Payment method" })).toHaveCount(0);
  await page.getByRole("button", { name: "Place order" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
});

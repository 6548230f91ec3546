import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { rememberCart } from "./support/cart-cookie.ts";
import { logInFromLoginScreen, userToken } from "./support/login.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

const MEMBERS = { slug: "lowlands-members", headers: { "x-event-namespace": "lowlands-members-2027", authorization: "Bearer sk_demo_9d1a4c7e2f6b48a3c5e0b8d1" } };
const WIDTHS = [390, 1280] as const;

/** Runs axe on the current screen at 390 and 1280 px (ends at 1280). */
async function axeAtBothWidths(page: Page, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page, `${what} at ${width} px`);
  }
}

/**
 * A members-shop cart with one ticket, made through the Shop API with the logged-in member's identity token (the member
 * sale makes no cart without one: spec §6) and remembered by the app (its cart cookie).
 */
async function membersCart(page: Page): Promise<void> {
  const headers = { ...MEMBERS.headers, "x-user-token": await userToken(page) };
  const created = await page.request.post("/api/v2/carts", { headers, data: {} });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const put = await page.request.put(`/api/v2/carts/${id}/products`, { headers, data: { productId: "llm_ticket_weekend", quantity: 1 } });
  expect(put.ok()).toBe(true);
  await rememberCart(page, MEMBERS.slug, id);
}

test("a member sale sends an anonymous visitor to /login; logging in comes back, prefills the checkout and shows Account and Log out; logging out ends it", async ({ page }) => {
  // spec §2 Route guards: a member sale with single sign-on and nobody logged in redirects to /login.
  await page.goto(`/${MEMBERS.slug}/checkout`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in to continue" })).toBeVisible();
  await axeAtBothWidths(page, "/login");

  // The provider's own login page: labelled fields, a wrong password answers an alert.
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole("heading", { level: 1, name: "Log in to your festival account" })).toBeVisible();
  await axeAtBothWidths(page, "provider login page");
  await page.getByLabel("E-mail address").fill("anna@example.com");
  await page.getByLabel("Password").fill("not-her-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toContainText("The e-mail address or password is not right");
  await axeAtBothWidths(page, "provider login page with the error");
  await page.getByLabel("Password").fill("festival");
  await page.getByRole("button", { name: "Log in" }).click();

  // Back on the page the visitor was sent away from, logged in; the member's cart is made with the member's token.
  await expect(page).toHaveURL(new RegExp(`/${MEMBERS.slug}/checkout$`));
  await membersCart(page);
  await page.reload();
  // spec §3: the checkout form is prefilled from the profile, the e-mail read-only.
  const email = page.getByRole("textbox", { name: /^Email/ });
  await expect(email).toHaveValue("anna@example.com");
  await expect(email).toHaveAttribute("readonly", "");
  await expect(page.getByRole("textbox", { name: /^First name/ })).toHaveValue("Anna");
  await expect(page.getByRole("textbox", { name: /^Last name/ })).toHaveValue("de Vries");
  await expect(page.getByRole("textbox", { name: /^Postal code/ })).toHaveValue("1017 GC");
  await expect(page.getByText("From your account.")).toBeVisible();
  await axeAtBothWidths(page, "prefilled checkout");

  // spec §2 Header: the profile icon opens Account and Log out.
  await page.getByRole("button", { name: "Your account" }).click();
  await expect(page.getByRole("menuitem", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await expectNoAxeViolations(page, "account menu at 1280 px");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Your account" }).click();
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await expectNoAxeViolations(page, "account menu at 390 px");

  // spec §4 Login state: logging out ends the session and goes to the root; the member sale asks for a login again.
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Log out of your festival account?" })).toBeVisible();
  await axeAtBothWidths(page, "provider logout page");
  await page.getByRole("button", { name: "Yes, log me out" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto(`/${MEMBERS.slug}`);
  await expect(page).toHaveURL(/\/login$/);
});

test("the profile icon of a regular shop starts the login and comes back to the same page; an account without a membership gets 6005 in the member sale", async ({ page }) => {
  await page.goto("/lowlands-lights/tickets");
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel("E-mail address").fill("sam@example.com");
  await page.getByLabel("Password").fill("festival");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/tickets$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Your account" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Log in" })).toHaveCount(0);

  // spec §6, §8 6005: Sam has no membership, so the member sale answers Membership needed, which leads to the event chooser.
  await page.goto(`/${MEMBERS.slug}/tickets`);
  const dialog = page.getByRole("alertdialog", { name: "Membership needed" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This sale is for members only");
  await axeAtBothWidths(page, "6005 Membership needed");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Choose another event" }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose your event" })).toBeVisible();
});

test("pre-registration: the basket is a wishlist with a save button; saving shows the spinner, then 'Thank you, wishlist saved', and the header's Wishlist button", async ({ page }) => {
  const WISH = { slug: "lowlands-wishlist", headers: { "x-event-namespace": "lowlands-lights-2028", authorization: "Bearer sk_demo_4e8b2d6f1a3c47e9b0d5a7c2" } };
  await page.goto(`/${WISH.slug}/checkout`);
  await logInFromLoginScreen(page, "lucia@example.com", new RegExp(`/${WISH.slug}/checkout$`));
  // The pre-registration makes no cart without a login (spec §6): the wishlist cart is made with Lucía's token.
  const headers = { ...WISH.headers, "x-user-token": await userToken(page) };
  const created = await page.request.post("/api/v2/carts", { headers, data: {} });
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  expect((await page.request.put(`/api/v2/carts/${id}/products`, { headers, data: { productId: "llp_ticket_weekend", quantity: 2 } })).ok()).toBe(true);
  await rememberCart(page, WISH.slug, id);
  await page.reload();

  // spec §2, §4: wishlist title, no countdown, no details form or order button, the save button instead.
  await expect(page.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  await expect(page.locator(".countdown")).toHaveCount(0);
  // spec §9: 2 × € 235,00 + order service fee € 2,50 + wishlist fee € 1,50.
  await expect(page.getByTestId("basket-total")).toContainText("€ 474,00");
  await expect(page.getByRole("banner").getByRole("button", { name: "Wishlist" })).toHaveCount(0);
  await axeAtBothWidths(page, "wishlist basket");
  await page.getByRole("button", { name: "Save wishlist" }).click();
  // saving: the button is disabled and shows the spinner for about a second (spec §4, §9 wishlist save delay 1000 ms).
  await expect(page.getByRole("button", { name: "Save wishlist" })).toBeDisabled();
  await expect(page.locator(".wishlist-save .spinner")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Thank you, wishlist saved" })).toBeVisible();
  await axeAtBothWidths(page, "wishlist saved");

  // A later visit: the header's Wishlist button (spec §2 Header) for the saved wishlist with products (wishlist.e2e.ts opens it).
  await page.goto(`/${WISH.slug}`);
  await expect(page.getByRole("banner").getByRole("button", { name: "Wishlist" })).toBeVisible();
});

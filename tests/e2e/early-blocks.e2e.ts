import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { logInFromLoginScreen, userToken } from "./support/login.ts";

// Shared, slow machine: screens may take longer than the default 15 s to settle.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);

/**
 * Blocks told when met, with the spec's dialog (spec §6, §8): a sale whose access waves all ended says Shop closed (4000)
 * on arrival; a member at the one-order limit hears 8001 at the first Add to cart.
 */

const MEMBERS = { slug: "lowlands-members", headers: { "x-event-namespace": "lowlands-members-2027", authorization: "Bearer sk_demo_9d1a4c7e2f6b48a3c5e0b8d1" } };
const DETAILS = {
  gender: "female", firstName: "Anna", middleName: " ", lastName: "de Boer", phoneNumber: "+31612345678", email: "anna@example.com",
  dateOfBirth: "1990-04-12", address: "Damrak", streetNumber: 1, streetNumberExtension: " ", postalCode: "1012 LG", city: "Amsterdam", country: "NL",
};

/** The error dialog showing catalogue code `code`. */
const dialogWithCode = (page: Page, code: number) => page.locator(`[role="alertdialog"][data-code="${code}"], [role="dialog"][data-code="${code}"]`);

async function api(page: Page, headers: Record<string, string>, method: "POST" | "PUT", path: string, data: unknown) {
  const response = await page.request.fetch(`/api/v2${path}`, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test("a closed sale says Shop closed (4000) on arrival, before any Add to cart is pressed", async ({ page }) => {
  const cartCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/v2/carts")) cartCalls.push(`${request.method()} ${request.url()}`);
  });
  await page.goto("/northern-nights-2026");
  const closed = dialogWithCode(page, 4000);
  await expect(closed).toBeVisible();
  await expect(closed.getByRole("heading", { name: "Shop closed" })).toBeVisible();
  await expectNoAxeViolations(page, "4000 on the overview");
  await closed.getByRole("button").first().click();
  await expect(closed).toHaveCount(0);

  // Straight to the tickets: told again on arrival, before any press.
  await page.goto("/northern-nights-2026/tickets");
  await expect(dialogWithCode(page, 4000)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, "4000 on the tickets page at 390px");
  expect(cartCalls).toEqual([]);
});

test("a member at the one order per account hears it (8001) at the first Add to cart, not at the end of the form", async ({ page }) => {
  await page.goto(`/${MEMBERS.slug}`);
  await logInFromLoginScreen(page, "anna@example.com", new RegExp(`/${MEMBERS.slug}$`));
  const member = { ...MEMBERS.headers, "x-user-token": await userToken(page) };
  // Anna's one order of this sale (paid), unless an earlier journey placed it already.
  const first = (await api(page, member, "POST", "/carts", {}))["id"] as string;
  const withTicket = await api(page, member, "PUT", `/carts/${first}/products`, { productId: "llm_ticket_weekend", quantity: 1 });
  if (withTicket["checkoutAllowed"] !== false) {
    await api(page, member, "PUT", `/carts/${first}`, DETAILS);
    const order = await api(page, member, "POST", `/carts/${first}/orders`, { paymentMethod: "ideal", redirectUri: new URL(`/${MEMBERS.slug}/paymentstatus`, page.url()).toString() });
    const pay = await page.request.post(new URL(String(order["redirectUri"])).pathname, { form: { outcome: "pay" }, maxRedirects: 0 });
    expect(pay.status()).toBeLessThan(400);
  }

  await page.goto(`/${MEMBERS.slug}/tickets`);
  const ticket = page.getByRole("article", { name: "Member weekend ticket" });
  await expect(ticket).toBeVisible();
  await expectNoAxeViolations(page, "member tickets before the add");
  await ticket.getByRole("button", { name: "One more" }).click();
  const limit = dialogWithCode(page, 8001);
  await expect(limit).toBeVisible();
  await expect(limit).toContainText("maximum of 1 order per account");
  await expectNoAxeViolations(page, "8001 at the first add");
  await limit.getByRole("button").first().click();
  await expect(limit).toHaveCount(0);
});

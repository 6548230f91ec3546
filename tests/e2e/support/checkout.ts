import { expect, type Locator, type Page } from "@playwright/test";

/** Opens the react-aria Select whose trigger is named `label` inside `scope` and picks the option named `option`. */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole("button", { name: new RegExp(`\\b${label}\\b`) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** On the checkout page: fills in the details of one visitor (Sanne de Vries, Amsterdam, `email`), spec §5 form fields. */
export async function fillVisitorDetails(page: Page, email: string): Promise<void> {
  await page.locator("label", { hasText: "Female" }).click();
  await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();
  await page.getByRole("textbox", { name: /First name/ }).fill("Sanne");
  await page.getByRole("textbox", { name: /Last name/ }).fill("de Vries");
  await page.getByRole("textbox", { name: /Email/ }).fill(email);
  await page.getByRole("textbox", { name: /Phone number/ }).fill("612345678");
  await choose(page, page, "Day", "12");
  await choose(page, page, "Month", "April");
  await choose(page, page, "Year", "1995");
  await page.getByRole("textbox", { name: /Street/ }).fill("Damrak");
  await page.getByRole("textbox", { name: /House number/ }).fill("1");
  await page.getByRole("textbox", { name: /Postal code/ }).fill("1012 LG");
  await page.getByRole("textbox", { name: /City/ }).fill("Amsterdam");
}

/**
 * Fills in one visitor's checkout details, answers refund protection No, accepts the terms, optionally subscribes (spec
 * §7 Other calls) and places the order (spec §4); ends on the payment panel.
 */
export async function placeOrderAsVisitor(page: Page, email = "Sanne@Example.org", { newsletter = false } = {}): Promise<void> {
  await fillVisitorDetails(page, email);
  await page.locator("label", { hasText: "No, thanks" }).click(); // refund protection choice (spec §5 form_no_insurance_choice)
  await expect(page.getByRole("radio", { name: "No, thanks" })).toBeChecked();
  await page.locator("label", { hasText: "I accept the terms and conditions" }).click();
  await expect(page.getByRole("checkbox", { name: /terms and conditions/ })).toBeChecked();
  const subscription = newsletter ? page.waitForRequest((request) => request.url().endsWith("/api/newsletter/subscriptions") && request.method() === "POST") : null;
  if (newsletter) {
    await page.locator("label", { hasText: "Send me the newsletter of" }).click();
    await expect(page.getByRole("checkbox", { name: /newsletter/ })).toBeChecked();
  }
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Payment method" })).toBeVisible();
  if (subscription) {
    const sent = (await subscription).postDataJSON() as Record<string, string>;
    expect(sent).toMatchObject({ firstName: "Sanne", lastName: "de Vries", locale: "en" });
    expect(sent["email"]?.toLowerCase()).toBe(email.toLowerCase());
    expect((await (await subscription).response())?.status()).toBe(202);
  }
}

/** On the payment panel: chooses iDEAL and presses Pay now; ends on the built-in test provider's page with the cart in payment. Returns that page's address. */
export async function startIdealPayment(page: Page): Promise<string> {
  await page.locator("label", { hasText: "iDEAL" }).click();
  await expect(page.getByRole("radio", { name: "iDEAL" })).toBeChecked();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/test-payments\/[0-9a-f-]{36}$/);
  return page.url();
}

/** On the built-in test provider's page: pays and ends on the completed payment status page. */
export async function payOnTestProvider(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/lowlands-lights\/paymentstatus\?.*status=completed/);
}

/** On the payment panel: chooses iDEAL, pays on the built-in test provider's page and ends on the completed payment status page. */
export async function payWithIdeal(page: Page): Promise<void> {
  await startIdealPayment(page);
  await payOnTestProvider(page);
}

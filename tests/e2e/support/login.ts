import { expect, type Page } from "@playwright/test";

/** The demo accounts' password (server/identity/demo-accounts.ts). */
const PASSWORD = "festival";

/**
 * Logs in as `email` on the development identity provider's own page, which the visitor is on (after a Log in
 * button or the login route), and waits until the app is back at a URL matching `back`.
 */
export async function logInOnProviderPage(page: Page, email: string, back: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/oidc\/interaction\//, { timeout: 60_000 });
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(back, { timeout: 60_000 });
}

/** Logs in from the app's /login screen (where a shop that needs a login sends an anonymous visitor), back to `back`. */
export async function logInFromLoginScreen(page: Page, email: string, back: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/login$/, { timeout: 60_000 });
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await logInOnProviderPage(page, email, back);
}

/** The identity token the app keeps after a login (the previous-id-token cookie), sent as x-user-token (spec §6). */
export async function userToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "previous-id-token");
  if (!cookie?.value) throw new Error("no previous-id-token cookie: nobody is logged in");
  return decodeURIComponent(cookie.value);
}

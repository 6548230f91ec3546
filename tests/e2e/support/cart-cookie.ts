import type { Page } from "@playwright/test";

/**
 * Makes the app (and the server rendering its pages) use cart `cartId` for shop `slug`: the cart id cookie the web app
 * keeps (adapters/cookies/cookie-cart-id-store.ts, `festival-shop.cart.{slug}`, path /), set on the page's context.
 */
export async function rememberCart(page: Page, slug: string, cartId: string): Promise<void> {
  await page.context().addCookies([{ name: `festival-shop.cart.${slug}`, value: cartId, domain: "localhost", path: "/", sameSite: "Lax" }]);
}

import type { Locator, Page } from "@playwright/test";

/** Presses Tab until `target` (or something inside it) has focus; fails after `max` presses. Returns the presses used. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    const focused = await target
      .first()
      .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
      .catch(() => false);
    if (focused) return presses;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

// What the quantity-change benchmarks share (npm run bench:interaction, bench:lighthouse-interaction, bench:long-tasks
// --tap): their options (the shop's address, the shop, the tile tapped, how many taps and runs) and the wait for a tap's answer.

/**
 * Reads `[BASE_URL] [--slug=lowlands-lights] [--product=Weekend ticket] [--taps=4] [--runs=3] [--pointer=touch]` from
 * `args` (the command line after the script); `option(name, fallback)` reads any further `--name=value`. `pointer`:
 * "touch" (default) taps as a phone's finger does, "mouse" clicks (see tapAt).
 */
export const tapBenchOptions = (args) => {
  const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  return {
    option,
    base: (args.find((a) => !a.startsWith("--")) ?? "http://localhost:3000").replace(/\/+$/, ""),
    slug: option("slug", "lowlands-lights"),
    product: option("product", "Weekend ticket"),
    taps: Number(option("taps", "4")),
    runs: Number(option("runs", "3")),
    pointer: pointerOption(option("pointer", "touch")),
  };
};

/**
 * Waits in a Playwright `page` until the tile labelled by the element `tileId` shows "1 in cart" (`inCart` true) or no
 * longer does (false): the Shop API's answer to a tap. A cheap check every 100 ms, up to 30 s: Playwright's own
 * locator polling runs on the page's main thread and would count in the long tasks measured.
 */
export const waitForTileAnswer = (page, tileId, inCart) =>
  page.waitForFunction(
    ([id, wanted]) => (document.querySelector(`[aria-labelledby="${id}"]`)?.textContent?.includes("1 in cart") ?? false) === wanted,
    [tileId, inCart],
    { polling: 100, timeout: 30_000 },
  );

/** The `--pointer` value, "touch" or "mouse"; anything else throws. */
export const pointerOption = (value) => {
  if (value !== "touch" && value !== "mouse") throw new Error(`--pointer is touch or mouse, not ${value}`);
  return value;
};

/**
 * Taps (x, y) in a Playwright or puppeteer `page` (the same calls in both): with "touch" a finger's tap (touchstart and
 * touchend, the pointer and click events after; the page's context needs touch, `hasTouch`), as a visitor on a phone
 * taps; with "mouse" a mouse's move, press and release at once, which Chromium handles in one task with the hover's
 * work (a tap's first task about a third longer than a finger's, 2026-11-27).
 */
export const tapAt = (page, pointer, x, y) => (pointer === "touch" ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));

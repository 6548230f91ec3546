// What the quantity-change benchmarks share (npm run bench:interaction, bench:lighthouse-interaction, bench:long-tasks
// --tap): their options (the shop's address, the shop, the tile tapped, how many taps and runs) and the wait for a tap's answer.

/**
 * Reads `[BASE_URL] [--slug=…] [--product=…] [--taps=…] [--runs=…] [--pointer=touch|mouse]` from `args`; `option(name,
 * fallback)` reads any other `--name=value`.
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
 * Waits until the tile labelled by `tileId` shows "1 in cart" (`inCart`) or no longer does, polling cheaply from
 * outside the page, since Playwright's own polling would count in the long tasks measured.
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
 * Taps (x, y) in a Playwright or puppeteer `page`: a finger's tap with "touch" (the context needs `hasTouch`), a mouse
 * click with "mouse".
 */
export const tapAt = (page, pointer, x, y) => (pointer === "touch" ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));

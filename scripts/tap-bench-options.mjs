// The options both quantity-change benchmarks take (npm run bench:interaction, npm run bench:lighthouse-interaction):
// the shop's address, the shop, the tile tapped, how many taps and runs.

/**
 * Reads `[BASE_URL] [--slug=lowlands-lights] [--product=Weekend ticket] [--taps=4] [--runs=3]` from `args` (the
 * command line after the script); `option(name, fallback)` reads any further `--name=value`.
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
  };
};

/**
 * Pearson's χ² test of independence of two orders of the same `n` items (ranks `first[i]`, `second[i]`), cut into `bins`
 * bands each: the bins × bins table against n / bins² per cell, with (bins − 1)² degrees of freedom.
 */
export const chiSquareOfOrders = (first: ReadonlyArray<number>, second: ReadonlyArray<number>, bins: number): { statistic: number; degreesOfFreedom: number } => {
  const n = first.length;
  const counts = Array.from({ length: bins }, () => new Array<number>(bins).fill(0));
  const band = (rank: number) => Math.min(bins - 1, Math.floor((rank * bins) / n));
  for (let i = 0; i < n; i += 1) counts[band(first[i]!)]![band(second[i]!)]! += 1;
  const expected = n / (bins * bins);
  const statistic = counts.flat().reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
  return { statistic, degreesOfFreedom: (bins - 1) ** 2 };
};

/** The χ² value that 16 degrees of freedom exceed with probability 0.001 (a 5 × 5 table): the test's critical value. */
export const CHI_SQUARE_16_DF_AT_0_001 = 39.252;

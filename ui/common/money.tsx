import type { Cents } from "../../domain/money.ts";
import { formatEuro } from "../../domain/money.ts";

/** Shows an amount of cents as "€ 1.234,56" in every language (spec §1). */
export function Money({ cents }: { cents: Cents }) {
  return <span className="money">{formatEuro(cents)}</span>;
}

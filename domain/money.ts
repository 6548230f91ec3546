import type { Brand } from "effect";

/** Integer euro cents (branded number), the only money unit inside the shop (docs/architecture.md "Conventions", spec §1 currency EUR); domain/money.schema.ts decodes it. */
export type Cents = number & Brand.Brand<"Cents">;

/**
 * Converts decimal euros (the Shop API's) to integer cents, rounding half away from zero: the only rounding is float
 * noise and percentages, which invoices round half up. spec §9.
 */
export const eurosToCents = (euros: number): Cents => {
  const scaled = euros * 100;
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
  return (rounded === 0 ? 0 : rounded) as Cents;
};

/** Sums cents (an empty list sums to 0). */
export const sumCents = (values: ReadonlyArray<Cents>): Cents =>
  values.reduce<number>((acc, v) => acc + v, 0) as Cents;

/** Multiplies cents by a whole quantity. */
export const timesQuantity = (value: Cents, quantity: number): Cents => (value * quantity) as Cents;

/**
 * Formats cents for display in every language: euro sign, space, dot thousands, comma decimal, two
 * decimals (123456 -> "€ 1.234,56", -500 -> "-€ 5,00"). spec §1.
 */
export const formatEuro = (value: Cents): string => {
  const negative = value < 0;
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const fraction = (abs % 100).toString().padStart(2, "0");
  return `${negative ? "-" : ""}€ ${whole},${fraction}`;
};


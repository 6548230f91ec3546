import type { Brand } from "effect";

/** Integer euro cents (branded number), the only money unit inside the shop (DESIGN "Rules of thumb", spec §1 currency EUR); domain/money.schema.ts decodes it. */
export type Cents = number & Brand.Brand<"Cents">;

/** Makes Cents from an integer number of cents; throws a RangeError on a non-integer (a bug, not input). */
export const cents = (value: number): Cents => {
  if (!Number.isInteger(value)) throw new RangeError(`cents must be an integer, got ${value}`);
  return value as Cents;
};

/**
 * Converts decimal euros (as the Shop API carries them, e.g. 8.7) to integer cents, rounding half away from
 * zero at the cent. Why not banker's rounding: amounts here are single prices and fees that the Shop API
 * already states to the cent; the only rounding is float noise (8.7 * 100 = 869.9999...) and percentages,
 * where invoices and payment providers round half up. spec §9.
 */
export const eurosToCents = (euros: number): Cents => {
  const scaled = euros * 100;
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
  return (rounded === 0 ? 0 : rounded) as Cents;
};

/** Converts integer cents to decimal euros for the wire (1234 -> 12.34). spec §7 payloads carry euros. */
export const centsToEuros = (value: Cents): number => value / 100;

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

const EURO_DISPLAY = /^(-?)€ (\d{1,3}(?:\.\d{3})*),(\d{2})$/;

/**
 * Parses the display format of formatEuro back to cents ("€ 1.234,56" -> 123456, "-€ 5,00" -> -500); null for any
 * other text (no sign-less thousands without dots, no missing decimals, no surrounding text). The inverse of
 * formatEuro: parseEuro(formatEuro(c)) === c for every safe integer c. spec §1 (currency EUR, one display format).
 */
export const parseEuro = (text: string): Cents | null => {
  const m = EURO_DISPLAY.exec(text);
  if (m === null) return null;
  const value = Number(m[2]!.replaceAll(".", "")) * 100 + Number(m[3]);
  if (!Number.isSafeInteger(value)) return null;
  return (m[1] === "-" && value !== 0 ? -value : value) as Cents;
};

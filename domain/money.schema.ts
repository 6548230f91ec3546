import { Schema, SchemaGetter } from "effect";
import { type Cents as CentsType, eurosToCents } from "./money.ts";

/** Integer euro cents, the only money unit inside the shop (docs/architecture.md "Conventions", spec §1 currency EUR). */
export const Cents = Schema.Int.pipe(Schema.brand("Cents"));
/** Integer euro cents (branded number): the type of domain/money.ts. */
export type Cents = CentsType;

/**
 * Schema of a money field on the wire: decimal euros (number) decoded to Cents and encoded back.
 * Fails decoding on a non-finite number. spec §7 (API carries euros), docs/architecture.md "Conventions" (the adapter converts at the boundary).
 */
export const EurosAsCents = Schema.Finite.pipe(
  Schema.decodeTo(Cents, {
    decode: SchemaGetter.transform((euros: number) => eurosToCents(euros)),
    encode: SchemaGetter.transform((value: number) => value / 100),
  }),
);

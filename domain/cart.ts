import type { CartStatus } from "./cart.schema.ts";

/** True when a cart of this status may still change (only `shopping`); in_payment and confirmed carts are locked for item writes. spec §4 Cart status. */
export const isCartChangeable = (status: CartStatus | (string & {})): boolean => status === "shopping";

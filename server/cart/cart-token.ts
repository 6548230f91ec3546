import { secretMatches } from "../secret-matches.ts";
import { cartTokenInvalid } from "./cart.errors.ts";

/** Throws CartTokenInvalid when the cart row has a cart token and `given` does not match it. spec §6. */
export const checkCartToken = (cart: { readonly cartToken: string | null }, given: string | undefined): void => {
  if (cart.cartToken !== null && !secretMatches(given, cart.cartToken)) throw cartTokenInvalid();
};

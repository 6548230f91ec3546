import type { CheckoutError } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import type { Db, Tx } from "../db/database.ts";
import type { CartRow } from "../cart/cart-store.ts";

/** Total of the cart's hotel bookings, extras and add-ons in cents (0 without any). spec §3 Travel totalPrice. */
export const hotelCartTotal = async (_db: Db | Tx, _cart: CartRow): Promise<Cents> => 0 as Cents;

/** Gives back the rooms, extras and add-ons an expired cart holds (row locked by the caller). spec §4 Countdown. */
export const releaseHotelHolds = async (_tx: Tx, _cart: CartRow): Promise<void> => {};

/** Travel checkout errors, e.g. validation.travel.occupants.does.not.equal.number.entrance.tickets. spec §8. */
export const travelCheckoutErrors = async (_db: Db | Tx, _cart: CartRow, _lines: Readonly<Record<string, number>>): Promise<CheckoutError[]> => [];

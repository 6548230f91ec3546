import type { StateHandlers, StateKit } from "./state-kit.ts";

/** States of the hotel cart interactions (hotel cart, extras, add-ons) in the Shop API v2 pact. */
export const hotelStates = (_kit: StateKit): StateHandlers => ({});

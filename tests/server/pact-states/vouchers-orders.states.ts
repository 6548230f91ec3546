import type { StateHandlers, StateKit } from "./state-kit.ts";

/** States of the voucher and get-orders interactions in the Shop API v2 pact. */
export const vouchersOrdersStates = (_kit: StateKit): StateHandlers => ({});

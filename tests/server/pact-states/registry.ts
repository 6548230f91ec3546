import { hotelStates, travelApiStates } from "./hotel.states.ts";
import { shopApiCoreStates } from "./shop-api-core.states.ts";
import { shippingStates } from "./shipping.states.ts";
import { siteStates } from "./site.states.ts";
import type { StateHandlers, StateKit } from "./state-kit.ts";
import { vouchersOrdersStates } from "./vouchers-orders.states.ts";

/** Builds a provider's state handlers over a StateKit (HTTP only, so they run against any running provider). */
export type ProviderStateSet = (kit: StateKit) => StateHandlers;

/**
 * Provider name (as written in each pact file's `provider.name`) -> its provider-state handlers. Used by
 * tests/server/pact-provider.verify.test.ts and `npm run contracts:verify`; add one entry per provider.
 */
export const PROVIDER_STATE_SETS: Readonly<Record<string, ProviderStateSet>> = {
  "shop-api-v2": (kit) => ({ ...shopApiCoreStates(kit), ...hotelStates(kit), ...vouchersOrdersStates(kit), ...shippingStates(kit) }),
  "travel-api": travelApiStates,
  "shop-notice": siteStates,
  "shop-web-host": siteStates,
};

/** The state handlers of `provider` over `kit`; `{}` for a provider without an entry (its stateful interactions then fail). */
export const stateHandlersFor = (provider: string, kit: StateKit): StateHandlers => PROVIDER_STATE_SETS[provider]?.(kit) ?? {};

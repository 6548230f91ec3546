/**
 * The shop of the provider state "a shop with every optional setting" (docs/provider-states.md): every optional field
 * of spec §3 set, with fixed identity values.
 */
export const SHOWCASE_SHOP = {
  slug: "contract-showcase",
  apiNamespace: "contract-showcase-2027",
  shopToken: "sk_showcase_5e1a7c3d9b2f40e8a6c4d2b1",
} as const;

/** Request headers of a call to the showcase shop (spec §7 Headers). */
export const SHOWCASE_HEADERS = {
  "x-event-namespace": SHOWCASE_SHOP.apiNamespace,
  authorization: `Bearer ${SHOWCASE_SHOP.shopToken}`,
};

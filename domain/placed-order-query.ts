/** Parameters of the current query that the checkout query keeps besides the utm_ ones: the upgrade link's ids and the deep link's cart token and policy id (PLACED_ORDER_KEPT_PARAMS). */
const PLACED_ORDER_KEPT_PARAMS: ReadonlyArray<string> = ["idt_oss_order_id", "access_id", "cartToken", "policyId"];

/**
 * The checkout route's query after the details were sent: cart, token, provider, utm_ parameters, the upgrade link's
 * ids and the deep link's cartToken and policyId (spec §2, §6). spec §4 Placing an order.
 */
export const placedOrderQuery = (
  current: URLSearchParams,
  placed: { readonly cartId: string; readonly token: string; readonly provider: string },
): URLSearchParams => {
  const next = new URLSearchParams({ cart: placed.cartId, token: placed.token, provider: placed.provider });
  for (const [key, value] of current) if (key.startsWith("utm_") || PLACED_ORDER_KEPT_PARAMS.includes(key)) next.append(key, value);
  return next;
};

/** Parameters of the current query that the checkout query keeps besides the utm_ ones: the upgrade link's ids and the deep link's cart token and policy id (PLACED_ORDER_KEPT_PARAMS). */
const PLACED_ORDER_KEPT_PARAMS: ReadonlyArray<string> = ["idt_oss_order_id", "access_id", "cartToken", "policyId"];

/**
 * The query of the checkout route after the details were sent: cart, token, provider, every utm_ parameter of
 * `current`, the upgrade link's idt_oss_order_id and access_id (spec §2 redirect links; without them the checkout
 * would leave upgrade mode with the upgrade in the cart) and the deep link's cartToken and policyId (spec §6: an add-on
 * or deep-link cart is addressed with its x-cart-token, so ordering and paying it need the token still); other
 * parameters are dropped. spec §4 Placing an order.
 */
export const placedOrderQuery = (
  current: URLSearchParams,
  placed: { readonly cartId: string; readonly token: string; readonly provider: string },
): URLSearchParams => {
  const next = new URLSearchParams({ cart: placed.cartId, token: placed.token, provider: placed.provider });
  for (const [key, value] of current) if (key.startsWith("utm_") || PLACED_ORDER_KEPT_PARAMS.includes(key)) next.append(key, value);
  return next;
};

import { DETAILS } from "../../support/contract-examples.ts";
import { ADD_ON_HEADERS } from "../../support/contract-examples-orders.ts";
import { createCart, type StateHandlers, type StateKit } from "./state-kit.ts";

const cartWithTicketsAndDetails = async (kit: StateKit, headers: Record<string, string> = {}): Promise<string> => {
  const cartId = await createCart(kit, headers);
  await kit.call("PUT", `/api/v2/carts/${cartId}/products`, { productId: "ll_ticket_weekend", quantity: 2 }, headers);
  await kit.call("PUT", `/api/v2/carts/${cartId}`, DETAILS, headers);
  return cartId;
};

/**
 * States of the voucher, get-orders and add-on cart interactions in the Shop API v2 pact (HTTP only, repeatable against a
 * long-running server: fresh carts every time). Demo data relied on: vouchers SUMMER10 / FESTIVAL5, previous order
 * 123456789 with cart token ct_demo_4b8e2f6a1c9d (docs/vouchers-and-orders.md).
 */
export const vouchersOrdersStates = (kit: StateKit): StateHandlers => ({
  "voucher SUMMER10 already used": async () => {
    // Another fresh cart applies SUMMER10 and so holds it for 30 minutes; a 409 means it is already held or redeemed.
    const other = await createCart(kit);
    try {
      await kit.call("PUT", `/api/v2/carts/${other}/vouchers`, { voucher: "SUMMER10" });
    } catch (error) {
      if (!String(error).includes("voucher.used")) throw error;
    }
    return { cartId: await cartWithTicketsAndDetails(kit) };
  },
  "previous order 123456789 with cart token ct_demo_4b8e2f6a1c9d": async () => {},
  "an add-on cart of order 123456789": async () => ({ cartId: await createCart(kit, ADD_ON_HEADERS) }),
});

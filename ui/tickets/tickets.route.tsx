import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { ShopApiError } from "../../application/errors.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { TicketItem } from "./ticket-item.tsx";
import { useCart, useChangeQuantity, useCurrentShop, useProducts } from "../shop/shop-context.tsx";

/** /{slug}/tickets (spec §2 Item screens): the ticket items with their quantity pickers, and a link on to the checkout. Cart failures open the error dialog (spec §8: 5000, 5004 with the cap, others 8000). */
export function TicketsRoute() {
  const { slug, config } = useCurrentShop();
  const products = useProducts();
  const cart = useCart();
  const change = useChangeQuantity();
  const { show, showFailure } = useErrorDialog();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  if (!products.data || cart.isPending) return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
  const tickets = products.data.filter((p) => p.type === "ticket");
  const inCart = cart.data?.products ?? {};
  const ticketCount = tickets.reduce((n, t) => n + (inCart[t.id] ?? 0), 0);
  const pendingId = change.isPending ? change.variables?.productId : undefined;
  return (
    <div className="page tickets">
      <Heading level={1}>
        <FormattedMessage id="tickets.title" />
      </Heading>
      <p className="muted">
        <FormattedMessage id="tickets.maxPerOrder" values={{ max: config.maxTicketAmount }} />
      </p>
      <div className="items">
        {tickets.map((product) => (
          <TicketItem
            key={product.id}
            product={product}
            inCart={inCart[product.id] ?? 0}
            otherTicketsInCart={ticketCount - (inCart[product.id] ?? 0)}
            maxTicketAmount={config.maxTicketAmount}
            pending={pendingId === product.id}
            useStepper={config.useStepper}
            onChangeQuantity={(quantity) =>
              change.mutate(
                { productId: product.id, quantity },
                {
                  onError: (failure) =>
                    failure instanceof ShopApiError && failure.code === "5004"
                      ? show({ code: 5004, values: { max: config.maxTicketAmount } })
                      : showFailure(failure, cart.data?.id),
                },
              )
            }
          />
        ))}
      </div>
      {ticketCount > 0 ? (
        <div className="bottom-bar">
          <Link className="button primary large" href={keepQuery(`/${slug}/checkout`)}>
            <FormattedMessage id="tickets.goToCheckout" />
          </Link>
        </div>
      ) : null}
    </div>
  );
}

import { CircleCheck, Pencil } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useId } from "react";
import { Button, Heading, ProgressBar } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { shopPricingContext } from "../../domain/pricing.ts";
import { stepPath } from "../../domain/shop-flow.ts";
import { wishlistFillModeOf, wishlistTable } from "../../domain/wishlist.ts";
import { usePrefillCart } from "../items/wishlist-prefill.queries.ts";
import { WishlistContents } from "../items/wishlist-table.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useShopFlow } from "../shell/shop-flow.tsx";
import { useCart, useCurrentShop, useProducts, useShopUpdateState } from "../shop/shop-context.tsx";

/**
 * "You are registered" (spec §3): the saved wishlist's table and Change registration, which asks the 6000 decision
 * (spec §8) and then makes the cart the wishlist to change it.
 */
export function Registered({ products: wishlist }: { products: Readonly<Record<string, number>> }) {
  const { slug, config } = useCurrentShop();
  const products = useProducts();
  const cart = useCart();
  const flow = useShopFlow();
  const updateState = useShopUpdateState();
  const prefill = usePrefillCart();
  const { show, showFailure } = useErrorDialog();
  const keepQuery = useKeepQuery();
  const navigate = useNavigate();
  const intl = useIntl();
  const headingId = useId();
  const tableId = useId();
  const table = products.data ? wishlistTable(products.data, wishlist, shopPricingContext(config)) : null;
  const change = () => {
    if (!table) return;
    show({
      code: 6000,
      confirmLabelId: "register.change",
      onConfirm: () =>
        void prefill.mutateAsync({ products: table.products, mode: wishlistFillModeOf(config) }).then(
          () => navigate(keepQuery(stepPath(slug, flow?.[0] ?? "tickets"))),
          (failure: unknown) => showFailure(failure, cart.data?.id, { max: config.maxTicketAmount }),
        ),
    });
  };
  return (
    <section className="register-view" aria-labelledby={headingId}>
      <Heading level={2} id={headingId} className="register-view-title">
        <Icon node={CircleCheck} size={22} aria-hidden="true" />
        <FormattedMessage id="register.registered.title" />
      </Heading>
      <p>
        <FormattedMessage id="register.registered.body" values={{ event: config.title }} />
      </p>
      {table === null ? (
        <ProgressBar className="register-checking" isIndeterminate aria-label={intl.formatMessage({ id: "wishlist.modal.loading" })}>
          <div className="spinner" />
        </ProgressBar>
      ) : (
        <>
          <Heading level={3} id={tableId} className="register-table-title">
            <FormattedMessage id="wishlist.modal.title" />
          </Heading>
          <WishlistContents table={table} labelledBy={tableId} />
        </>
      )}
      <div className="register-actions">
        <Button
          className="button primary large"
          onPress={change}
          isPending={prefill.isPending}
          isDisabled={table === null || (updateState !== "idle" && !prefill.isPending)}
        >
          {prefill.isPending ? <span className="spinner" aria-hidden="true" /> : <Icon node={Pencil} size={20} aria-hidden="true" />}
          <FormattedMessage id="register.change" />
        </Button>
      </div>
    </section>
  );
}

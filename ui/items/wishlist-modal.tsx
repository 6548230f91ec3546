import "./wishlist.css";
import { Heart } from "lucide";
import { Icon } from "../common/icon.tsx";
import { type CSSProperties, useEffect, useId, useState } from "react";
import { Button, Dialog, Heading, Modal, ProgressBar } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { shopPricingContext } from "../../domain/pricing.ts";
import { wishlistFillModeOf, wishlistModalDelayMs, wishlistTable } from "../../domain/wishlist.ts";
import { useRandom } from "../common/random.tsx";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useCart, useCurrentShop, useProducts, useShopUpdateState } from "../shop/shop-context.tsx";
import { themeCssVariables } from "../theme/theme-colours.ts";
import { usePrefillCart } from "./wishlist-prefill.queries.ts";
import { WishlistContents } from "./wishlist-table.tsx";

/** Props of the wishlist modal: the saved wishlist's products (id -> quantity) and `onClose` (Close, Escape, a click outside, and after the fill). */
export interface WishlistModalProps {
  readonly wishlist: Readonly<Record<string, number>>;
  readonly onClose: () => void;
}

/**
 * The wishlist pre-fill cart modal (spec §2 Other layers, §4 Modals and loading): a spinner for the spec's random wait,
 * then the saved wishlist's products on sale with totals, to fill or restore the cart.
 */
export function WishlistModal({ wishlist, onClose }: WishlistModalProps) {
  const { config } = useCurrentShop();
  const random = useRandom();
  const [delayMs] = useState(() => wishlistModalDelayMs(random()));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  const products = useProducts();
  const cart = useCart();
  const updateState = useShopUpdateState();
  const prefill = usePrefillCart();
  const { showFailure } = useErrorDialog();
  const intl = useIntl();
  const titleId = useId();
  const mode = wishlistFillModeOf(config);
  const table = waited && products.data ? wishlistTable(products.data, wishlist, shopPricingContext(config)) : null;
  const fill = (products: Readonly<Record<string, number>>) =>
    prefill.mutateAsync({ products, mode }).then(onClose, (failure: unknown) => {
      onClose();
      showFailure(failure, cart.data?.id, { max: config.maxTicketAmount });
    });
  return (
    // The modal renders in a portal outside the shop's frame, so it takes the shop's theme colours itself.
    <Modal
      isOpen
      isDismissable
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      className="modal wishlist-modal-overlay"
      style={themeCssVariables(config.shopTheme) as CSSProperties}
    >
      <Dialog className="dialog wishlist-modal">
        <Heading slot="title" id={titleId} className="wishlist-modal-title">
          <Icon node={Heart} size={22} aria-hidden="true" />
          <FormattedMessage id="wishlist.modal.title" />
        </Heading>
        {table === null ? (
          <ProgressBar className="wishlist-loading" isIndeterminate aria-label={intl.formatMessage({ id: "wishlist.modal.loading" })}>
            <div className="spinner" />
          </ProgressBar>
        ) : (
          <>
            <p className="muted">
              <FormattedMessage id={`wishlist.modal.intro.${mode}`} />
            </p>
            <WishlistContents table={table} labelledBy={titleId} />
          </>
        )}
        <div className="dialog-actions">
          <Button className="button ghost" onPress={onClose}>
            <FormattedMessage id="error.close" />
          </Button>
          {table !== null && table.groups.length > 0 ? (
            <Button
              className="button primary"
              onPress={() => void fill(table.products)}
              isPending={prefill.isPending}
              isDisabled={updateState !== "idle" && !prefill.isPending}
            >
              {prefill.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id={mode === "restore" ? "wishlist.modal.restore" : "wishlist.modal.fill"} />
            </Button>
          ) : null}
        </div>
      </Dialog>
    </Modal>
  );
}

import { X } from "lucide";
import { Icon } from "../common/icon.tsx";
import type { CSSProperties } from "react";
import { Button, Dialog, Heading, Link, Modal } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { upsellContinueStep } from "../../domain/upsell.ts";
import { goToCheckoutKey, stepPath } from "../../domain/shop-flow.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { themeCssVariables } from "../theme/theme-colours.ts";
import { useShopFlow } from "../shell/shop-flow.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import type { UpsellOffer } from "./upsell-offers.ts";
import { UpsellTiles } from "./upsell-slider.tsx";
import { saleOf } from "../../domain/sale-mode.ts";

/** Props of the upsell modal: the offers, `onClose` (close button, Escape, a click outside) and `onLeave` (the visitor follows a link out of it). */
export interface UpsellModalProps {
  readonly offers: ReadonlyArray<UpsellOffer>;
  readonly onClose: () => void;
  readonly onLeave: () => void;
}

/**
 * The upsell modal (spec §2 Other layers, §4 Upsell): a Modal with the offers; Continue goes to the next step, Go to
 * checkout to the checkout, a tile to its product (tracked).
 */
export function UpsellModal({ offers, onClose, onLeave }: UpsellModalProps) {
  const { slug, config } = useCurrentShop();
  const flow = useShopFlow();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const next = upsellContinueStep(flow ?? []);
  return (
    // The modal renders in a portal outside the shop's frame, so it takes the shop's theme colours itself.
    <Modal
      isOpen
      isDismissable
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      className="modal upsell-modal-overlay"
      style={themeCssVariables(config.shopTheme) as CSSProperties}
    >
      <Dialog className="dialog upsell-modal" aria-labelledby="upsell-modal-title">
        <div className="upsell-modal-head">
          <Heading slot="title" id="upsell-modal-title">
            <FormattedMessage id="upsell.modal.title" />
          </Heading>
          <Button className="button ghost icon" aria-label={intl.formatMessage({ id: "error.close" })} onPress={onClose}>
            <Icon node={X} aria-hidden="true" size={20} />
          </Button>
        </div>
        <p>
          <FormattedMessage id="upsell.modal.body" />
        </p>
        <UpsellTiles offers={offers} onPick={onLeave} />
        <div className="dialog-actions">
          <Link className="button" href={keepQuery(stepPath(slug, "checkout"))} onPress={onLeave}>
            <FormattedMessage id={goToCheckoutKey(saleOf(config).rules)} />
          </Link>
          <Link className="button primary" href={keepQuery(stepPath(slug, next))} onPress={onLeave} autoFocus>
            <FormattedMessage id="upsell.modal.continue" />
          </Link>
        </div>
      </Dialog>
    </Modal>
  );
}

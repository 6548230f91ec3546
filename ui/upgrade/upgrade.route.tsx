import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Heading, Label, Radio, RadioGroup, Text } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import type { UpgradableOrder, Upgrade } from "../../domain/shop.schema.ts";
import { chosenUpgradeOption, isUpgradeChoiceMade, upgradeChoiceChanges } from "../../domain/upgrade-choice.ts";
import { Money } from "../common/money.tsx";
import { meaningOf, useErrorDialog } from "../shell/error-dialog.tsx";
import { useUpgradeChoice } from "../shell/shop-flow.tsx";
import { shopKeys } from "../shop/shop.queries.ts";
import { useCart, useChangeQuantity, useCurrentShop, useProducts } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";
import { UpgradeError } from "./upgrade-error.tsx";
import { UpgradeIntl } from "./upgrade-intl.tsx";
import { useUpgradeLink } from "../shop/upgrade-link.ts";
import "./upgrade.css";

export { UpgradeError } from "./upgrade-error.tsx";

/**
 * /{slug}/upgrade (spec §1, §2 Routes, §3 upgradableOrder): from the upgrade e-mail link; 4005 or 4006 without a valid
 * link, 4002 / 4003 from the frame, else the upgrades to choose.
 */
export function UpgradeRoute() {
  const link = useUpgradeLink();
  const { config } = useCurrentShop();
  if (link._tag !== "Valid") {
    return (
      <div className="page upgrade">
        <UpgradeError code={link._tag === "None" ? 4005 : link.code} />
      </div>
    );
  }
  // A valid link whose order the shop config lacks (a Shop API that sent no upgradableOrder): not found.
  if (!config.upgradableOrder) {
    return (
      <div className="page upgrade">
        <UpgradeError code={4003} />
      </div>
    );
  }
  return (
    <UpgradeIntl>
      <UpgradeChoices order={config.upgradableOrder} />
    </UpgradeIntl>
  );
}

/**
 * The order's upgrades (spec §3), each a RadioGroup of its options; choosing puts the option in the cart and takes the
 * other out (domain upgradeChoiceChanges), enabling Next (spec §2).
 */
function UpgradeChoices({ order }: { order: UpgradableOrder }) {
  const { slug, config } = useCurrentShop();
  const products = useProducts();
  const cart = useCart();
  const change = useChangeQuantity();
  const forgetCart = useUseCase(ForgetCart);
  const queryClient = useQueryClient();
  const { showFailure } = useErrorDialog();
  const { setMade } = useUpgradeChoice();
  const [pending, setPending] = useState(false);
  const cartProducts = cart.data?.products ?? {};
  const made = isUpgradeChoiceMade(order, cartProducts);
  useEffect(() => setMade(made), [made, setMade]);
  const byId = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, p] as const)), [products.data]);

  const apply = async (upgrade: Upgrade, productId: string, held: Readonly<Record<string, number>>) => {
    for (const step of upgradeChoiceChanges(upgrade, productId, held)) await change.mutateAsync(step);
  };
  const choose = async (upgrade: Upgrade, productId: string) => {
    setPending(true);
    try {
      try {
        await apply(upgrade, productId, cartProducts);
      } catch (failure) {
        // A cart opened before the upgrade link is no upgrade cart, so the server does not know upgrade products in it
        // (404 5001, follow-up newCart): start an upgrade cart and choose again.
        if (!(cart.data && (await meaningOf(failure)).then === "newCart")) throw failure;
        forgetCart.execute({ slug });
        queryClient.setQueryData(shopKeys.cart(slug), null);
        await apply(upgrade, productId, {});
      }
    } catch (failure) {
      showFailure(failure, cart.data?.id, { max: config.maxTicketAmount });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="page upgrade">
      <Heading level={1}>
        <FormattedMessage id="upgrade.title" />
      </Heading>
      {order.upgradeText ? <p className="upgrade-text">{order.upgradeText}</p> : null}
      {(order.upgrades ?? []).map((upgrade) => (
        <RadioGroup
          key={upgrade.id}
          className="card upgrade-group"
          value={chosenUpgradeOption(upgrade, cartProducts)}
          onChange={(productId) => void choose(upgrade, productId)}
          isDisabled={pending || !products.data || cart.isPending}
        >
          <Label className="upgrade-group-title">{upgrade.title}</Label>
          {upgrade.description ? (
            <Text slot="description" className="muted">
              {upgrade.description}
            </Text>
          ) : null}
          <div className="upgrade-options">
            {upgrade.upgradeOptions.map((option) => {
              const product = byId.get(option.productId);
              return (
                <Radio key={option.productId} value={option.productId} className="radio upgrade-option" isDisabled={!product || product.soldOut}>
                  <span className="upgrade-option-text">
                    <span className="upgrade-option-title">{option.title}</span>
                    {option.description ? <span className="upgrade-option-description muted">{option.description}</span> : null}
                  </span>
                  {product ? (
                    <span className="upgrade-option-price">
                      <Money cents={product.price} />
                    </span>
                  ) : null}
                </Radio>
              );
            })}
          </div>
        </RadioGroup>
      ))}
      <p className={made ? "upgrade-status" : "upgrade-status muted"} role="status">
        <FormattedMessage id={made ? "upgrade.chosen" : "upgrade.chooseFirst"} />
      </p>
    </div>
  );
}

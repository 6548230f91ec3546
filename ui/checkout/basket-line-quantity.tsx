import { Minus, Plus, Trash2 } from "lucide";
import { Button } from "react-aria-components";
import { useIntl } from "react-intl";
import type { BasketLine } from "../../domain/pricing.ts";
import { type BasketLineControls, stepperMinus, stepperPlus } from "../../domain/quantities.ts";
import { Icon } from "../common/icon.tsx";

/** Props of a basket line's in-place controls: the line, its controls (domain basketLineControls), whether a cart write is pending, and the write. */
export interface BasketLineQuantityProps {
  readonly line: BasketLine;
  readonly controls: BasketLineControls;
  /** A cart write is pending (spec §4 "quantity inputs are disabled"): the buttons stay, take no press, and keep the focus. */
  readonly pending: boolean;
  readonly onChangeQuantity: (quantity: number) => void;
}

/**
 * A basket line's quantity, editable in place (spec §3 Basket line view): minus, quantity, plus (domain stepperMinus,
 * stepperPlus) and remove; only the quantity where the line has neither.
 */
export function BasketLineQuantity({ line, controls, pending, onChangeQuantity }: BasketLineQuantityProps) {
  const intl = useIntl();
  const name = line.name;
  const change = (quantity: number) => (pending ? undefined : onChangeQuantity(quantity));
  const plus = stepperPlus(line.quantity, controls.minimum, controls.maxAmount);
  return (
    <div className="basket-line-quantity" role="group" aria-label={intl.formatMessage({ id: "basket.quantityOf" }, { name })}>
      {controls.hideButtons ? null : (
        <Button className="button basket-step" aria-label={intl.formatMessage({ id: "basket.less" }, { name })} data-busy={pending || undefined} onPress={() => change(stepperMinus(line.quantity, controls.minimum))}>
          <Icon node={Minus} size={16} aria-hidden="true" />
        </Button>
      )}
      <output className="basket-line-count">{line.quantity}</output>
      {controls.hideButtons ? null : (
        <Button
          className="button basket-step"
          aria-label={intl.formatMessage({ id: "basket.more" }, { name })}
          isDisabled={plus === line.quantity}
          data-busy={pending || undefined}
          onPress={() => change(plus)}
        >
          <Icon node={Plus} size={16} aria-hidden="true" />
        </Button>
      )}
      {controls.showRemoveButton ? (
        <Button className="button basket-step basket-remove" aria-label={intl.formatMessage({ id: "basket.remove" }, { name })} data-busy={pending || undefined} onPress={() => change(0)}>
          <Icon node={Trash2} size={16} aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

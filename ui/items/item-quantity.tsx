import { Minus, Plus, ShoppingCart, Trash2 } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useState } from "react";
import { Button, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { soldOutDisplay } from "../../domain/product-catalogue.ts";
import type { Product } from "../../domain/product.schema.ts";
import { minimumQuantityOf, quantityOptions, stepperMinus, stepperPlus, ticketPickerOptions } from "../../domain/quantities.ts";
import { LazySelectField } from "../common/lazy-select-field.tsx";
import "./items.css";

/** How an item's quantity is chosen: the select (added on button press) or the stepper (updates at once). spec §2 Item screens, §4. */
export type QuantityMode = "select" | "stepper";

/** Props of the shared item quantity control: the product, its quantity in the cart, its allowed maximum (domain itemQuantityMax), the picker inputs for tickets, the pending state and the change callback. */
export interface ItemQuantityProps {
  readonly product: Product;
  readonly inCart: number;
  /** Allowed maximum from domain itemQuantityMax (stock, maxQuantity or 9, ticket cap, extra-ticket group). */
  readonly max: number;
  readonly mode: QuantityMode;
  /** True while any cart update is pending (shop update state not idle): inputs disabled, spinner for the button. spec §4. */
  readonly pending: boolean;
  /** Tickets only: the shop's maxTicketAmount and the other tickets in the cart, for ticketPickerOptions. spec §5. */
  readonly picker?: { readonly maxTicketAmount: number; readonly otherTicketsInCart: number };
  /** True when a travel ticket is still for sale (sold-out items then link to travel). spec §4. */
  readonly travelTicketAvailable?: boolean;
  /** Address of the travel page (already with the kept query). */
  readonly travelHref?: string;
  /** Accessible name of the quantity input (the product title by default). */
  readonly label?: string;
  /** react-intl key of the add button (the call-to-action; "Add to cart" by default). */
  readonly addLabelId?: string;
  /** The cart's status when it can no longer change (in_payment, confirmed: domain isCartChangeable false): no add, change or remove, only why. spec §4 Cart status. */
  readonly locked?: "in_payment" | "confirmed";
  readonly onChangeQuantity: (quantity: number) => void;
}

/**
 * Options of the select: for tickets the spec's picker (ticketPickerOptions, one over the cap), for other items 0 and
 * quantityOptions. spec §5.
 */
const selectOptions = (props: ItemQuantityProps): ReadonlyArray<number> =>
  props.picker
    ? ticketPickerOptions({ ...props.picker, maxQuantity: props.product.maxQuantity, minimum: minimumQuantityOf(props.product), allowedMax: props.max })
    : [0, ...quantityOptions(props.product, props.max)];

/** A cart in payment or confirmed (spec §4 Cart status): why the item can no longer change, no controls (the card already says how many are in the cart). */
function LockedQuantity({ status }: { status: "in_payment" | "confirmed" }) {
  return (
    <div className="item-quantity locked">
      <p className="muted item-locked-reason">
        <FormattedMessage id="items.locked.reason" values={{ status }} />
      </p>
    </div>
  );
}

/**
 * The quantity control every item screen shares (spec §4 "Cart updates on item screens", §5): inputs wait while an
 * update is pending with focus kept; a select or a stepper by product.
 */
export function ItemQuantity(props: ItemQuantityProps) {
  const { product, inCart, pending, max } = props;
  const intl = useIntl();
  const label = props.label ?? product.title ?? product.name;
  const display = soldOutDisplay(product, props.travelTicketAvailable ?? false);
  const options = selectOptions(props);
  const [chosen, setChosen] = useState<number>(inCart > 0 ? inCart : (options.find((n) => n > 0) ?? 0));
  // The select follows a quantity the cart gets elsewhere (the wishlist modal's fill, another tab), so it never offers
  // "Update cart" back to a stale number; React's adjust-state-while-rendering pattern, no effect.
  const [seenInCart, setSeenInCart] = useState(inCart);
  if (seenInCart !== inCart) {
    setSeenInCart(inCart);
    if (inCart > 0) setChosen(inCart);
  }
  if (props.locked) return <LockedQuantity status={props.locked} />;
  const spinner = <span className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "tickets.updating" })} />;

  if (inCart === 0 && display._tag !== "Available") {
    const travelLink = (
      <Link className="button primary" href={props.travelHref ?? "#"}>
        <FormattedMessage id="items.soldOut.travel" />
      </Link>
    );
    if (display._tag === "TravelLink") return <div className="item-quantity">{travelLink}</div>;
    if (display._tag === "CustomText") {
      return (
        <div className="item-quantity">
          <p className="sold-out-text">{display.text || intl.formatMessage({ id: "tickets.soldOut" })}</p>
          {display.travelButton ? travelLink : null}
        </div>
      );
    }
    return (
      <div className="item-quantity">
        <Button className="button" isDisabled>
          <FormattedMessage id="tickets.soldOut" />
        </Button>
      </div>
    );
  }

  if (props.mode === "stepper") {
    const min = minimumQuantityOf(product);
    const plus = stepperPlus(inCart, min, max);
    return (
      <div className="item-quantity stepper" role="group" aria-label={intl.formatMessage({ id: "items.quantityOf" }, { name: label })}>
        <Button
          className="button icon"
          aria-label={intl.formatMessage({ id: "items.less" })}
          isDisabled={inCart === 0}
          data-busy={(pending && inCart > 0) || undefined}
          onPress={() => (pending ? undefined : props.onChangeQuantity(stepperMinus(inCart, min)))}
        >
          <Icon node={Minus} aria-hidden="true" size={18} />
        </Button>
        <output aria-live="polite">{inCart}</output>
        <Button
          className="button icon"
          aria-label={intl.formatMessage({ id: "items.more" })}
          isDisabled={plus === inCart}
          data-busy={(pending && plus !== inCart) || undefined}
          onPress={() => (pending ? undefined : props.onChangeQuantity(plus))}
        >
          <Icon node={Plus} aria-hidden="true" size={18} />
        </Button>
        {pending ? spinner : null}
      </div>
    );
  }

  const removal = inCart > 0 && (chosen === inCart || chosen === 0);
  return (
    <div className="item-quantity">
      <LazySelectField
        className="quantity-select"
        label={<FormattedMessage id="tickets.quantity" />}
        options={options.map((n) => ({ id: String(n), label: n === 0 ? intl.formatMessage({ id: "items.none" }) : String(n) }))}
        selectedKey={String(chosen)}
        onChange={(key) => setChosen(Number(key))}
        disabled={pending || options.length === 0}
      />
      {/* While the cart updates the same button stays (pending: it takes no press): it keeps a keyboard user's focus and
          shows the spinner in place of its icon (spec §4 "a spinner replaces the add button"). Not react-aria's
          isPending: its announcements point at the button by id and outlive it when the visitor moves on. */}
      <Button
        className={`button ${removal ? "" : "primary"}`}
        isDisabled={!pending && !removal && (chosen === 0 || chosen === inCart)}
        data-busy={pending || undefined}
        onPress={() => (pending ? undefined : props.onChangeQuantity(removal ? 0 : chosen))}
      >
        {pending ? spinner : removal ? <Icon node={Trash2} aria-hidden="true" size={18} /> : <Icon node={ShoppingCart} aria-hidden="true" size={18} />}
        <FormattedMessage id={removal ? "tickets.remove" : inCart > 0 ? "tickets.update" : (props.addLabelId ?? "tickets.add")} />
      </Button>
    </div>
  );
}

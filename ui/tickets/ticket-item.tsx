import { useState } from "react";
import { Button, Disclosure, DisclosurePanel, Heading, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { isSoldOut, type Product } from "../../domain/product.schema.ts";
import { minimumQuantityOf, quantityOptions, stepperMax, stepperMinus, stepperPlus } from "../../domain/quantities.ts";
import { Money } from "../common/money.tsx";

/** Props of a ticket item: the product, its quantity in the cart, the other tickets in the cart, the shop's maxTicketAmount, whether a cart update is pending, the stepper switch, and the change callback. */
export interface TicketItemProps {
  readonly product: Product;
  readonly inCart: number;
  readonly otherTicketsInCart: number;
  readonly maxTicketAmount: number;
  readonly pending: boolean;
  readonly useStepper: boolean;
  readonly onChangeQuantity: (quantity: number) => void;
}

/**
 * A ticket item (spec §2 Item screens, §4 Cart updates on item screens): a quantity select whose choice is added on
 * button press (choosing the current quantity turns the button into removal), or a stepper that updates the cart at
 * once; options bounded by min(maxTicketAmount, maxQuantity) minus other tickets and by stock (spec §5 Quantities);
 * a disabled sold-out button when sold out; a collapsible list of perks.
 */
export function TicketItem(props: TicketItemProps) {
  const { product, inCart, pending } = props;
  const intl = useIntl();
  const soldOut = isSoldOut(product) && inCart === 0;
  const max = stepperMax({
    maxQuantity: product.maxQuantity ?? props.maxTicketAmount,
    maxTicketAmount: props.maxTicketAmount,
    otherInCart: props.otherTicketsInCart,
    stock: product.stock + inCart,
  });
  const options = quantityOptions(product, max);
  const [chosen, setChosen] = useState<number>(inCart > 0 ? inCart : (options[0] ?? 0));
  const removal = inCart > 0 && chosen === inCart;
  const headingId = `ticket-${product.id}`;
  return (
    <article className="card ticket-item" aria-labelledby={headingId} data-product-id={product.id}>
      <div className="ticket-main">
        <Heading level={3} id={headingId}>
          {product.title ?? product.name}
        </Heading>
        <p className="price">
          <Money cents={product.price} />
          {product.serviceCosts ? (
            <span className="muted small">
              {" "}
              <FormattedMessage id="tickets.serviceCosts" values={{ amount: <Money cents={product.serviceCosts} /> }} />
            </span>
          ) : null}
        </p>
        {product.meta?.description ? <p>{product.meta.description}</p> : null}
        {inCart > 0 ? (
          <p className="in-cart" role="status">
            <FormattedMessage id="tickets.inCart" values={{ count: inCart }} />
          </p>
        ) : null}
        {product.meta?.perks?.length ? (
          <Disclosure className="perks">
            <Heading level={4}>
              <Button slot="trigger" className="button link">
                <FormattedMessage id="tickets.perks" />
              </Button>
            </Heading>
            <DisclosurePanel>
              <ul>
                {product.meta.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </DisclosurePanel>
          </Disclosure>
        ) : null}
      </div>
      <div className="ticket-actions">
        {soldOut ? (
          <Button className="button" isDisabled>
            {product.meta?.overrideSoldout && product.meta.soldOutText ? product.meta.soldOutText : <FormattedMessage id="tickets.soldOut" />}
          </Button>
        ) : props.useStepper ? (
          <div className="stepper" role="group" aria-label={intl.formatMessage({ id: "tickets.quantity" })}>
            <Button
              className="button"
              aria-label="-"
              isDisabled={pending || inCart === 0}
              onPress={() => props.onChangeQuantity(stepperMinus(inCart, minimumQuantityOf(product)))}
            >
              −
            </Button>
            <output aria-live="polite">{inCart}</output>
            <Button
              className="button"
              aria-label="+"
              isDisabled={pending || stepperPlus(inCart, minimumQuantityOf(product), max) === inCart}
              onPress={() => props.onChangeQuantity(stepperPlus(inCart, minimumQuantityOf(product), max))}
            >
              +
            </Button>
          </div>
        ) : (
          <>
            <Select
              className="quantity-select"
              selectedKey={String(chosen)}
              onSelectionChange={(key) => setChosen(Number(key))}
              isDisabled={pending || options.length === 0}
            >
              <Label>
                <FormattedMessage id="tickets.quantity" />
              </Label>
              <Button className="button select-trigger">
                <SelectValue />
                <span aria-hidden="true">▾</span>
              </Button>
              <Popover>
                <ListBox className="listbox">
                  {options.map((n) => (
                    <ListBoxItem key={n} id={String(n)} className="listbox-item" textValue={String(n)}>
                      {n}
                    </ListBoxItem>
                  ))}
                </ListBox>
              </Popover>
            </Select>
            <Button
              className={`button ${removal ? "" : "primary"}`}
              isPending={pending}
              isDisabled={options.length === 0 && !removal}
              onPress={() => props.onChangeQuantity(removal ? 0 : chosen)}
            >
              {pending ? (
                <span className="spinner" aria-label={intl.formatMessage({ id: "tickets.updating" })} />
              ) : (
                <FormattedMessage id={removal ? "tickets.remove" : inCart > 0 ? "tickets.update" : "tickets.add"} />
              )}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

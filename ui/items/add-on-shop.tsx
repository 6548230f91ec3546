import "./add-on-shop.css";
import { type CSSProperties, useEffect, useId, useState } from "react";
import { Button, Dialog, FieldError, Form, Heading, Input, Label, Modal, ProgressBar, Text, TextField } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { PackagePlus, Search, X } from "lucide";
import type { LookUpState, OriginalOrder } from "../../domain/order-lookup.schema.ts";
import { addOnModalDelayMs } from "../../domain/order-lookup.ts";
import { Icon } from "../common/icon.tsx";
import { Money } from "../common/money.tsx";
import { useRandom } from "../common/random.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { themeCssVariables } from "../theme/theme-colours.ts";
import { useAddOnOrders, useLinkedOrderLookup } from "../shop/add-on-orders.ts";
import { useChooseAddOnOrder, useFindAddOnOrder } from "./add-on-order.queries.ts";

/** Message id of each lookup outcome the form shows at its fields (spec §4 Add-on lookup, §5 Catalogue messages "invalid order number; no order found"). */
const OUTCOME_MESSAGE: Partial<Record<LookUpState, string>> = {
  invalid: "addon.lookup.invalid",
  "no-order": "addon.lookup.noOrder",
  failed: "addon.lookup.failed",
};

/** One found order: its number and each purchase (quantity, title, unit price), and the button that adds extras to it. spec §2 Other layers, §3 Previous order. */
function FoundOrder({ order }: { order: OriginalOrder }) {
  const choose = useChooseAddOnOrder();
  const headingId = useId();
  return (
    <li className="card addon-order" aria-labelledby={headingId}>
      <Heading level={3} id={headingId}>
        <FormattedMessage id="addon.order.heading" values={{ reference: order.reference }} />
      </Heading>
      <ul className="addon-order-purchases">
        {order.purchases.map((p, i) => (
          <li key={`${p.id}-${i}`}>
            {p.quantity} × {p.title} · <Money cents={p.price} />
          </li>
        ))}
      </ul>
      {order.cart_token ? (
        <Button className="button primary" onPress={() => choose(order.cart_token!)}>
          <Icon node={PackagePlus} size={18} aria-hidden="true" />
          <FormattedMessage id="addon.order.choose" values={{ reference: order.reference }} />
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The add-on shop's order lookup (spec §2 Other layers, §4 Add-on lookup, §5): order number and e-mail, Find my order
 * (LookUpOrder), then the orders found with a button to add extras to each.
 */
export function AddOnOrderLookup() {
  const intl = useIntl();
  const find = useFindAddOnOrder();
  const [orderNumber, setOrderNumber] = useState("");
  const [email, setEmail] = useState("");
  const state: LookUpState = find.isPending ? "running" : find.isError ? "failed" : (find.data?.state ?? "idle");
  const message = OUTCOME_MESSAGE[state];
  const running = state === "running";
  return (
    <div className="addon-lookup">
      <Form
        className="addon-lookup-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          find.mutate({ orderNumber, email });
        }}
      >
        <TextField className="field" name="orderNumber" value={orderNumber} onChange={setOrderNumber} isInvalid={message !== undefined} isDisabled={running} isRequired>
          <Label>
            <FormattedMessage id="addon.lookup.number" />
          </Label>
          <Input className="input" autoComplete="off" />
          <Text slot="description" className="muted">
            <FormattedMessage id="addon.lookup.numberDescription" />
          </Text>
        </TextField>
        <TextField className="field" name="email" type="email" value={email} onChange={setEmail} isInvalid={message !== undefined} isDisabled={running} isRequired>
          <Label>
            <FormattedMessage id="addon.lookup.email" />
          </Label>
          <Input className="input" autoComplete="email" />
          <FieldError className="field-error">{message ? intl.formatMessage({ id: message }) : null}</FieldError>
        </TextField>
        <Button type="submit" className="button primary" isDisabled={running}>
          <Icon node={Search} size={18} aria-hidden="true" />
          <FormattedMessage id="addon.lookup.submit" />
        </Button>
      </Form>
      {running ? (
        <ProgressBar className="addon-lookup-running" isIndeterminate aria-label={intl.formatMessage({ id: "addon.lookup.running" })}>
          <div className="spinner" />
        </ProgressBar>
      ) : null}
      {find.data?.state === "success" ? (
        <ul className="addon-orders" aria-label={intl.formatMessage({ id: "addon.orders.found" })}>
          {find.data.orders.original_orders.map((order) => (
            <FoundOrder key={order.reference} order={order} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The add-on shop's order lookup screen on its overview (spec §2 Other layers "The add-on shop also has an order lookup screen"): a titled section with an intro and AddOnOrderLookup. */
export function AddOnLookupScreen() {
  return (
    <section className="card addon-lookup-screen" aria-labelledby="addon-lookup-title">
      <Heading level={2} id="addon-lookup-title">
        <FormattedMessage id="addon.lookup.title" />
      </Heading>
      <p>
        <FormattedMessage id="addon.lookup.intro" />
      </p>
      <AddOnOrderLookup />
    </section>
  );
}

/**
 * The add-on modal (spec §2 Other layers, §4 Modals and loading): a spinner for the spec's random wait (domain
 * addOnModalDelayMs), then AddOnOrderLookup; Close, Escape or outside closes it.
 */
function AddOnModal({ onClose }: { onClose: () => void }) {
  const { config } = useCurrentShop();
  const random = useRandom();
  const intl = useIntl();
  const [delayMs] = useState(() => addOnModalDelayMs(random()));
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return (
    // The modal renders in a portal outside the shop's frame, so it takes the shop's theme colours itself.
    <Modal isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} className="modal addon-modal-overlay" style={themeCssVariables(config.shopTheme) as CSSProperties}>
      <Dialog className="dialog addon-modal">
        <Heading slot="title">
          <FormattedMessage id="addon.modal.title" />
        </Heading>
        {waited ? (
          <AddOnOrderLookup />
        ) : (
          <ProgressBar className="addon-modal-loading" isIndeterminate aria-label={intl.formatMessage({ id: "addon.modal.loading" })}>
            <div className="spinner" />
          </ProgressBar>
        )}
        <Button className="button ghost" onPress={onClose}>
          <Icon node={X} size={18} aria-hidden="true" />
          <FormattedMessage id="addon.modal.close" />
        </Button>
      </Dialog>
    </Modal>
  );
}

/**
 * Above the add-on shop's extras (spec §1 add-on shop): the earlier order the extras are added to, once the visit has
 * chosen one (useAddOnOrders of the visit's cart token) or came by its add-on link (useLinkedOrderLookup), and a button
 * opening the add-on modal to find (another) one.
 */
export function AddOnOrderBar() {
  const orders = useAddOnOrders();
  // An add-on link (the order confirmation e-mail's) names its order: it is looked up at once.
  useLinkedOrderLookup();
  const [open, setOpen] = useState(false);
  const chosen = orders?.original_orders[0];
  return (
    <div className="notice addon-order-bar">
      <p role="status">
        {chosen ? <FormattedMessage id="addon.order.chosen" values={{ reference: chosen.reference }} /> : <FormattedMessage id="addon.order.none" />}
      </p>
      <Button className="button" onPress={() => setOpen(true)}>
        <Icon node={Search} size={18} aria-hidden="true" />
        <FormattedMessage id="addon.modal.open" />
      </Button>
      {open ? <AddOnModal onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

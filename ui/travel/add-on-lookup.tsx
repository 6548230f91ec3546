import { Search } from "lucide";
import { Icon } from "../common/icon.tsx";
import { type ReactNode, useState } from "react";
import { Button, FieldError, Form, Heading, Input, Label, Text, TextField } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { LookUpState } from "../../domain/order-lookup.schema.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAddOnOrders, useLinkedOrderLookup, useLookUpAddOnOrder } from "../shop/add-on-orders.ts";

/** Message id of each lookup outcome the form shows (spec §4 Add-on lookup, §5 Catalogue messages "invalid order number; no order found"). */
const OUTCOME_MESSAGE: Partial<Record<LookUpState, string>> = {
  invalid: "traveladdon.lookup.invalid",
  "no-order": "traveladdon.lookup.noOrder",
  failed: "traveladdon.lookup.failed",
};

/**
 * The add-on shop's order lookup screen (spec §2 Other layers, §4 Add-on lookup, §5): order number and search with the
 * visit's cart token; `linked` is the add-on link's lookup.
 */
export function AddOnLookup({ linked }: { readonly linked?: ReturnType<typeof useLookUpAddOnOrder> }) {
  const intl = useIntl();
  const own = useLookUpAddOnOrder();
  // After an add-on link's own lookup (useLinkedOrderLookup) the form says how it ended until the visitor searches.
  const lookUp = own.isIdle && linked ? linked : own;
  const [orderNumber, setOrderNumber] = useState("");
  const state: LookUpState = lookUp.isPending ? "running" : lookUp.isError ? "failed" : (lookUp.data?.state ?? "idle");
  const message = OUTCOME_MESSAGE[state];
  return (
    <section className="card addon-lookup" aria-labelledby="addon-lookup-title">
      <Heading level={2} id="addon-lookup-title">
        <FormattedMessage id="traveladdon.lookup.title" />
      </Heading>
      <Form
        className="addon-lookup-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          lookUp.mutate(orderNumber);
        }}
      >
        <TextField className="field" name="orderNumber" value={orderNumber} onChange={setOrderNumber} isInvalid={message !== undefined} isDisabled={state === "running"} isRequired>
          <Label>
            <FormattedMessage id="traveladdon.lookup.label" />
          </Label>
          <Input className="input" autoComplete="off" />
          <Text slot="description" className="muted">
            <FormattedMessage id="traveladdon.lookup.description" />
          </Text>
          <FieldError className="field-error">{message ? intl.formatMessage({ id: message }) : null}</FieldError>
        </TextField>
        <Button type="submit" className="button primary" isDisabled={state === "running"}>
          <Icon node={Search} size={18} aria-hidden="true" />
          <FormattedMessage id="traveladdon.lookup.submit" />
        </Button>
      </Form>
      {state === "running" ? <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "traveladdon.lookup.running" })} /> : null}
    </section>
  );
}

/**
 * Renders `children` once the visit has a cart token and a looked-up order; else `heading` (the screen title, when the
 * screen has none of its own yet) with the notice to open the order's link, the linked order being looked up, or the
 * lookup. spec §2 traveladdon.
 */
export function AddOnGate({ children, heading = null }: { children: () => ReactNode; heading?: ReactNode }) {
  const { context, config } = useCurrentShop();
  const orders = useAddOnOrders();
  const linked = useLinkedOrderLookup();
  const intl = useIntl();
  if (!context.cartToken || !config.apiTravelId)
    return (
      <>
        {heading}
        <p className="notice" role="status">
          <FormattedMessage id="traveladdon.needsLink" />
        </p>
      </>
    );
  if (!orders && linked.isPending)
    return (
      <>
        {heading}
        <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "traveladdon.lookup.running" })} />
      </>
    );
  if (!orders)
    return (
      <>
        {heading}
        <p>
          <FormattedMessage id="traveladdon.intro" />
        </p>
        <AddOnLookup linked={linked} />
      </>
    );
  return children();
}

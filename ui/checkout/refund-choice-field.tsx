import { Label, Radio, RadioGroup, Text } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { type Cents, formatEuro } from "../../domain/money.ts";

/** Props of the refund protection choice: the current answer (null = not made), its price in cents, the change callback. */
export interface RefundChoiceFieldProps {
  readonly value: boolean | null;
  readonly price: Cents;
  readonly onChange: (insured: boolean) => void;
  readonly isDisabled: boolean;
  readonly isInvalid?: boolean;
}

/** Refund protection (spec §4 Refund choice): a react-aria RadioGroup Yes / No; Yes adds one insurance item, No sets it to 0. */
export function RefundChoiceField({ value, price, onChange, isDisabled, isInvalid }: RefundChoiceFieldProps) {
  return (
    <RadioGroup
      className="field radios refund"
      value={value === null ? null : value ? "yes" : "no"}
      onChange={(v) => onChange(v === "yes")}
      isDisabled={isDisabled}
      isInvalid={isInvalid ?? false}
    >
      <Label>
        <FormattedMessage id="checkout.refund.label" />
      </Label>
      <Text slot="description" className="small muted">
        <FormattedMessage id="checkout.refund.description" values={{ price: formatEuro(price) }} />
      </Text>
      <Radio value="yes" className="radio">
        <FormattedMessage id="checkout.refund.yes" />
      </Radio>
      <Radio value="no" className="radio">
        <FormattedMessage id="checkout.refund.no" />
      </Radio>
    </RadioGroup>
  );
}

import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useState } from "react";
import { Button, FieldError, Form, Group, Heading, Input, Label, NumberField, TextArea, TextField } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { TransportRequestMail } from "../../application/ports/mail-api.port.ts";
import { type TransportRequestFieldError, type TransportRequestInput, transportRequestErrors } from "../../domain/transport-request.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";

const EMPTY: TransportRequestInput = { name: "", email: "", phoneNumber: "", persons: 1, departureCity: "", message: "" };

/**
 * The transport request form (spec §7 Other calls "Mail"): react-aria fields checked by transportRequestErrors, sent
 * through SendTransportRequest; thanks or says the sending failed.
 */
export function TransportRequestForm() {
  const intl = useIntl();
  const { config, context } = useCurrentShop();
  const useCase = useAsyncUseCase((m) => m.SendTransportRequest);
  const [input, setInput] = useState<TransportRequestInput>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof transportRequestErrors>>({});
  const mutation = useMutation({
    mutationFn: (mail: TransportRequestMail) => useCase.execute({ context, mail }),
  });
  const label = (field: keyof TransportRequestInput) =>
    intl.formatMessage({ id: `items.compare.form.${field === "phoneNumber" ? "phone" : field === "departureCity" ? "city" : field}` });
  const messageOf = (field: keyof TransportRequestInput, error: TransportRequestFieldError | undefined): string | undefined => {
    if (!error) return undefined;
    switch (error._tag) {
      case "Required":
        return intl.formatMessage({ id: "items.compare.form.required" }, { field: label(field).toLowerCase() });
      case "InvalidEmail":
        return intl.formatMessage({ id: "items.compare.form.email.invalid" });
      case "PersonsOutOfRange":
        return intl.formatMessage({ id: "items.compare.form.persons.invalid" });
      case "TooLong":
        return intl.formatMessage({ id: "items.compare.form.tooLong" }, { max: error.max });
    }
  };
  const set = <K extends keyof TransportRequestInput>(field: K) => (value: TransportRequestInput[K]) => setInput((old) => ({ ...old, [field]: value }));
  const text = (field: "name" | "email" | "phoneNumber" | "departureCity", type: "text" | "email" | "tel" = "text", required = true) => (
    <TextField
      className="field"
      value={input[field]}
      onChange={set(field)}
      type={type}
      isRequired={required}
      isInvalid={errors[field] !== undefined}
      autoComplete={field === "name" ? "name" : field === "email" ? "email" : field === "phoneNumber" ? "tel" : "address-level2"}
    >
      <Label>{label(field)}</Label>
      <Input className="input" />
      <FieldError className="field-error">{messageOf(field, errors[field])}</FieldError>
    </TextField>
  );
  if (mutation.isSuccess) {
    return (
      <section className="card request-form" aria-labelledby="transport-request-title">
        <Heading level={2} id="transport-request-title">
          <FormattedMessage id="items.compare.form.title" />
        </Heading>
        <p role="status" className="in-cart">
          <FormattedMessage id="items.compare.form.sent" />
        </p>
      </section>
    );
  }
  return (
    <section className="card request-form" aria-labelledby="transport-request-title">
      <Heading level={2} id="transport-request-title">
        <FormattedMessage id="items.compare.form.title" />
      </Heading>
      <p className="muted">
        <FormattedMessage id="items.compare.form.intro" />
      </p>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          const found = transportRequestErrors(input);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          mutation.mutate({
            eventNamespace: config.apiNamespace,
            name: input.name.trim(),
            email: input.email.trim(),
            persons: input.persons,
            departureCity: input.departureCity.trim(),
            ...(input.phoneNumber.trim() ? { phoneNumber: input.phoneNumber.trim() } : {}),
            ...(input.message.trim() ? { message: input.message.trim() } : {}),
          });
        }}
      >
        {text("name")}
        {text("email", "email")}
        {text("phoneNumber", "tel", false)}
        <NumberField
          className="field"
          value={input.persons}
          onChange={(value) => set("persons")(Number.isNaN(value) ? 0 : value)}
          minValue={1}
          maxValue={50}
          isRequired
          isInvalid={errors.persons !== undefined}
        >
          <Label>{label("persons")}</Label>
          <Group>
            <Input className="input" />
          </Group>
          <FieldError className="field-error">{messageOf("persons", errors.persons)}</FieldError>
        </NumberField>
        {text("departureCity")}
        <TextField className="field" value={input.message} onChange={set("message")} isInvalid={errors.message !== undefined}>
          <Label>{label("message")}</Label>
          <TextArea className="input" rows={4} />
          <FieldError className="field-error">{messageOf("message", errors.message)}</FieldError>
        </TextField>
        {mutation.isError ? (
          <p role="alert" className="form-messages">
            <FormattedMessage id="items.compare.form.failed" />
          </p>
        ) : null}
        <Button type="submit" className="button primary" isPending={mutation.isPending}>
          <Icon node={Send} aria-hidden="true" size={18} />
          <FormattedMessage id="items.compare.form.send" />
        </Button>
      </Form>
    </section>
  );
}

// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { Button, FieldError, Input, Label, TextField } from "react-aria-components";
import { createIntl } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusFirstInvalid } from "../../ui/common/focus-first-invalid.ts";
import { messagesFor } from "../../ui/i18n/messages.ts";
import { routeTitle } from "../../ui/shell/route-focus.tsx";
import "./render.tsx";

afterEach(cleanup);

const intl = (locale: "en" | "nl" | "es") => createIntl({ locale, messages: messagesFor(locale) });

describe("routeTitle (document title per route, translated)", () => {
  it("names the step and the shop", () => {
    expect(routeTitle("/lowlands-lights/tickets", "Lowlands Lights 2027", false, intl("en"))).toBe("Tickets – Lowlands Lights 2027");
    expect(routeTitle("/lowlands-lights/travel", "Lowlands Lights 2027", false, intl("nl"))).toBe(`${messagesFor("nl")["step.travel"]} – Lowlands Lights 2027`);
    expect(routeTitle("/lowlands-lights/checkout", "Lowlands Lights 2027", false, intl("es"))).toBe(`${messagesFor("es")["step.checkout"]} – Lowlands Lights 2027`);
  });

  it("a detail route carries its list's step name", () => {
    expect(routeTitle("/lowlands-lights/tickets/ll_ticket_weekend", "Lowlands Lights 2027", false, intl("en"))).toBe("Tickets – Lowlands Lights 2027");
  });

  it("the overview is the shop's title; the chooser, login, payment status and unknown pages have their own", () => {
    expect(routeTitle("/lowlands-lights", "Lowlands Lights 2027", false, intl("en"))).toBe("Lowlands Lights 2027");
    expect(routeTitle("/", null, false, intl("en"))).toBe("Choose your event – Festival shop");
    expect(routeTitle("/login", null, false, intl("en"))).toBe("Log in – Festival shop");
    expect(routeTitle("/lowlands-lights/paymentstatus", "Lowlands Lights 2027", false, intl("nl"))).toBe("Betaalstatus – Lowlands Lights 2027");
    expect(routeTitle("/lowlands-lights/nope", "Lowlands Lights 2027", false, intl("en"))).toBe("Page not found – Lowlands Lights 2027");
    expect(routeTitle("/no-such-shop", null, true, intl("en"))).toBe("Page not found – Festival shop");
  });
});

function Form() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  return (
    <div ref={ref}>
      {["first", "second", "third"].map((name) => (
        <TextField key={name} isInvalid={errors[name] !== undefined} validationBehavior="aria">
          <Label>{name}</Label>
          <Input />
          <FieldError>{errors[name]}</FieldError>
        </TextField>
      ))}
      <Button
        onPress={() => {
          setErrors({ second: "Required", third: "Required" });
          focusFirstInvalid();
        }}
      >
        Submit
      </Button>
    </div>
  );
}

describe("useFocusFirstInvalid", () => {
  it("moves focus from the submit button to the first invalid field", () => {
    render(<Form />);
    const submit = screen.getByRole("button", { name: "Submit" });
    act(() => submit.focus());
    act(() => submit.click());
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "second" }));
  });
});

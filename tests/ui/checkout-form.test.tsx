// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTRIES } from "../../domain/countries.ts";
import { FIELD_MESSAGE } from "../../domain/checkout-validation.ts";
import { firstInvalidField } from "../../ui/common/focus-first-invalid.ts";
import { CheckoutForm, EMPTY_CHECKOUT_VALUES } from "../../ui/checkout/checkout-form.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

describe("CheckoutForm country field (spec §3 country, §1 languages)", () => {
  it("offers every country of the list named in the visitor's language, in that language's order, and keeps the other fields when one is chosen", async () => {
    const onChange = vi.fn();
    const props = { errors: {}, onChange, paymentProvider: "adyen" as const, now: new Date("2026-11-26T12:00:00Z"), disabled: false };
    const { rerender } = renderWithIntl(<CheckoutForm values={EMPTY_CHECKOUT_VALUES} {...props} />, "nl");
    // A keystroke elsewhere renders the form again.
    rerender(<CheckoutForm values={{ ...EMPTY_CHECKOUT_VALUES, firstName: "Anna" }} {...props} />);
    const user = userEvent.setup();
    // The field names the chosen country (the Netherlands by default) and then its label.
    await user.click(await screen.findByRole("button", { name: /^Nederland Land/ }, { timeout: 10_000 }));
    const options = (await screen.findAllByRole("option", {}, { timeout: 10_000 })).map((option) => option.textContent ?? "");
    expect(options).toContain("Nederland");
    expect(options).toContain("Duitsland");
    expect(options).toHaveLength(COUNTRIES.length);
    expect(options).toEqual([...options].sort(new Intl.Collator("nl").compare));
    await user.click(screen.getByRole("option", { name: "België" }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: "Anna", country: "BE" }));
  });
});

describe("CheckoutForm date of birth error (spec §5 Checkout fields, WCAG 3.3.1)", () => {
  it("marks the date of birth's dropdowns invalid, so a refused order moves focus to its first one, the day", () => {
    const props = { onChange: vi.fn(), paymentProvider: "paylogic" as const, now: new Date("2026-11-26T12:00:00Z"), disabled: false };
    const { container } = renderWithIntl(<CheckoutForm values={EMPTY_CHECKOUT_VALUES} errors={{ dateOfBirth: FIELD_MESSAGE.ageRequirements }} ageRequirementsError="Too young" {...props} />, "en");
    expect(firstInvalidField(container)).toBe(screen.getByRole("button", { name: /\bDay\b/ }));
    expect(screen.getByText("Too young")).toBeTruthy();
  });

  it("leaves the date of birth's dropdowns valid without its error", () => {
    const props = { onChange: vi.fn(), paymentProvider: "paylogic" as const, now: new Date("2026-11-26T12:00:00Z"), disabled: false };
    const { container } = renderWithIntl(<CheckoutForm values={EMPTY_CHECKOUT_VALUES} errors={{}} {...props} />, "en");
    expect(firstInvalidField(container)).toBeNull();
  });
});

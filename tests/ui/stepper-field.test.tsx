// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StepperField } from "../../ui/travel/stepper-field.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

describe("StepperField (the number field's code loads on first render)", () => {
  it("shows the label and value at once, inert, then the react-aria NumberField in its place, which steps the value", async () => {
    const onChange = vi.fn();
    renderWithIntl(<StepperField value={2} minValue={1} maxValue={50} label="Persons" onChange={onChange} />);
    const before = screen.getByRole("textbox", { name: "Persons" }) as HTMLInputElement;
    expect(before.value).toBe("2");
    expect(before.disabled).toBe(true);
    const increase = await screen.findByRole("button", { name: "Increase Persons" });
    const field = screen.getByRole("textbox", { name: "Persons" }) as HTMLInputElement;
    expect(field.disabled).toBe(false);
    expect(field.value).toBe("2");
    await userEvent.setup().click(increase);
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it("keeps the bounds once loaded: no decrease at the minimum", async () => {
    renderWithIntl(<StepperField value={1} minValue={1} maxValue={50} ariaLabel="Amount of Breakfast" onChange={vi.fn()} />);
    expect((screen.getByRole("textbox", { name: "Amount of Breakfast" }) as HTMLInputElement).value).toBe("1");
    expect((await screen.findByRole("button", { name: "Decrease Amount of Breakfast" })).hasAttribute("disabled")).toBe(true);
  });
});

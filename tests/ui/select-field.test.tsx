// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SelectField } from "../../ui/common/select-field.tsx";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const MONTHS = [
  { id: "1", label: "January" },
  { id: "2", label: "February" },
  { id: "3", label: "March" },
];

describe("SelectField (the shared react-aria Select of the checkout form, the basket and the travel filters)", () => {
  it("is a button named by its label and its choice, and reports the key of the option chosen", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithIntl(<SelectField label="Month" options={MONTHS} selectedKey="2" onChange={onChange} />);
    const trigger = screen.getByRole("button", { name: /Month/ });
    expect(trigger.textContent).toContain("February");
    await user.click(trigger);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["January", "February", "March"]);
    await user.click(screen.getByRole("option", { name: "March" }));
    expect(onChange).toHaveBeenCalledWith("3");
  });

  it("shows the placeholder for no choice (an empty key) and a description under it", () => {
    renderWithIntl(<SelectField label="Country" options={MONTHS} selectedKey="" onChange={() => undefined} placeholder="Choose a country" description="Delivered in 5 days" />);
    expect(screen.getByRole("button", { name: /Country/ }).textContent).toContain("Choose a country");
    expect(screen.getByText("Delivered in 5 days")).toBeTruthy();
  });

  it("marks a required field in its label and shows its error text, invalid", () => {
    const { container } = renderWithIntl(<SelectField label="Day" required options={MONTHS} selectedKey="" onChange={() => undefined} error="Choose a day" />);
    expect(screen.getByText("Day *")).toBeTruthy();
    expect(screen.getByText("Choose a day")).toBeTruthy();
    expect(container.querySelector(".select-field")?.getAttribute("data-invalid")).toBe("true");
    expect(container.querySelector(".select-field")?.getAttribute("data-required")).toBe("true");
  });

  it("is neither required nor invalid unless told, and does not open while disabled", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithIntl(<SelectField label="Rating" options={MONTHS} selectedKey="1" onChange={onChange} disabled />);
    expect(screen.getByText("Rating")).toBeTruthy();
    expect(screen.queryByText("Rating *")).toBeNull();
    expect(container.querySelector(".select-field")?.hasAttribute("data-invalid")).toBe(false);
    await user.click(screen.getByRole("button", { name: /Rating/ }));
    expect(screen.queryByRole("option")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});

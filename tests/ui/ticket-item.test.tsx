// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TicketItem } from "../../ui/tickets/ticket-item.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const base = { inCart: 0, otherTicketsInCart: 0, maxTicketAmount: 10, pending: false, useStepper: false };

describe("TicketItem", () => {
  it("shows a disabled sold-out button for a sold-out ticket", () => {
    renderWithIntl(<TicketItem {...base} product={aProduct({ soldOut: true, stock: 0 })} onChangeQuantity={vi.fn()} />);
    expect((screen.getByRole("button", { name: "Sold out" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("adds the quantity chosen in the select only when the button is pressed", async () => {
    const onChange = vi.fn();
    renderWithIntl(<TicketItem {...base} product={aProduct()} onChangeQuantity={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Quantity/ }));
    await user.click(screen.getByRole("option", { name: "3" }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it("offers no more than maxTicketAmount minus the other tickets in the cart", async () => {
    renderWithIntl(<TicketItem {...base} otherTicketsInCart={7} product={aProduct()} onChangeQuantity={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole("button", { name: /Quantity/ }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["1", "2", "3"]);
  });

  it("turns the button into removal when the current quantity is chosen", async () => {
    const onChange = vi.fn();
    renderWithIntl(<TicketItem {...base} inCart={2} product={aProduct()} onChangeQuantity={onChange} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Remove" }));
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it("with the stepper, plus below the minimum jumps to it and each press updates the cart at once", async () => {
    const onChange = vi.fn();
    renderWithIntl(<TicketItem {...base} useStepper product={aProduct({ minQuantity: 2 })} onChangeQuantity={onChange} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "+" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

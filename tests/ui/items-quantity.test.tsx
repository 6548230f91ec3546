// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductEncoded } from "../../domain/product.schema.ts";
import { itemQuantityMax } from "../../domain/quantities.ts";
import { ItemQuantity, type ItemQuantityProps } from "../../ui/items/item-quantity.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

/** Renders the shared control with the max the item screens compute (domain itemQuantityMax), like useItemCart does. */
const renderItem = (
  wire: Partial<ProductEncoded>,
  options: { cart?: Record<string, number>; mode?: ItemQuantityProps["mode"]; pending?: boolean; travel?: boolean; groups?: Array<{ ticketIds: string[]; maxQuantity: number }> } = {},
) => {
  const product = aProduct(wire);
  const cart = options.cart ?? {};
  const ticketsInCart = Object.entries(cart).filter(([id]) => id.includes("ticket")).reduce((n, [, q]) => n + q, 0);
  const inCart = cart[product.id] ?? 0;
  const onChange = vi.fn();
  renderWithIntl(
    <ItemQuantity
      product={product}
      inCart={inCart}
      max={itemQuantityMax({ product, cartProducts: cart, maxTicketAmount: 10, ticketsInCart, extraTicketGroups: options.groups ?? [] })}
      mode={options.mode ?? "select"}
      pending={options.pending ?? false}
      {...(product.type === "ticket" ? { picker: { maxTicketAmount: 10, otherTicketsInCart: ticketsInCart - inCart } } : {})}
      travelTicketAvailable={options.travel ?? false}
      travelHref="/lowlands-lights/travel"
      onChangeQuantity={onChange}
    />,
  );
  return onChange;
};

const openOptions = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 }));
  // The list's code loads on the field's first use, so the options show once it is there.
  return (await screen.findAllByRole("option", {}, { timeout: 10_000 })).map((o) => o.textContent);
};

describe("ItemQuantity: sold out (spec §4 Cart updates on item screens)", () => {
  it("shows a disabled sold-out button", () => {
    renderItem({ soldOut: true, stock: 0 });
    expect((screen.getByRole("button", { name: "Sold out" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("links to the travel page instead when a travel ticket is still available", () => {
    renderItem({ soldOut: false, stock: 0 }, { travel: true });
    expect(screen.getByRole("link", { name: "Book with travel" }).getAttribute("href")).toBe("/lowlands-lights/travel");
    expect(screen.queryByRole("button", { name: "Sold out" })).toBeNull();
  });

  it("shows the overrideSoldout text", () => {
    renderItem({ soldOut: true, stock: 0, meta: { overrideSoldout: true, soldOutText: "Back next year" } });
    expect(screen.getByText("Back next year")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("ItemQuantity: select (spec §4, §5)", () => {
  it("adds the quantity chosen only when the button is pressed", async () => {
    const onChange = renderItem({});
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 }));
    await user.click(await screen.findByRole("option", { name: "3" }, { timeout: 10_000 }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it("offers the ticket picker: none, up to maxTicketAmount minus the other tickets in the cart, and one more (spec §5: it leads to 5004)", async () => {
    renderItem({}, { cart: { ll_ticket_saturday: 7 } });
    expect(await openOptions()).toEqual(["None", "1", "2", "3", "4"]);
  });

  it("adds the over-the-cap choice like any other: the cart write answers it with 5004 and clamps it", async () => {
    const onChange = renderItem({});
    const user = userEvent.setup();
    expect(await openOptions()).toEqual(["None", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
    await user.click(screen.getByRole("option", { name: "11" }));
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(onChange).toHaveBeenCalledWith(11);
  });

  it("limits a ticket of an allowedExtraTickets group by the group maximum minus the other group tickets", async () => {
    renderItem({}, { cart: { ll_ticket_camping: 1 }, groups: [{ ticketIds: ["ll_ticket_weekend", "ll_ticket_camping"], maxQuantity: 3 }] });
    expect(await openOptions()).toEqual(["None", "1", "2"]);
  });

  it("turns the button into removal on the current quantity and on none", async () => {
    const onChange = renderItem({}, { cart: { ll_ticket_weekend: 2 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    await user.click(await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 }));
    await user.click(screen.getByRole("option", { name: "4" }));
    await user.click(screen.getByRole("button", { name: "Update cart" }));
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it("follows a quantity the cart gets elsewhere (the wishlist modal's fill): no Update cart back to the old number", async () => {
    const product = aProduct({});
    const props = { product, max: 10, mode: "select" as const, pending: false, onChangeQuantity: vi.fn() };
    const view = (inCart: number) => <ItemQuantity {...props} inCart={inCart} />;
    const { rerender } = renderWithIntl(view(1));
    expect(screen.getByRole("button", { name: "Remove" })).toBeTruthy();
    rerender(view(4));
    expect(screen.getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update cart" })).toBeNull();
    expect((await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 })).textContent).toContain("4");
  });

  it("while an update is pending disables the select and shows a spinner in the add button, which takes no press", async () => {
    const onChange = renderItem({}, { pending: true });
    expect((await screen.findByRole("button", { name: /Quantity/ }, { timeout: 10_000 })).hasAttribute("disabled")).toBe(true);
    const add = screen.getByRole("button", { name: /Add to cart/ });
    expect(add.hasAttribute("data-busy")).toBe(true);
    expect(within(add).getByRole("progressbar", { name: "Updating your cart" })).toBeTruthy();
    await userEvent.setup().click(add);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("keeps the focus on the pressed button while the cart updates and after (keyboard users stay in place)", async () => {
    const product = aProduct();
    const view = (inCart: number, pending: boolean) => <ItemQuantity product={product} inCart={inCart} max={10} mode="select" pending={pending} travelTicketAvailable={false} onChangeQuantity={() => undefined} />;
    const { rerender } = renderWithIntl(view(0, false));
    const add = screen.getByRole("button", { name: "Add to cart" });
    add.focus();
    rerender(view(0, true));
    expect(document.activeElement).toBe(add);
    rerender(view(1, false));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove" }));
  });

  it("keeps the stepper's pressed button focused while the cart updates", () => {
    const product = aProduct();
    const view = (inCart: number, pending: boolean) => <ItemQuantity product={product} inCart={inCart} max={10} mode="stepper" pending={pending} travelTicketAvailable={false} onChangeQuantity={() => undefined} />;
    const { rerender } = renderWithIntl(view(1, false));
    const more = screen.getByRole("button", { name: "One more" });
    more.focus();
    rerender(view(1, true));
    expect(document.activeElement).toBe(more);
    expect(more.hasAttribute("data-busy")).toBe(true);
    rerender(view(2, false));
    expect(document.activeElement).toBe(more);
  });

  it.each([
    ["membership", "ll_membership_year"],
    ["extras", "ll_extra_locker"],
    ["merchandise", "ll_cap_onesize"],
    ["transportation", "ll_bus_utrecht"],
    ["comparetransport", "ll_compare_train"],
  ] as const)("a %s item offers none, then its minimum up to its stock", async (type, id) => {
    renderItem({ id, type, stock: 3, maxQuantity: 5, minQuantity: 2, serviceCosts: 0 });
    expect(await openOptions()).toEqual(["None", "2", "3"]);
  });

  it.each(["membership", "extras", "merchandise", "transportation"] as const)("a %s item without maxQuantity stops at the default 9", async (type) => {
    renderItem({ id: `x_${type}`, type, stock: 500, maxQuantity: undefined, serviceCosts: 0 });
    expect((await openOptions()).at(-1)).toBe("9");
  });
});

describe("ItemQuantity: stepper (spec §4, §5)", () => {
  it("plus below the minimum jumps to it and updates at once", async () => {
    const onChange = renderItem({ type: "extras", id: "ll_extra_locker", minQuantity: 2 }, { mode: "stepper" });
    await userEvent.setup().click(screen.getByRole("button", { name: "One more" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it("minus at the minimum drops to zero", async () => {
    const onChange = renderItem({ type: "extras", id: "ll_extra_locker", minQuantity: 2 }, { mode: "stepper", cart: { ll_extra_locker: 2 } });
    await userEvent.setup().click(screen.getByRole("button", { name: "One less" }));
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it("plus is disabled at the default maximum 9", () => {
    renderItem({ type: "membership", id: "ll_membership", maxQuantity: undefined, stock: 100 }, { mode: "stepper", cart: { ll_membership: 9 } });
    expect(screen.getByRole("button", { name: "One more" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "One less" }).hasAttribute("disabled")).toBe(false);
  });

  it("makes both buttons take no press and shows the spinner while an update is pending", async () => {
    const onChange = renderItem({}, { mode: "stepper", pending: true, cart: { ll_ticket_weekend: 1 } });
    expect(screen.getByRole("button", { name: "One more" }).hasAttribute("data-busy")).toBe(true);
    expect(screen.getByRole("button", { name: "One less" }).hasAttribute("data-busy")).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "One more" }));
    await user.click(screen.getByRole("button", { name: "One less" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("progressbar")).toBeTruthy();
  });
});

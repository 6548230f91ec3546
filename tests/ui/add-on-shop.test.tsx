// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Routes } from "react-router-dom";
import { CART_ID_STORE } from "../../application/ports/tokens.ts";
import { AddOnLookupScreen, AddOnOrderBar } from "../../ui/items/add-on-shop.tsx";
import { RandomProvider } from "../../ui/common/random.tsx";
import { ShopHeader } from "../../ui/shell/header.tsx";
import { ORDER_CART_TOKEN, ORDER_EMAIL, PREVIOUS_ORDERS } from "../support/contract-examples-orders.ts";
import { InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { InMemoryOrderLookupApi } from "../support/in-memory-vouchers-orders.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

/** The add-on shop's overview (the lookup screen) and extras (the chosen-order bar with the add-on modal), the demo order in the lookup fake, a remembered cart, and the random source fixed at 0 (the modal's shortest wait, 2 s). */
const render = (path = "/lowlands-lights", withHeader = false) => {
  const cartIds = new InMemoryCartIdStore();
  cartIds.set("lowlands-lights", "an-earlier-cart");
  const orders = new InMemoryOrderLookupApi([{ cartToken: ORDER_CART_TOKEN, answer: PREVIOUS_ORDERS }]);
  const view = renderInShop(
    <RandomProvider random={() => 0}>
      {withHeader ? <ShopHeader /> : null}
      <Routes>
        <Route index element={<AddOnLookupScreen />} />
        <Route path="extras" element={<AddOnOrderBar />} />
      </Routes>
    </RandomProvider>,
    {
      path,
      config: { shopInit: { isAddOnShop: true, paymentProvider: "test" } },
      orders,
      register: (di) => di.register(CART_ID_STORE, { useValue: cartIds }),
    },
  );
  return { ...view, orders, cartIds };
};

/** Fills the order number and e-mail of `scope` and presses Find my order. */
const lookUp = async (scope: HTMLElement, orderNumber: string, email: string) => {
  const user = userEvent.setup();
  const number = within(scope).getByRole("textbox", { name: /Order number/ });
  const mail = within(scope).getByRole("textbox", { name: /E-mail address/ });
  await user.clear(number);
  await user.type(number, orderNumber);
  await user.clear(mail);
  if (email) await user.type(mail, email);
  await user.click(within(scope).getByRole("button", { name: "Find my order" }));
  return user;
};

describe("the add-on shop's order lookup screen (spec §2 Other layers, §4 Add-on lookup, §5 Order number lookup)", () => {
  it("says invalid without a call, no order for another e-mail, then lists the found order with its purchases", async () => {
    const { orders } = render();
    const section = screen.getByRole("region", { name: "Add extras to your order" });
    await lookUp(section, "12345", ORDER_EMAIL);
    expect(await within(section).findByText(/^Invalid order number/)).toBeTruthy();
    await lookUp(section, "123456789", "sam");
    expect(await within(section).findByText(/^Invalid order number/)).toBeTruthy();
    expect(orders.calls).toEqual([]);
    await lookUp(section, "#123456789", "someone.else@example.com");
    expect(await within(section).findByText("No order found with this order number and e-mail address.")).toBeTruthy();
    await lookUp(section, "123456789", ORDER_EMAIL);
    const order = within(await within(section).findByRole("list", { name: "Orders found" })).getAllByRole("listitem")[0]!;
    expect(within(order).getByRole("heading", { name: "Order #123456789" })).toBeTruthy();
    expect(order.textContent).toContain("2 × Weekend ticket · € 229,50");
    expect(order.textContent).toContain("1 × Travel: Hotel De Duinen - Double room · € 378,00");
    expect(orders.calls).toEqual([
      { reference: "123456789", consumer_email: "someone.else@example.com" },
      { reference: "123456789", consumer_email: ORDER_EMAIL },
    ]);
  });

  it("adding extras to the found order lets the earlier cart go and opens the extras with the order's cart token", async () => {
    const { router, cartIds } = render();
    const user = await lookUp(screen.getByRole("region", { name: "Add extras to your order" }), "123456789", ORDER_EMAIL);
    await user.click(await screen.findByRole("button", { name: "Add extras to order #123456789" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/lowlands-lights/extras"));
    expect(new URLSearchParams(router.state.location.search).get("cartToken")).toBe(ORDER_CART_TOKEN);
    expect(cartIds.get("lowlands-lights")).toBeNull();
  });
});

describe("the add-on modal (spec §2 Other layers, §4 Modals and loading)", () => {
  it("shows a spinner for its random wait (2 s at 0), then the order lookup and the found order", async () => {
    render("/lowlands-lights/extras");
    expect(screen.getByText("Choose the order you want to add extras to.").getAttribute("role")).toBe("status");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Find your order" }));
    const dialog = await screen.findByRole("dialog", { name: "Add to an earlier order" });
    expect(within(dialog).getByRole("progressbar", { name: "Loading…" })).toBeTruthy();
    expect(within(dialog).queryByRole("textbox", { name: /Order number/ })).toBeNull();
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: /Order number/ })).toBeTruthy(), { timeout: 4000 });
    await lookUp(dialog, "123456789", ORDER_EMAIL);
    expect(await within(dialog).findByRole("button", { name: "Add extras to order #123456789" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("Previous orders in the add-on shop's header (spec §2 Header)", () => {
  it("shows once the visit's lookup found an order with purchases, without a login, and lists its purchases", async () => {
    render("/lowlands-lights", true);
    const banner = screen.getByRole("banner");
    expect(within(banner).queryByRole("button", { name: "Previous orders" })).toBeNull();
    const user = await lookUp(screen.getByRole("region", { name: "Add extras to your order" }), "123456789", ORDER_EMAIL);
    await user.click(await within(banner).findByRole("button", { name: "Previous orders" }));
    const dialog = await screen.findByRole("dialog", { name: "Previous orders" });
    expect(within(dialog).getByRole("heading", { name: "#123456789" })).toBeTruthy();
    expect(dialog.textContent).toContain("Weekend ticket");
  });
});

// @vitest-environment jsdom
import { act, cleanup, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Cents } from "../../domain/money.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { ToastProvider } from "../../ui/shell/toasts.tsx";
import { TicketsRoute } from "../../ui/tickets/tickets.route.tsx";
import { UpsellPanel } from "../../ui/items/upsell-panel.tsx";
import { useFirstTotal } from "../../ui/shop/use-total-change.ts";
import { RecordingAnalytics } from "../support/in-memory-platform.ts";
import { aCart, aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const weekend = aProduct();
const cap = aProduct({ id: "ll_cap_onesize", name: "Lowlands Lights cap", title: undefined, type: "merchandise", price: 19.95, serviceCosts: 0, stock: 80, maxQuantity: 5, isUpsell: true, meta: { vendorVariantTitle: "ONE SIZE" } });
const locker = aProduct({ id: "ll_extra_locker", name: "Locker", title: undefined, type: "extras", price: 17.5, serviceCosts: 0, stock: 200, maxQuantity: 4, isUpsell: true, meta: {} });
const plainExtra = { ...locker, id: "ll_extra_poncho", name: "Poncho", isUpsell: false };

const openTickets = (config: Partial<ShopConfig> = { upsell: "Yes" }, products = [weekend, cap, locker], analytics = new RecordingAnalytics()) => {
  renderInShop(
    <ToastProvider>
      <TicketsRoute />
    </ToastProvider>,
    { path: "/lowlands-lights/tickets?utm_source=mail", products, cart: null, config, analytics },
  );
  return analytics;
};

/** Adds the weekend ticket (the select's first quantity, 1) with the add button, as a visitor does. */
const addWeekend = async (user: ReturnType<typeof userEvent.setup>) => {
  const card = (await screen.findByRole("heading", { name: "Weekend ticket" })).closest("article")!;
  const add = within(card as HTMLElement).getByRole("button", { name: "Add to cart" });
  // The items list shows before the cart has loaded, with its controls pending (disabled) until it has.
  await waitFor(() => expect(add.hasAttribute("disabled")).toBe(false));
  await user.click(add);
  return card as HTMLElement;
};

describe("upsell panel on the tickets route (spec §4 Upsell and toasts)", () => {
  it("opens when the total rises, listing the upsell products not in the cart as tiles that keep slug and query", async () => {
    const user = userEvent.setup();
    openTickets();
    expect(screen.queryByRole("dialog")).toBeNull(); // the first cart seen is the baseline
    await addWeekend(user);
    const dialog = await screen.findByRole("dialog", { name: "Make your festival complete" }, { timeout: 5000 });
    expect(within(dialog).getByRole("link", { name: /Lowlands Lights cap/ }).getAttribute("href")).toBe("/lowlands-lights/merchandise?utm_source=mail");
    expect(within(dialog).getByRole("link", { name: /Locker/ }).getAttribute("href")).toBe("/lowlands-lights/extras?utm_source=mail");
    expect(within(dialog).queryByRole("link", { name: /Weekend ticket/ })).toBeNull();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape and puts focus back on the ticket's control", async () => {
    const user = userEvent.setup();
    openTickets();
    const card = await addWeekend(user);
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
  });

  it("closes with its close button", async () => {
    const user = userEvent.setup();
    openTickets();
    await addWeekend(user);
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("continues to the next route of the flow, keeping the query", async () => {
    const user = userEvent.setup();
    openTickets();
    await addWeekend(user);
    await user.click(within(await screen.findByRole("dialog")).getByRole("link", { name: "Continue" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights/merchandise?utm_source=mail"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("tracks a tile press as upsellClick and goes to the product's route", async () => {
    const user = userEvent.setup();
    const analytics = openTickets();
    await addWeekend(user);
    await user.click(within(await screen.findByRole("dialog")).getByRole("link", { name: /Locker/ }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights/extras?utm_source=mail"));
    const clicks = analytics.events.filter((e) => e.type === "upsellClick");
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.items.map((i) => i.id)).toEqual(["ll_extra_locker"]);
  });

  it("stays shut in a shop with upsell No", async () => {
    const user = userEvent.setup();
    openTickets({ upsell: "No" });
    const card = await addWeekend(user);
    await within(card).findByRole("button", { name: "Remove" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens for a rise that happened while its code was loading: it compares the cart with the total the route saw first (baseline)", async () => {
    renderInShop(
      <ToastProvider>
        <UpsellPanel baseline={0} />
      </ToastProvider>,
      { path: "/lowlands-lights/tickets", products: [weekend, cap, locker], cart: aCart({ products: { [weekend.id]: 1 }, totalAmount: 12000 as Cents }), config: { upsell: "Yes" } },
    );
    const dialog = await screen.findByRole("dialog", { name: "Make your festival complete" }, { timeout: 5000 });
    expect(within(dialog).getByRole("link", { name: /Locker/ })).toBeTruthy();
  });

  it("without a baseline takes the first cart it sees as one: a page load is never a rise", async () => {
    renderInShop(
      <ToastProvider>
        <UpsellPanel />
      </ToastProvider>,
      { path: "/lowlands-lights/tickets", products: [weekend, cap, locker], cart: aCart({ products: { [weekend.id]: 1 }, totalAmount: 12000 as Cents }), config: { upsell: "Yes" } },
    );
    await act(async () => undefined);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is handed the route's first total: undefined while the cart loads, then the first total, kept through later ones (useFirstTotal)", () => {
    const { result, rerender } = renderHook(({ total }: { total: number | undefined }) => useFirstTotal(total), { initialProps: { total: undefined as number | undefined } });
    expect(result.current).toBeUndefined();
    rerender({ total: 5000 });
    expect(result.current).toBe(5000);
    rerender({ total: 9000 });
    expect(result.current).toBe(5000);
  });

  it("stays shut when no upsell product is left to offer", async () => {
    const user = userEvent.setup();
    openTickets({ upsell: "Yes" }, [weekend, plainExtra]);
    const card = await addWeekend(user);
    await within(card).findByRole("button", { name: "Remove" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

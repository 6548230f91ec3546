// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { CountdownBar } from "../../ui/shell/countdown-bar.tsx";
import { InMemoryDeepLinkStore } from "../support/in-memory-platform.ts";
import { aProduct, aShopConfigIn } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const cartWith = (timeout: number, status: Cart["status"] = "shopping"): Cart => ({
  id: "00000000-0000-4000-8000-000000000001", status, timeout, products: { ll_ticket_weekend: 1 },
  totalAmount: 22950 as Cents, totalAmountExcludingServiceCosts: 21950 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
});

describe("countdown at zero (spec §4 Countdown)", () => {
  it("blocks with 4004 in upgrade mode, whose config carries the upgradable order", async () => {
    renderInShop(<CountdownBar />, { path: "/lowlands-lights/tickets", products: [aProduct()], cart: cartWith(0), config: aShopConfigIn("Upgrade"), context: { upgradableOrderId: "order-1" } });
    expect((await screen.findByRole("alertdialog")).getAttribute("data-code")).toBe("4004");
  });

  it("removes the deep-link cookie and goes to the shop page when the shop has no queue", async () => {
    const deepLinks = new InMemoryDeepLinkStore();
    deepLinks.set({ route: "tickets", slug: "lowlands-lights", category: null, query: "route=tickets&slug=lowlands-lights" });
    renderInShop(<CountdownBar />, { path: "/lowlands-lights/tickets", products: [aProduct()], cart: cartWith(0), deepLinks, config: { queueUrl: undefined } });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.getAttribute("data-code")).toBe("6002");
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    expect(deepLinks.get()).toBeNull();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights"));
  });

  it("sends the visitor to the shop's queue address, the waiting room, when the shop has a queue (spec §4)", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    try {
      renderInShop(<CountdownBar />, { path: "/northern-nights-sale/tickets", products: [aProduct()], cart: cartWith(0), config: { queueUrl: "/queue/northern-nights-sale" } });
      expect((await screen.findByRole("alertdialog")).getAttribute("data-code")).toBe("6002");
      await act(async () => screen.getByRole("button", { name: "Try again" }).click());
      expect(assign).toHaveBeenCalledWith("/queue/northern-nights-sale");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the query string on the way to the shop page, without the expired cart's deep link (spec §2)", async () => {
    renderInShop(<CountdownBar />, { path: "/lowlands-lights/tickets?utm_source=qa&cartToken=ct&cartId=c", products: [aProduct()], cart: cartWith(0), config: { queueUrl: undefined } });
    await screen.findByRole("alertdialog");
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/lowlands-lights?utm_source=qa"));
  });

  it("says 'complete payment in time' with the time left while the cart is in payment", () => {
    renderInShop(<CountdownBar />, { path: "/lowlands-lights/checkout", products: [aProduct()], cart: cartWith(300, "in_payment") });
    const bar = screen.getByRole("progressbar");
    expect(bar.textContent).toContain("Complete your payment in time");
    expect(bar.textContent).toContain("5:00");
  });
});

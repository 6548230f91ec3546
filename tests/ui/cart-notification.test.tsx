// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { ShopHeader } from "../../ui/shell/header.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { SHOP } from "../support/contract-examples.ts";
import { aCart, aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

/** Renders the shop header at `path` with a cart, then raises the cart's total as a cart refresh would. */
const raiseTotalAt = async (path: string, config: { stepflow: "Yes" | "No"; upsell: "Yes" | "No" }) => {
  const { queryClient } = renderInShop(<ShopHeader />, { path, products: [aProduct()], cart: aCart(), config });
  await screen.findByTestId("cart-total");
  const cart = aCart();
  await act(async () => {
    queryClient.setQueryData(shopKeys.cart(SHOP.slug), { ...cart, products: { ll_ticket_weekend: 3 }, totalAmount: (cart.totalAmount + 22950) as Cents });
  });
};

describe("cart notification (spec §2 Header: slides in for 3 s when the total rises)", () => {
  it("slides in with continue shopping and go to checkout in a shop without step flow or upsell", async () => {
    await raiseTotalAt("/lowlands-lights/tickets", { stepflow: "No", upsell: "No" });
    expect(await screen.findByText("Added to your cart")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue shopping" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to checkout" })).toBeTruthy();
  });

  it("slides in in a step-flow shop too", async () => {
    await raiseTotalAt("/lowlands-lights/merchandise", { stepflow: "Yes", upsell: "No" });
    expect(await screen.findByText("Added to your cart")).toBeTruthy();
  });

  it("stays away on the tickets step of a shop with upsell Yes, where the upsell panel answers the rise", async () => {
    await raiseTotalAt("/lowlands-lights/tickets", { stepflow: "Yes", upsell: "Yes" });
    expect(screen.queryByText("Added to your cart")).toBeNull();
  });

  it("slides in on another step of a shop with upsell Yes", async () => {
    await raiseTotalAt("/lowlands-lights/extras", { stepflow: "Yes", upsell: "Yes" });
    expect(await screen.findByText("Added to your cart")).toBeTruthy();
  });
});

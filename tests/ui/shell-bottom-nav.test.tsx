// @vitest-environment jsdom
import { useMutation } from "@tanstack/react-query";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductType } from "../../domain/product.schema.ts";
import { BottomNav, StepProgress, UpgradeChoiceProvider } from "../../ui/shell/shop-flow.tsx";
import { cartUpdateKey } from "../../ui/shop/shop-context.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop, type ShellSetup } from "./shell-harness.tsx";

afterEach(cleanup);

/** Products of these types (one each), so the flow has their steps. */
const productsOf = (...types: ProductType[]) => types.map((type, i) => aProduct({ id: `p${i}`, type }));
/** A shop without travel: flow tickets, merchandise, extras (+ checkout). */
const SHOP_PRODUCTS = productsOf("ticket", "merchandise", "extras");

const nav = (setup: Partial<ShellSetup> & { path: string }) =>
  renderInShop(
    <UpgradeChoiceProvider>
      <StepProgress />
      <BottomNav />
    </UpgradeChoiceProvider>,
    { products: SHOP_PRODUCTS, config: { apiTravelId: undefined, stepflow: "Yes", ...setup.config }, ...setup },
  );

const where = () => screen.getByTestId("where").textContent;
const bottomNav = () => screen.queryByRole("navigation", { name: "Step navigation" });

/** Keeps a cart write pending (the shop update state becomes "updating"). */
function PendingCartWrite() {
  const write = useMutation({ mutationKey: cartUpdateKey("lowlands-lights"), mutationFn: () => new Promise<never>(() => undefined) });
  useEffect(() => write.mutate(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

describe("bottom navigation (spec §2 Header)", () => {
  it("shows only with stepflow Yes and not on the overview or payment status", () => {
    nav({ path: "/lowlands-lights/tickets", config: { stepflow: "No" } });
    expect(bottomNav()).toBeNull();
    cleanup();
    nav({ path: "/lowlands-lights" });
    expect(bottomNav()).toBeNull();
    cleanup();
    nav({ path: "/lowlands-lights/paymentstatus" });
    expect(bottomNav()).toBeNull();
    cleanup();
    nav({ path: "/lowlands-lights/merchandise" });
    expect(bottomNav()).not.toBeNull();
  });

  it("goes to the next step after 100 ms, keeping the query, and spins on Next", async () => {
    nav({ path: "/lowlands-lights/tickets?token=abc" });
    await act(async () => screen.getByRole("button", { name: "Next" }).click());
    expect(where()).toBe("/lowlands-lights/tickets?token=abc");
    expect(screen.getByRole("button", { name: /Next/ }).querySelector(".spinner")).not.toBeNull();
    await waitFor(() => expect(where()).toBe("/lowlands-lights/merchandise?token=abc"), { timeout: 3000 });
  });

  it("reads Go to checkout on the last step, Go to wishlist in pre-registration", async () => {
    nav({ path: "/lowlands-lights/extras" });
    await act(async () => screen.getByRole("button", { name: "Go to checkout" }).click());
    await waitFor(() => expect(where()).toBe("/lowlands-lights/checkout"), { timeout: 3000 });
    cleanup();
    nav({ path: "/lowlands-lights/extras", config: { preregistration: true } });
    expect(screen.getByRole("button", { name: "Go to wishlist" })).toBeTruthy();
  });

  it("goes back from a detail route to its list, and from the first step to the overview", async () => {
    nav({ path: "/lowlands-lights/extras/locker" });
    await act(async () => screen.getByRole("button", { name: "Previous" }).click());
    await waitFor(() => expect(where()).toBe("/lowlands-lights/extras"), { timeout: 3000 });
    cleanup();
    nav({ path: "/lowlands-lights/tickets" });
    await act(async () => screen.getByRole("button", { name: "Previous" }).click());
    await waitFor(() => expect(where()).toBe("/lowlands-lights"), { timeout: 3000 });
  });

  it("disables Next on the upgrade route until an upgrade choice is made", () => {
    nav({ path: "/lowlands-lights/upgrade", products: productsOf("upgrade", "ticket") });
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
    cleanup();
    nav({ path: "/lowlands-lights/tickets", products: productsOf("upgrade", "ticket") });
    expect(screen.getByRole("button", { name: "Go to checkout" }).hasAttribute("disabled")).toBe(false);
  });

  it("disables Next while a shop update is pending", async () => {
    nav({ path: "/lowlands-lights/tickets", extra: <PendingCartWrite /> });
    await waitFor(() => expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true));
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(false);
  });
});

describe("step progress bar (spec §2 Header)", () => {
  it("has one step per flow route plus Checkout, the steps before the current one completed", () => {
    nav({ path: "/lowlands-lights/merchandise" });
    const bar = screen.getByRole("navigation", { name: "Steps of your order" });
    const steps = [...bar.querySelectorAll("li.step")];
    expect(steps.map((li) => li.querySelector(".step-name")?.textContent)).toEqual(["Tickets", "Merchandise", "Extras", "Checkout"]);
    expect(steps.map((li) => li.getAttribute("data-state"))).toEqual(["completed", "current", "upcoming", "upcoming"]);
    expect(bar.querySelector('[aria-current="step"]')?.textContent).toContain("Merchandise");
  });

  it("drops steps without products of their type, and travel without a Travel API id", () => {
    nav({ path: "/lowlands-lights/tickets", products: productsOf("ticket", "extras") });
    const names = [...screen.getByRole("navigation", { name: "Steps of your order" }).querySelectorAll(".step-name")].map((s) => s.textContent);
    expect(names).toEqual(["Tickets", "Extras", "Checkout"]);
    cleanup();
    nav({ path: "/lowlands-lights/tickets", products: productsOf("ticket"), config: { apiTravelId: "travel-1" } });
    const withTravel = [...screen.getByRole("navigation", { name: "Steps of your order" }).querySelectorAll(".step-name")].map((s) => s.textContent);
    expect(withTravel).toEqual(["Tickets", "Packages", "Travel & Stay", "Checkout"]);
  });
});

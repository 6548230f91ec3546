// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { container } from "tsyringe";
import { describe, expect, it } from "vitest";
import { ANALYTICS, CONSENT_STORE } from "../../application/ports/tokens.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { useTrackViewCart } from "../../ui/checkout/checkout-analytics.ts";
import { usePurchaseAnalytics } from "../../ui/checkout/purchase-analytics.ts";
import { analyticsShopOf, cartAnalyticsLines, useTrackQuantityChange } from "../../ui/shop/shop-analytics.ts";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { RecordingAnalytics } from "../support/in-memory-platform.ts";
import { aProduct, aShopConfig } from "../support/object-mother.ts";

const weekend = aProduct();
const cart = (products: Record<string, number>): Cart => ({
  id: "c1", status: "shopping", timeout: 900, products, totalAmount: 0 as Cents, totalAmountExcludingServiceCosts: 0 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
});

const setup = (analytics: RecordingAnalytics | null) => {
  const di = container.createChildContainer();
  if (analytics) di.register(ANALYTICS, { useValue: analytics });
  // The visitor accepted analytics cookies (consent decides what the analytics use cases may push).
  di.register(CONSENT_STORE, { useValue: { get: () => "all", set: () => undefined } });
  const queryClient = new QueryClient();
  queryClient.setQueryData(shopKeys.products("s"), [weekend]);
  queryClient.setQueryData(shopKeys.cart("s"), cart({ [weekend.id]: 1 }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <UseCasesProvider container={di}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </UseCasesProvider>
  );
  return { wrapper };
};

describe("shop analytics hooks (spec §7 Analytics)", () => {
  it("uses ossBrand as the brand when the config has one, else the brand", () => {
    expect(analyticsShopOf({ ...aShopConfig(), ossBrand: "oss", tagManagerId: "GTM-AB12CD" })).toEqual({ brand: "oss" });
    expect(analyticsShopOf({ ...aShopConfig(), ossBrand: undefined as never })).toEqual({ brand: aShopConfig().brand });
  });

  it("lists only products with a quantity in the cart", () => {
    expect(cartAnalyticsLines([weekend, aProduct({ id: "other" })], cart({ [weekend.id]: 2, other: 0 })).map((l) => [l.productId, l.quantity])).toEqual([[weekend.id, 2]]);
  });

  // The use case loads on its first call (ui/use-cases.tsx), so the events arrive after it.
  it("tracks add_to_cart with the difference from the cached cart's quantity", async () => {
    const analytics = new RecordingAnalytics();
    const { result } = renderHook(() => useTrackQuantityChange("s", aShopConfig()), { wrapper: setup(analytics).wrapper });
    result.current(weekend.id, 3);
    await waitFor(() =>
      expect(analytics.events.map((e) => [e.type, e.items[0]?.quantity, e.items[0]?.id])).toEqual([
        ["add_to_cart", 2, weekend.id],
        ["addToCart", 2, weekend.id],
      ]),
    );
  });

  it("tracks view_cart once per cart content", async () => {
    const analytics = new RecordingAnalytics();
    const { rerender } = renderHook(({ c }) => useTrackViewCart(aShopConfig(), [weekend], c), { wrapper: setup(analytics).wrapper, initialProps: { c: cart({ [weekend.id]: 2 }) } });
    rerender({ c: cart({ [weekend.id]: 2 }) });
    rerender({ c: cart({ [weekend.id]: 3 }) });
    await waitFor(() => expect(analytics.events.map((e) => [e.type, e.items[0]?.quantity])).toEqual([["view_cart", 2], ["view_cart", 3]]));
  });

  it("tracks purchase once per confirmed cart, with the cart's lines from the cached products, and not for a cart not confirmed", async () => {
    const analytics = new RecordingAnalytics();
    const { result } = renderHook(() => usePurchaseAnalytics("s", aShopConfig()), { wrapper: setup(analytics).wrapper });
    result.current(cart({ [weekend.id]: 2 }));
    result.current({ ...cart({ [weekend.id]: 2 }), status: "confirmed" });
    result.current({ ...cart({ [weekend.id]: 2 }), status: "confirmed" });
    await waitFor(() => expect(analytics.events.filter((e) => e.type === "purchase").map((e) => [e.items[0]?.id, e.items[0]?.quantity])).toEqual([[weekend.id, 2]]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analytics.events.filter((e) => e.type === "purchase")).toHaveLength(1);
  });

  it("does nothing, and neither throws nor rejects unhandled, when the container has no Analytics adapter", async () => {
    const { result } = renderHook(() => useTrackQuantityChange("s", aShopConfig()), { wrapper: setup(null).wrapper });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      expect(() => result.current(weekend.id, 3)).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

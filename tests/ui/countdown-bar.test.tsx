// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { container } from "tsyringe";
import { CART_API, CART_ID_STORE } from "../../application/ports/tokens.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { CountdownBar } from "../../ui/shell/countdown-bar.tsx";
import { ErrorDialogProvider } from "../../ui/shell/error-dialog.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { ShopProvider } from "../../ui/shop/shop-context.tsx";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aProduct, aShopConfig } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const cartWith = (timeout: number, status: Cart["status"] = "shopping"): Cart => ({
  id: "00000000-0000-4000-8000-000000000001", status, timeout, products: { ll_ticket_weekend: 2 },
  totalAmount: 45900 as Cents, totalAmountExcludingServiceCosts: 43900 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
});

/** Renders the countdown bar for a cart whose server timeout is `timeout` seconds. */
const renderCountdown = (cart: Cart) => {
  const di = container.createChildContainer();
  const cartIds = new InMemoryCartIdStore();
  cartIds.set(SHOP.slug, cart.id);
  di.register(CART_ID_STORE, { useValue: cartIds });
  di.register(CART_API, { useValue: new InMemoryCartApi([aProduct()]) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(shopKeys.cart(SHOP.slug), cart);
  renderWithIntl(
    <UseCasesProvider container={di}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ErrorDialogProvider>
            <ShopProvider shop={{ slug: SHOP.slug, context: SHOP, config: aShopConfig() }}>
              <CountdownBar />
            </ShopProvider>
          </ErrorDialogProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </UseCasesProvider>,
  );
  return { cartIds };
};

describe("CountdownBar", () => {
  it("stays hidden above 420 seconds", () => {
    renderCountdown(cartWith(421));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("appears at 420 seconds or fewer with the time left", () => {
    renderCountdown(cartWith(420));
    const bar = screen.getByRole("progressbar");
    expect(bar.textContent).toContain("7:00");
    expect(bar.getAttribute("data-phase")).toBe("Shown");
  });

  it("turns urgent at 200 seconds or fewer", () => {
    renderCountdown(cartWith(200));
    expect(screen.getByRole("progressbar").getAttribute("data-phase")).toBe("Urgent");
  });

  it("says 'complete payment in time' while the cart is in payment", () => {
    renderCountdown(cartWith(300, "in_payment"));
    expect(screen.getByRole("progressbar").textContent).toContain("Complete your payment in time");
  });

  it("shows neither the bar nor 'Time's up' for a confirmed cart, which the server sends with timeout 0 (arrival on the payment status page)", async () => {
    const { cartIds } = renderCountdown(cartWith(0, "confirmed"));
    // Let the lazily loaded modal's code arrive, as it would if the countdown had asked for the 6002 message.
    await act(async () => {
      await import("../../ui/shell/error-modal.tsx");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(cartIds.get(SHOP.slug)).toBe("00000000-0000-4000-8000-000000000001");
  });

  it("blocks with the 6002 message at zero, and Try again forgets the cart", async () => {
    const { cartIds } = renderCountdown(cartWith(0));
    const dialog = await screen.findByRole("alertdialog", {}, { timeout: 10_000 }); // the modal's code loads lazily
    expect(dialog.getAttribute("data-code")).toBe("6002");
    expect(dialog.textContent).toContain("Time's up");
    await act(async () => screen.getByRole("button", { name: "Try again" }).click());
    expect(cartIds.get(SHOP.slug)).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
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
import { aProduct, aShopConfig, aShopConfigIn } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const cartWith = (timeout: number, status: Cart["status"] = "shopping"): Cart => ({
  id: "00000000-0000-4000-8000-000000000001", status, timeout, products: { ll_ticket_weekend: 2 },
  totalAmount: 45900 as Cents, totalAmountExcludingServiceCosts: 43900 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
});

/** Renders the countdown bar for a cart whose server timeout is `timeout` seconds, fetched `fetchedSecondsAgo` ago, in a shop with `config`. */
const renderCountdown = (cart: Cart, cartApi = new InMemoryCartApi([aProduct()]), config = aShopConfig(), fetchedSecondsAgo = 0) => {
  const di = container.createChildContainer();
  const cartIds = new InMemoryCartIdStore();
  cartIds.set(SHOP.slug, cart.id);
  di.register(CART_ID_STORE, { useValue: cartIds });
  cartApi.carts.set(cart.id, cart);
  di.register(CART_API, { useValue: cartApi });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  queryClient.setQueryData(shopKeys.cart(SHOP.slug), cart, { updatedAt: Date.now() - fetchedSecondsAgo * 1000 });
  renderWithIntl(
    <UseCasesProvider container={di}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ErrorDialogProvider>
            <ShopProvider shop={{ slug: SHOP.slug, context: SHOP, config }}>
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

describe("CountdownBar asking for more time (WCAG 2.2.1)", () => {
  const withExtensionsLeft = (timeout: number, left: number | undefined): Cart => ({ ...cartWith(timeout), ...(left === undefined ? {} : { holdExtensionsLeft: left }) });
  const moreTime = () => screen.findByRole("alertdialog", { name: "Do you need more time?" }, { timeout: 10_000 }); // its code loads lazily

  it("does not ask above 60 seconds", async () => {
    renderCountdown(withExtensionsLeft(61, 2));
    await act(async () => {
      await import("../../ui/shell/hold-extension-dialog.tsx");
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks at 60 seconds with More time focused; More time extends the hold and the countdown shows the new time", async () => {
    // A shop whose cart timeout is 400 s, so the bar shows the new time.
    const cartApi = new InMemoryCartApi([aProduct()], 10, 400, 2);
    renderCountdown(withExtensionsLeft(60, 2), cartApi);
    const dialog = await moreTime();
    expect(dialog.textContent).toContain("held for 1:00 more");
    expect(dialog.textContent).toContain("2 more times");
    const extend = screen.getByRole("button", { name: "More time" });
    await waitFor(() => expect(document.activeElement).toBe(extend));
    await act(async () => extend.click());
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(cartApi.calls).toContain("extendHold 00000000-0000-4000-8000-000000000001");
    expect(screen.getByRole("progressbar").textContent).toContain("6:40");
    expect(screen.getByRole("progressbar").getAttribute("data-phase")).toBe("Shown");
  });

  it("does not ask a cart with no extensions left, nor one from a server that sends none", async () => {
    renderCountdown(withExtensionsLeft(30, 0));
    await act(async () => {
      await import("../../ui/shell/hold-extension-dialog.tsx");
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    cleanup();
    renderCountdown(withExtensionsLeft(30, undefined));
    await act(async () => {
      await import("../../ui/shell/hold-extension-dialog.tsx");
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("does not ask a cart whose hold already ends at its bounded end (maxTimeout), and states the bound when it asks", async () => {
    renderCountdown({ ...withExtensionsLeft(45, 2), maxTimeout: 45 });
    await act(async () => {
      await import("../../ui/shell/hold-extension-dialog.tsx");
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    cleanup();
    renderCountdown({ ...withExtensionsLeft(45, 2), maxTimeout: 300 });
    expect((await moreTime()).textContent).toContain("your cart is held 5:00 more at most");
  });

  it("asks a regular sale's cart fetched 1150 s into its 1200 s hold", async () => {
    renderCountdown(withExtensionsLeft(1200, 2), undefined, aShopConfigIn("Regular"), 1150);
    expect((await moreTime()).textContent).toContain("held for 0:50 more");
  });

  it("never asks in a pre-registration, which has no countdown, with as little of its 1200 s hold left", async () => {
    renderCountdown(withExtensionsLeft(1200, 2), undefined, aShopConfigIn("Preregistration"), 1150);
    await act(async () => {
      await import("../../ui/shell/hold-extension-dialog.tsx");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("No, thanks keeps the time and does not ask again", async () => {
    const cartApi = new InMemoryCartApi([aProduct()], 10, 900, 2);
    renderCountdown(withExtensionsLeft(45, 2), cartApi);
    await moreTime();
    await act(async () => screen.getByRole("button", { name: "No, thanks" }).click());
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(cartApi.calls.filter((c) => c.startsWith("extendHold"))).toHaveLength(0);
    expect(screen.getByRole("progressbar").textContent).toContain("0:45");
  });
});

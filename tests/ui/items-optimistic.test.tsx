// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import type { PutCartProduct } from "../../domain/cart.schema.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { CART_API } from "../../application/ports/tokens.ts";
import { ShopHeader } from "../../ui/shell/header.tsx";
import { ToastProvider } from "../../ui/shell/toasts.tsx";
import { TicketsRoute } from "../../ui/tickets/tickets.route.tsx";
import { InMemoryCartApi } from "../support/in-memory-ports.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const weekend = aProduct();

/** A cart API whose product writes wait until the test lets them through, and then succeed or fail with `failure`. */
class GatedCartApi extends InMemoryCartApi {
  private release: () => void = () => undefined;
  private gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  failure: ShopApiError | null = null;

  override putProduct(context: ShopContext, cartId: string, change: PutCartProduct) {
    return Effect.promise(() => this.gate).pipe(
      Effect.flatMap(() => (this.failure ? Effect.fail(this.failure) : super.putProduct(context, cartId, change))),
    );
  }

  /** Lets the writes held so far through. */
  open() {
    this.release();
  }
}

const renderTickets = (api: GatedCartApi) =>
  renderInShop(
    <ToastProvider>
      <ShopHeader />
      <TicketsRoute />
    </ToastProvider>,
    {
      path: "/lowlands-lights/tickets",
      config: { useStepper: true },
      products: [weekend],
      cart: null,
      register: (di) => di.register(CART_API, { useValue: api }),
    },
  );

const quantityOf = async () => within(await screen.findByRole("group", { name: /Weekend ticket/ })).getByRole("status");

describe("a quantity change shows at once (react-query optimistic update, issue 12 INP; spec §4 Shop update state)", () => {
  it("shows the new quantity and header total while the write is on its way, and keeps them once it lands", async () => {
    const api = new GatedCartApi([weekend]);
    renderTickets(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "One more" }));
    expect((await quantityOf()).textContent).toBe("1");
    expect(screen.getByTestId("cart-total").textContent).toContain("229,50");
    // The controls stay pending until the Shop API answers: no second write races the first (spec §4).
    expect((screen.getByRole("button", { name: "One more" }) as HTMLButtonElement).disabled).toBe(true);
    api.open();
    await waitFor(() => expect((screen.getByRole("button", { name: "One more" }) as HTMLButtonElement).disabled).toBe(false));
    expect((await quantityOf()).textContent).toBe("1");
    expect(screen.getByTestId("cart-total").textContent).toContain("229,50");
  });

  it("falls back to the cart as the server holds it when the write fails", async () => {
    const api = new GatedCartApi([weekend]);
    api.failure = new ShopApiError({ status: 409, code: "5000", message: "This product is sold out." });
    renderTickets(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "One more" }));
    expect((await quantityOf()).textContent).toBe("1");
    api.open();
    await waitFor(async () => expect((await quantityOf()).textContent).toBe("0"));
    expect(screen.getByTestId("cart-total").textContent).toBe("€ 0,00");
  });
});

// @vitest-environment jsdom
import "reflect-metadata";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Effect } from "effect";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { container } from "tsyringe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { CART_API, CART_ID_STORE, VOUCHER_API } from "../../application/ports/tokens.ts";
import type { Cart, CartOrder } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { PaymentPanel, PAYMENT_STEP_REFRESH_MS } from "../../ui/checkout/payment-panel.tsx";
import { messagesFor } from "../../ui/i18n/messages.ts";
import { ErrorDialogProvider } from "../../ui/shell/error-dialog.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { ShopProvider } from "../../ui/shop/shop-context.tsx";
import { UseCasesProvider } from "../../ui/use-cases.tsx";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { InMemoryVoucherApi } from "../support/in-memory-vouchers-orders.ts";
import { aProduct, aShopConfig } from "../support/object-mother.ts";
import "./render.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const CART_ID = "c-1";
const methods = [{ name: "iDEAL", uid: "ideal" }, { name: "Credit card", uid: "card" }];
const aCart = (order: CartOrder | null): Cart => ({
  id: CART_ID, status: "shopping", timeout: 900, products: { ll_ticket_weekend: 1 }, totalAmount: 22950 as Cents,
  totalAmountExcludingServiceCosts: 21950 as Cents, checkoutAllowed: true, checkoutErrors: [], order,
});

function setup(order: CartOrder | null, options: { checkoutAllowed?: boolean; checkoutErrors?: Cart["checkoutErrors"] } = {}) {
  const cart = { ...aCart(order), checkoutErrors: options.checkoutErrors ?? [] };
  const carts = new Map([[CART_ID, cart]]);
  const vouchers = new InMemoryVoucherApi(carts, new Map([
    ["FESTIVAL5", { terms: { amount: 500 as Cents }, singleUse: false }],
    ["USED2026", { terms: { percent: 20 }, singleUse: true, redeemedBy: "other" }],
  ]));
  const ids = new InMemoryCartIdStore();
  ids.set(SHOP.slug, CART_ID);
  const cartApi = new InMemoryCartApi([aProduct()]);
  cartApi.carts.set(CART_ID, cart);
  const child = container.createChildContainer();
  child.register(VOUCHER_API, { useValue: vouchers });
  child.register(CART_API, { useValue: cartApi });
  child.register(CART_ID_STORE, { useValue: ids });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(shopKeys.cart(SHOP.slug), cart);
  const redirect = vi.fn();
  const shop = { slug: SHOP.slug, context: { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken }, config: aShopConfig() };
  render(
    <IntlProvider locale="en" messages={messagesFor("en")}>
      <QueryClientProvider client={queryClient}>
        <UseCasesProvider container={child}>
          <ShopProvider shop={shop}>
            <ErrorDialogProvider>
              <PaymentPanel order={order} cartId={CART_ID} redirect={redirect} totalAmount={cart.totalAmount} checkoutAllowed={options.checkoutAllowed ?? true} />
            </ErrorDialogProvider>
          </ShopProvider>
        </UseCasesProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return { redirect, vouchers, queryClient, cartApi };
}

const applyCode = async (code: string) => {
  const user = userEvent.setup();
  const field = screen.getByRole("textbox", { name: "Voucher code" });
  await user.clear(field);
  await user.type(field, code);
  await user.click(screen.getByRole("button", { name: "Apply" }));
};

describe("PaymentPanel (spec §4 Order button and payment panel)", () => {
  it("shows a spinner while the cart has no order", () => {
    setup(null);
    expect(screen.getByRole("progressbar")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Voucher code" })).toBeNull();
  });

  it("shows only Finalize, going to the payment link, when the order has one", async () => {
    const { redirect } = setup({ paymentUri: "https://pay.example/1", availablePaymentMethods: methods });
    expect(screen.queryByRole("textbox", { name: "Voucher code" })).toBeNull();
    expect(screen.queryByRole("radio")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Finalize payment" }));
    expect(redirect).toHaveBeenCalledWith("https://pay.example/1");
  });

  it("keeps Apply disabled for an empty code and shows the invalid and used texts", async () => {
    const { vouchers } = setup({ paymentUri: null, availablePaymentMethods: methods });
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    await applyCode("NOPE");
    expect(await screen.findByText("This voucher code is invalid")).toBeTruthy();
    await applyCode("USED2026");
    expect(await screen.findByText("This voucher code has already been used")).toBeTruthy();
    vouchers.failing = true;
    await applyCode("FESTIVAL5");
    expect(await screen.findByText("This voucher code is invalid")).toBeTruthy();
  });

  it("accepts a voucher, stores the discounted cart and reads the cart again 4000 ms later", async () => {
    const { queryClient } = setup({ paymentUri: null, availablePaymentMethods: methods });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await applyCode("festival5");
    expect(await screen.findByText("Voucher FESTIVAL5 applied.")).toBeTruthy();
    expect((queryClient.getQueryData(shopKeys.cart(SHOP.slug)) as Cart).totalAmount).toBe(22450);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: shopKeys.cart(SHOP.slug) });
    await act(async () => {
      vi.advanceTimersByTime(PAYMENT_STEP_REFRESH_MS);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: shopKeys.cart(SHOP.slug) });
  });

  it("pays with the chosen method and redirects to the provider's address", async () => {
    const { redirect } = setup({ paymentUri: null, availablePaymentMethods: methods });
    const user = userEvent.setup();
    expect((screen.getByRole("button", { name: "Pay now" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Total to pay/).textContent).toContain("€ 229,50");
    await user.click(screen.getByRole("radio", { name: "iDEAL" }));
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(`https://pay.example/${CART_ID}`));
  });

  it("shows the 8001 modal with the server's message and reads the cart again when the order is refused for max orders per account", async () => {
    const refusal = { code: "validation.max.orders.per.account", message: "You have reached the maximum of 1 order per account for this event." };
    const { redirect, queryClient } = setup({ paymentUri: null, availablePaymentMethods: methods }, { checkoutErrors: [refusal] });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "iDEAL" }));
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.getAttribute("data-code")).toBe("8001");
    expect(dialog.textContent).toContain(refusal.message);
    expect(redirect).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: shopKeys.cart(SHOP.slug) });
  });

  it("shows the upgrade's 4002 text, not a payment failure, when another upgrade of the order was paid first (spec §8 4002)", async () => {
    const { redirect, cartApi } = setup({ paymentUri: null, availablePaymentMethods: methods });
    vi.spyOn(cartApi, "createOrder").mockReturnValue(
      Effect.fail(new ShopApiError({ status: 409, code: "4002", message: "This order has been upgraded already. Click the link in the e-mail again." })),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "iDEAL" }));
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.getAttribute("data-code")).toBe("4002");
    expect(dialog.textContent).toContain(messagesFor("en")["error.4002.title"] as string);
    expect(dialog.textContent).not.toContain("Please contact us for your order request");
    expect(redirect).not.toHaveBeenCalled();
  });

  it("hides the total and says Complete order when the only method is 'no payment required'", () => {
    setup({ paymentUri: null, availablePaymentMethods: [{ name: "No payment required", uid: "free" }] });
    expect(screen.getByRole("button", { name: "Complete order" })).toBeTruthy();
    expect(screen.queryByText(/Total to pay/)).toBeNull();
  });

  it("keeps Pay disabled while the server does not allow checkout", async () => {
    setup({ paymentUri: null, availablePaymentMethods: methods }, { checkoutAllowed: false });
    await userEvent.setup().click(screen.getByRole("radio", { name: "iDEAL" }));
    expect((screen.getByRole("button", { name: "Pay now" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

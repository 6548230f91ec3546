// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { BottomNav, StepProgress, UpgradeChoiceProvider } from "../../ui/shell/shop-flow.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { IntlProvider } from "react-intl";
import { UpgradeIntl } from "../../ui/upgrade/upgrade-intl.tsx";
import { UPGRADE_MESSAGES } from "../../ui/upgrade/upgrade-messages.ts";
import { UpgradeError, UpgradeRoute } from "../../ui/upgrade/upgrade.route.tsx";
import { Effect } from "effect";
import { ShopApiError } from "../../application/errors.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../../application/ports/tokens.ts";
import type { PutCartProduct } from "../../domain/cart.schema.ts";
import { aCart, aProduct } from "../support/object-mother.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { renderInShop } from "./shell-harness.tsx";
import type { Cart } from "../../domain/cart.schema.ts";

afterEach(cleanup);

const camping = aProduct({ id: "ll_upgrade_camping", name: "Upgrade: add camping", title: undefined, type: "upgrade", price: 49.5, serviceCosts: 0, maxQuantity: 1, meta: {} });
const vip = aProduct({ id: "ll_upgrade_vip", name: "Upgrade: VIP area", title: undefined, type: "upgrade", price: 189, serviceCosts: 0, maxQuantity: 1, meta: {} });
const ticket = aProduct({ id: "ll_ticket_weekend", type: "ticket" });
const bus = aProduct({ id: "ll_bus_amsterdam", type: "transportation" });
const upgradableOrder: NonNullable<ShopConfig["upgradableOrder"]> = {
  skipTravel: true,
  skipBus: true,
  upgrades: [
    {
      id: "weekend-tickets",
      title: "Your 2 weekend tickets",
      upgradeOptions: [
        { productId: "ll_upgrade_camping", title: "Add camping", description: "A camping spot, Thursday to Monday." },
        { productId: "ll_upgrade_vip", title: "VIP area" },
      ],
    },
  ],
  discount: { priceAmount: 1000 },
  hasMembershipDiscount: true,
  upgradeText: "Upgrade the weekend tickets you bought.",
};
const LINK = "?idt_oss_order_id=LL-UPG-2027-0001&access_id=acc-7d41c2e9b05f";

/** A Shop API whose cart opened before the upgrade link (`ordinary`) knows no upgrade product in it (404 5001). */
class OrdinaryCartApi extends InMemoryCartApi {
  constructor(readonly ordinary: Cart) {
    super([camping, vip, ticket, bus]);
    this.carts.set(ordinary.id, ordinary);
  }
  override putProduct(context: ShopContext, cartId: string, change: PutCartProduct) {
    if (cartId === this.ordinary.id && change.productId.startsWith("ll_upgrade_")) {
      this.calls.push(`putProduct ${cartId} ${change.productId} ${change.quantity}`);
      return Effect.fail(new ShopApiError({ status: 404, code: "5001", message: "This product could not be found." }));
    }
    return super.putProduct(context, cartId, change);
  }
}

const renderUpgrade = (path: string, cart?: { readonly api: OrdinaryCartApi }) =>
  renderInShop(
    <UpgradeChoiceProvider>
      <StepProgress />
      <UpgradeRoute />
      <BottomNav />
    </UpgradeChoiceProvider>,
    {
      path,
      products: [camping, vip, ticket, bus],
      config: { upgradableOrder, stepflow: "Yes", apiTravelId: undefined },
      context: { upgradableOrderId: "LL-UPG-2027-0001", upgradeAccessId: "acc-7d41c2e9b05f" },
      ...(cart
        ? {
            cart: cart.api.ordinary,
            register: (di) => {
              const ids = new InMemoryCartIdStore();
              ids.set("lowlands-lights", cart.api.ordinary.id);
              di.register(CART_API, { useValue: cart.api });
              di.register(CART_ID_STORE, { useValue: ids });
            },
          }
        : {}),
    },
  );
const next = () => screen.getByRole("button", { name: "Next" });
const cartOf = (queryClient: ReturnType<typeof renderUpgrade>["queryClient"]) => queryClient.getQueryData<Cart | null>(shopKeys.cart("lowlands-lights"));

describe("the upgrade screen (spec §1 upgrade of earlier orders, §2 /{slug}/upgrade, §3 upgradableOrder, §8 4005/4006)", () => {
  it("shows 4005 without an order id in the link and 4006 without a valid access id, as the page's heading and an alert", () => {
    renderUpgrade("/lowlands-lights/upgrade");
    expect(screen.getByRole("heading", { level: 1, name: "No valid order number" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/Click the link in the e-mail again/);
    cleanup();
    renderUpgrade("/lowlands-lights/upgrade?idt_oss_order_id=LL-UPG-2027-0001&access_id=bad%20id");
    expect(screen.getByRole("heading", { level: 1, name: "No valid access code" })).toBeTruthy();
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });

  it("shows a shop's custom translation of an upgrade text over the built-in one, in its locale (spec §1 custom translations merged in)", () => {
    // LocaleProvider merges the shop's customTranslations into the app's messages; UpgradeIntl adds its texts under them.
    render(
      <IntlProvider locale="nl" messages={{ "error.4005.title": "Geen bestelnummer in je link" }}>
        <UpgradeIntl>
          <UpgradeError code={4005} />
        </UpgradeIntl>
      </IntlProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Geen bestelnummer in je link" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(UPGRADE_MESSAGES.nl["error.4005.body"]);
  });

  it("lists the order's upgrades with their options and prices, the upgrade text, and keeps Next disabled until a choice", () => {
    renderUpgrade(`/lowlands-lights/upgrade${LINK}`);
    expect(screen.getByRole("heading", { level: 1, name: "Upgrade your order" })).toBeTruthy();
    expect(screen.getByText("Upgrade the weekend tickets you bought.")).toBeTruthy();
    const group = screen.getByRole("radiogroup", { name: "Your 2 weekend tickets" });
    const options = within(group).getAllByRole("radio");
    expect(options).toHaveLength(2);
    expect(within(group).getByText("€ 49,50")).toBeTruthy();
    expect(within(group).getByText("€ 189,00")).toBeTruthy();
    expect(next().hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Choose an upgrade to continue.").getAttribute("role")).toBe("status");
  });

  it("drops the travel and transportation steps when the upgradable order skips them", () => {
    renderUpgrade(`/lowlands-lights/upgrade${LINK}`);
    const steps = [...screen.getByRole("navigation", { name: "Steps of your order" }).querySelectorAll(".step-name")].map((s) => s.textContent);
    expect(steps).toEqual(["Upgrade", "Tickets", "Checkout"]);
  });

  it("puts the chosen option in the cart, enables Next, and swaps the option when another is chosen", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUpgrade(`/lowlands-lights/upgrade${LINK}`);
    await user.click(screen.getByRole("radio", { name: /Add camping/ }));
    await waitFor(() => expect(cartOf(queryClient)?.products).toEqual({ ll_upgrade_camping: 1 }));
    await waitFor(() => expect(next().hasAttribute("disabled")).toBe(false));
    expect((screen.getByRole("radio", { name: /Add camping/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: /VIP area/ }));
    await waitFor(() => expect(cartOf(queryClient)?.products).toEqual({ ll_upgrade_vip: 1 }));
    expect(next().hasAttribute("disabled")).toBe(false);
    expect(screen.getByText(/Your upgrade is in your cart/).getAttribute("role")).toBe("status");
  });

  it("starts an upgrade cart when the cart opened before the link does not know the upgrade (5001), and shows no error", async () => {
    const user = userEvent.setup();
    const api = new OrdinaryCartApi(aCart({ id: "ordinary-cart", products: {} }));
    const { queryClient } = renderUpgrade(`/lowlands-lights/upgrade${LINK}`, { api });
    await user.click(screen.getByRole("radio", { name: /Add camping/ }));
    await waitFor(() => expect(cartOf(queryClient)?.products).toEqual({ ll_upgrade_camping: 1 }));
    expect(cartOf(queryClient)?.id).not.toBe("ordinary-cart");
    expect(api.calls).toEqual(expect.arrayContaining(["putProduct ordinary-cart ll_upgrade_camping 1", "createCart"]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { upgradeUnlockOffer } from "../../domain/upgrade.ts";
import { BasketList } from "../../ui/checkout/basket.tsx";
import { useBasket, useCurrentShop } from "../../ui/shop/shop-context.tsx";
import { UpgradeUnlockBanner } from "../../ui/checkout/upgrade-unlock-banner.tsx";
import { aCart, aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const upgrade = aProduct({ id: "ll_upgrade_vip", name: "Upgrade to VIP", title: "Upgrade to VIP", type: "upgrade", price: 120, priceExcludingServiceCosts: undefined, serviceCosts: 0, meta: {} });
const membership = aProduct({ id: "ll_membership_year", name: "Lights Club membership (yearly)", title: undefined, type: "membership", price: 49.5, serviceCosts: 0, meta: { membershipType: "year" } });
const upgradableOrder: ShopConfig["upgradableOrder"] = { discount: { priceAmount: 1500 }, unlockMembershipDiscount: true };

/** The checkout's basket and banner as the checkout route feeds them (useBasket, domain upgradeUnlockOffer). */
function BasketWithBanner() {
  const { config, context } = useCurrentShop();
  const priced = useBasket();
  if (!priced) return null;
  const cartTypes = priced.basket.groups.flatMap((g) => g.lines.map((l) => l.type));
  return (
    <>
      <BasketList basket={priced.basket} />
      <UpgradeUnlockBanner offer={upgradeUnlockOffer({ upgradeMode: context.upgradableOrderId !== undefined, upgradableOrder: config.upgradableOrder, cartTypes })} />
    </>
  );
}

const renderBasket = (products: Record<string, number>, upgradeMode = true) =>
  renderInShop(<BasketWithBanner />, {
    path: "/lowlands-lights/checkout?access_id=abc",
    products: [upgrade, membership],
    cart: aCart({ products }),
    config: { upgradableOrder },
    context: upgradeMode ? { upgradableOrderId: "order-7" } : {},
  });

describe("upgrade mode in the basket (spec §2 Basket screen, §3 upgradableOrder, §9 upgrade discount)", () => {
  it("shows the upgrade-unlock banner linking to the memberships while no membership is in the cart, and no discount yet", () => {
    renderBasket({ ll_upgrade_vip: 1 });
    const banner = screen.getByRole("complementary", { name: /Become a member and get € 15,00 off your upgrade/ });
    expect(within(banner).getByRole("link", { name: "See memberships" }).getAttribute("href")).toBe("/lowlands-lights/membership?access_id=abc");
    expect(screen.queryByRole("row", { name: /Discount/ })).toBeNull();
  });

  it("with a membership in the cart shows the subtotal and the discount block instead of the banner", () => {
    renderBasket({ ll_upgrade_vip: 1, ll_membership_year: 1 });
    expect(screen.queryByRole("complementary")).toBeNull();
    expect(within(screen.getByRole("row", { name: /Subtotal/ })).getByText("€ 169,50")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Discount/ })).getByText("€ 15,00")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 154,50");
  });

  it("shows neither outside upgrade mode", () => {
    renderBasket({ ll_upgrade_vip: 1, ll_membership_year: 1 }, false);
    expect(screen.queryByRole("complementary")).toBeNull();
    expect(screen.queryByRole("row", { name: /Discount/ })).toBeNull();
  });
});

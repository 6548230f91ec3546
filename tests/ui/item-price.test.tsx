// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { ItemPriceLine } from "../../ui/shop/item-price.tsx";
import { aProduct, aShopConfig, aShopConfigIn } from "../support/object-mother.ts";
import { renderInShop } from "./render.tsx";

afterEach(cleanup);

const weekend = aProduct({ id: "ll_ticket_weekend", type: "ticket", price: 229.5, priceExcludingServiceCosts: 219.5, serviceCosts: 10 });
const textOf = (container: HTMLElement) => container.querySelector(".price")!.textContent;

describe("ItemPriceLine: the price on an item is the price in the cart (spec §2 Item screens, §9)", () => {
  it("with service costs per ticket, shows the all-in price and the service costs it includes", () => {
    const { container } = renderInShop(<ItemPriceLine product={weekend} />, { ...aShopConfig(), showDetailedServiceFees: true });
    expect(textOf(container)).toBe("€ 229,50 incl. € 10,00 service costs");
  });

  it("with a service fee per order, shows the price the line costs and the fee beside it, in the visitor's language", () => {
    const config = { ...aShopConfig(), showDetailedServiceFees: false, orderServiceFee: 250 as Cents };
    const { container } = renderInShop(<ItemPriceLine product={weekend} />, config);
    expect(textOf(container)).toBe("€ 219,50 + € 2,50 service fee per order");
    cleanup();
    expect(textOf(renderInShop(<ItemPriceLine product={weekend} />, config, "nl").container)).toBe("€ 219,50 + € 2,50 servicekosten per bestelling");
  });

  it("in pre-registration, adds the wishlist fee to the fee per order", () => {
    const config = { ...aShopConfigIn("Preregistration"), showDetailedServiceFees: false, orderServiceFee: 250 as Cents };
    const { container } = renderInShop(<ItemPriceLine product={aProduct({ id: "llp_ticket_weekend", type: "ticket", price: 235, priceExcludingServiceCosts: 235, serviceCosts: 0 })} />, config);
    expect(textOf(container)).toBe("€ 235,00 + € 4,00 service fee per order");
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { priceBasket } from "../../domain/pricing.ts";
import { BasketList } from "../../ui/checkout/basket.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const products = [
  aProduct(),
  aProduct({ id: "ll_bus_amsterdam", name: "Bus from Amsterdam", title: "Bus from Amsterdam", type: "transportation", price: 35, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} }),
  aProduct({ id: "ll_ticket_camping", name: "Camping ticket", title: "Camping ticket", price: 59, priceExcludingServiceCosts: 55, serviceCosts: 4, meta: { calculateTouristTax: true, touristTaxAmount: 5 } }),
];

describe("BasketList", () => {
  it("shows the groups in spec order and the service fee, order fee, tourist tax and entertainment tax rows with euro amounts", () => {
    const basket = priceBasket(products, { ll_bus_amsterdam: 1, ll_ticket_weekend: 2, ll_ticket_camping: 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    renderWithIntl(<BasketList basket={basket} />);
    const groups = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["Tickets", "Organised Bus Transport"]);
    expect(within(screen.getByRole("row", { name: /Weekend ticket/ })).getByText("€ 430,00")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Service fee/ })).getByText("€ 24,00")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Order fee/ })).getByText("€ 5,00")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Tourist tax/ })).getByText("€ 5,00")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Entertainment tax/ })).getByText("€ 9,00")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 558,00");
  });

  it("says the cart is empty when it has no products", () => {
    renderWithIntl(<BasketList basket={priceBasket(products, {}, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents })} />);
    expect(screen.getByText("Your cart is empty.")).toBeTruthy();
  });

  it("is not empty with only a hotel booking or add-ons: the travel group and the server's total show (spec §3 Travel)", () => {
    const basket = priceBasket(products, {}, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    renderWithIntl(<BasketList basket={basket} totalAmount={1850} hasTravel travelGroup={<p>Breakfast buffet</p>} />);
    expect(screen.queryByText("Your cart is empty.")).toBeNull();
    expect(screen.getByText("Breakfast buffet")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 18,50");
  });

  it("shows the pre-registration wishlist fee as a row of the total (spec §9)", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents, wishlistFee: 150 as Cents });
    renderWithIntl(<BasketList basket={basket} />);
    expect(within(screen.getByRole("row", { name: /Wishlist fee/ })).getByText("€ 1,50")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 231,00");
  });

  it("shows no wishlist fee row outside pre-registration", () => {
    renderWithIntl(<BasketList basket={priceBasket(products, { ll_ticket_weekend: 1 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents })} />);
    expect(screen.queryByRole("row", { name: /Wishlist fee/ })).toBeNull();
  });

  it("shows money the same way in Dutch", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 2 }, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    renderWithIntl(<BasketList basket={basket} />, "nl");
    expect(within(screen.getByRole("row", { name: /Servicekosten/ })).getByText("€ 20,00")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 459,00");
  });
});

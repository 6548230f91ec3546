// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Cents } from "../../domain/money.ts";
import { discountBlock, priceBasket } from "../../domain/pricing.ts";
import { BasketLineQuantity } from "../../ui/checkout/basket-line-quantity.tsx";
import { festivalBrandShippingCountries } from "../../domain/shipping.ts";
import { BasketList } from "../../ui/checkout/basket.tsx";
import { ShippingCountrySelect } from "../../ui/checkout/shipping-country-select.tsx";
import { RefundChoiceField } from "../../ui/checkout/refund-choice-field.tsx";
import { absoluteUrl, NewsletterBox, TermsBoxes } from "../../ui/checkout/terms-boxes.tsx";
import { Schema } from "effect";
import { ShippingCountry } from "../../domain/shop.schema.ts";
import { DEMO_SHIPPING_COUNTRIES } from "../../server/catalogue/shipping-countries.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderWithIntl } from "./render.tsx";

afterEach(cleanup);

const tshirt = aProduct({ id: "ll_tshirt_m", name: "T-shirt M", title: "T-shirt M", type: "merchandise", price: 25, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: {} });
const insurance = aProduct({ id: "ll_refund", name: "Refund protection", title: "Refund protection", type: "insurance", price: 0, priceExcludingServiceCosts: undefined, serviceCosts: undefined, meta: { percentage: 6.5 } });
const products = [aProduct(), tshirt, insurance];
const context = { showDetailedServiceFees: true, orderServiceFee: 0 as Cents };
/** The reference server's §9 shipping table (NL 5.99, BE 8.7, DE 8.19, BR 0 ...), decoded to cents. */
const table = Schema.decodeUnknownSync(Schema.Array(ShippingCountry))(DEMO_SHIPPING_COUNTRIES);

describe("BasketList (spec §2 Basket screen)", () => {
  it("shows the shipping row and the refund protection row, and the total 0 with no products", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 1, ll_tshirt_m: 1, ll_refund: 1 }, { ...context, shippingPrice: 599 as Cents });
    renderWithIntl(<BasketList basket={basket} totalAmount={basket.total} />);
    expect(within(screen.getByRole("row", { name: /Shipping cost/ })).getByText("€ 5,99")).toBeTruthy();
    expect(screen.getByRole("row", { name: /Refund protection/ })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Tickets", "Merchandise"]);
    cleanup();
    renderWithIntl(<BasketList basket={priceBasket(products, {}, context)} totalAmount={1234} />);
    expect(screen.getByText("Your cart is empty.")).toBeTruthy();
  });

  it("adds up after a voucher: the subtotal, a voucher discount row and the cart's total", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 2 }, context);
    const total = (basket.total - 4590) as Cents;
    renderWithIntl(<BasketList basket={basket} totalAmount={total} discounts={discountBlock(basket, 0 as Cents, total)} />);
    expect(within(screen.getByRole("row", { name: /Subtotal/ })).getByText("€ 459,00")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Voucher discount/ })).getByText("€ 45,90")).toBeTruthy();
    expect(screen.queryByRole("row", { name: /^Discount/ })).toBeNull();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 413,10");
  });

  it("shows each line's quantity as text unless the checkout makes it editable in place", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 2 }, context);
    renderWithIntl(<BasketList basket={basket} lineQuantity={(line) => <button type="button">{`${line.quantity} of ${line.name}`}</button>} />);
    expect(within(screen.getByRole("row", { name: /Weekend ticket/ })).getByRole("button", { name: "2 of Weekend ticket" })).toBeTruthy();
    cleanup();
    renderWithIntl(<BasketList basket={basket} />);
    expect(screen.getByRole("row", { name: /Weekend ticket/ }).textContent).toContain("2 ×");
  });

  it("shows the subtotal and discount block when an upgrade discount applies", () => {
    const basket = priceBasket(products, { ll_ticket_weekend: 1 }, { ...context, upgradeDiscount: 1000 as Cents });
    renderWithIntl(<BasketList basket={basket} />);
    expect(screen.getByRole("row", { name: /Subtotal/ })).toBeTruthy();
    expect(within(screen.getByRole("row", { name: /Discount/ })).getByText("€ 10,00")).toBeTruthy();
    expect(screen.getByTestId("basket-total").textContent).toBe("€ 219,50");
  });
});

describe("ShippingCountrySelect (spec §4 Shipping country change, §9)", () => {
  it("names the countries in the visitor's language with their price and reports the chosen code", async () => {
    const onChange = vi.fn();
    renderWithIntl(<ShippingCountrySelect countries={table} value={null} onChange={onChange} isDisabled={false} atHomeShop={false} />, "nl");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Verzendland/ }, { timeout: 10_000 }));
    // The list's code loads on the field's first use.
    await user.click(await screen.findByRole("option", { name: "Nederland (€ 5,99)" }, { timeout: 10_000 }));
    expect(onChange).toHaveBeenCalledWith("NL");
  });

  it("leaves a shippable country's cost to the basket's 'Shipping cost:' row (said once) and says the unfortunately text for a price-0 one", () => {
    renderWithIntl(<ShippingCountrySelect countries={table} value="BE" onChange={vi.fn()} isDisabled={false} atHomeShop={false} />);
    expect(screen.queryByTestId("shipping-message")).toBeNull();
    expect(screen.queryByText(/Shipping cost/)).toBeNull();
    cleanup();
    renderWithIntl(<ShippingCountrySelect countries={table} value="BR" onChange={vi.fn()} isDisabled={false} atHomeShop={false} />);
    expect(screen.getByTestId("shipping-message").textContent).toContain("Merchandise cannot be shipped to this country.");
    expect(screen.getByTestId("shipping-message").textContent).toContain("Unfortunately");
  });

  it("offers the festival brands only the Netherlands, Belgium, Germany and Other countries", async () => {
    renderWithIntl(<ShippingCountrySelect countries={festivalBrandShippingCountries(table)} value={null} onChange={vi.fn()} isDisabled={false} atHomeShop={false} />);
    await userEvent.setup().click(await screen.findByRole("button", { name: /Shipping country/ }, { timeout: 10_000 }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Belgium (€ 8,70)", "Germany (€ 8,19)", "Netherlands (€ 5,99)", "Other countries"]);
  });
});

describe("RefundChoiceField (spec §4 Refund choice)", () => {
  it("starts unanswered, and reports Yes and No", async () => {
    const onChange = vi.fn();
    renderWithIntl(<RefundChoiceField value={null} price={1492 as Cents} onChange={onChange} isDisabled={false} />);
    expect(screen.getAllByRole("radio").every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText(/for € 14,92/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Yes, protect my order" }));
    await user.click(screen.getByRole("radio", { name: "No, thanks" }));
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });
});

describe("TermsBoxes", () => {
  it("links the terms and privacy policy to their absolute addresses, never relative to the page", () => {
    renderWithIntl(
      <TermsBoxes termsAccepted={false} covidAccepted={false} onTerms={vi.fn()} onCovid={vi.fn()} showCovidTerms termsUrl="https://example.com/terms" privacyUrl="example.com/privacy" isDisabled={false} />,
    );
    expect(screen.getByRole("link", { name: "Terms and conditions" }).getAttribute("href")).toBe("https://example.com/terms");
    expect(screen.getByRole("link", { name: "Privacy policy" }).getAttribute("href")).toBe("https://example.com/privacy");
    expect(screen.getByRole("checkbox", { name: /COVID/ })).toBeTruthy();
  });

  it("draws a tick in a ticked box and none in an unticked one (terms, covid terms, newsletter)", () => {
    renderWithIntl(
      <>
        <TermsBoxes termsAccepted covidAccepted={false} onTerms={vi.fn()} onCovid={vi.fn()} showCovidTerms termsUrl="https://example.com/terms" privacyUrl="example.com/privacy" isDisabled={false} />
        <NewsletterBox shopTitle="Lowlands Lights" isSelected onChange={vi.fn()} isDisabled={false} />
      </>,
    );
    const drawnBox = (name: RegExp) => screen.getByRole("checkbox", { name }).closest("label")!.querySelector(".box")!;
    expect(drawnBox(/I accept the terms/).querySelector("svg")).not.toBeNull();
    expect(drawnBox(/newsletter/).querySelector("svg")).not.toBeNull();
    expect(drawnBox(/COVID/).querySelector("svg")).toBeNull();
  });

  it("absoluteUrl repairs a single-slash scheme and adds https to a bare host", () => {
    expect(absoluteUrl("https:/example.com/x")).toBe("https://example.com/x");
    expect(absoluteUrl("//example.com/x")).toBe("https://example.com/x");
    expect(absoluteUrl("mailto:info@example.com")).toBe("mailto:info@example.com");
  });
});

describe("NewsletterBox (spec §7 Other calls)", () => {
  it("names the shop, starts unticked and reports a tick", async () => {
    const onChange = vi.fn();
    renderWithIntl(<NewsletterBox shopTitle="Lowlands Lights" isSelected={false} onChange={onChange} isDisabled={false} />, "nl");
    const box = screen.getByRole("checkbox", { name: "Stuur mij de nieuwsbrief van Lowlands Lights" });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe("BasketLineQuantity (spec §3 Basket line view: maxAmount, hideButtons, showRemoveButton)", () => {
  const line = priceBasket(products, { ll_ticket_weekend: 2 }, context).groups[0]!.lines[0]!;
  const controls = { maxAmount: 3, minimum: 1, hideButtons: false, showRemoveButton: true };

  it("changes the quantity one up or down and removes the line, each button named with the line", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithIntl(<BasketLineQuantity line={line} controls={controls} pending={false} onChangeQuantity={onChange} />);
    expect(screen.getByRole("group", { name: "Quantity of Weekend ticket" }).textContent).toContain("2");
    await user.click(screen.getByRole("button", { name: "One more Weekend ticket" }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "One less Weekend ticket" }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole("button", { name: "Remove Weekend ticket" }));
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it("stops at maxAmount, takes no press while a write is pending, and shows only what the line allows", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = renderWithIntl(<BasketLineQuantity line={line} controls={{ ...controls, maxAmount: 2 }} pending={false} onChangeQuantity={onChange} />);
    expect((screen.getByRole("button", { name: "One more Weekend ticket" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<BasketLineQuantity line={line} controls={controls} pending onChangeQuantity={onChange} />);
    await user.click(screen.getByRole("button", { name: "One more Weekend ticket" }));
    expect(onChange).not.toHaveBeenCalled();
    rerender(<BasketLineQuantity line={line} controls={{ ...controls, hideButtons: true }} pending={false} onChangeQuantity={onChange} />);
    expect(screen.queryByRole("button", { name: /One (more|less)/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Remove Weekend ticket" })).toBeTruthy();
    rerender(<BasketLineQuantity line={line} controls={{ ...controls, hideButtons: true, showRemoveButton: false }} pending={false} onChangeQuantity={onChange} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

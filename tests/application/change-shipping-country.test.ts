import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import type { ShippingApi } from "../../application/ports/shipping-api.port.ts";
import { ChangeShippingCountry, type ChangeShippingCountryInput } from "../../application/use-cases/change-shipping-country.use-case.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { SHOP } from "../support/contract-examples.ts";
import { aProduct, aShopConfig } from "../support/object-mother.ts";

const products = [aProduct(), aProduct({ id: "ll_tshirt_m", name: "T-shirt M", type: "merchandise", meta: {} })];
const cart: Cart = {
  id: "c1", status: "shopping", timeout: 900, products: { ll_ticket_weekend: 1, ll_tshirt_m: 1 }, totalAmount: 25000 as Cents,
  totalAmountExcludingServiceCosts: 24000 as Cents, checkoutAllowed: true, checkoutErrors: [], order: null,
};

/** A ShippingApi fake removing the merchandise for price-0 countries (as the reference server does) and recording calls. */
class FakeShippingApi implements ShippingApi {
  readonly calls: string[] = [];
  putShippingCountry(_context: unknown, cartId: string, country: string) {
    this.calls.push(`${cartId} ${country}`);
    const removed = country === "NL" || country === "BE" ? [] : ["ll_tshirt_m"];
    const products = removed.length ? { ll_ticket_weekend: 1 } : cart.products;
    return Effect.succeed({ cart: { ...cart, products, shippingCountry: removed.length ? null : country }, removedProductIds: removed });
  }
}

const input = (overrides: Partial<ChangeShippingCountryInput> = {}): ChangeShippingCountryInput => ({
  context: SHOP, config: aShopConfig(), cart, products, country: "NL", confirmed: false, ...overrides,
});

describe("ChangeShippingCountry (spec §4 Shipping country change, §8 5003/6007)", () => {
  it("stores a shippable country without a notice", async () => {
    const api = new FakeShippingApi();
    const r = await Effect.runPromise(new ChangeShippingCountry(api).execute(input()));
    expect(r).toMatchObject({ _tag: "Changed", removedProductIds: [], notice: null });
    expect(api.calls).toEqual(["c1 NL"]);
  });

  it("answers 5003 when the server removed the merchandise for a price-0 country", async () => {
    const r = await Effect.runPromise(new ChangeShippingCountry(new FakeShippingApi()).execute(input({ country: "BR" })));
    expect(r).toMatchObject({ _tag: "Changed", removedProductIds: ["ll_tshirt_m"], notice: 5003 });
  });

  it("asks the 6007 confirm first for a festival brand and sends nothing, then removes without a second notice", async () => {
    const api = new FakeShippingApi();
    const config = { ...aShopConfig(), brand: "zwartecross" };
    const ask = await Effect.runPromise(new ChangeShippingCountry(api).execute(input({ config, country: "OTHER" })));
    expect(ask).toEqual({ _tag: "ConfirmRemoval", code: 6007, removeProductIds: ["ll_tshirt_m"] });
    expect(api.calls).toEqual([]);
    const done = await Effect.runPromise(new ChangeShippingCountry(api).execute(input({ config, country: "OTHER", confirmed: true })));
    expect(done).toMatchObject({ _tag: "Changed", removedProductIds: ["ll_tshirt_m"], notice: null });
  });
});

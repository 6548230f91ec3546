// Shared fast-check arbitraries and object mothers for the domain tests.
import { fc } from "@fast-check/vitest";
import type { Cents } from "../../domain/money.ts";
import type { Product, ProductType } from "../../domain/product.schema.ts";
import type { SaleConfig } from "../../domain/sale-mode.ts";

/** Non-negative cents up to 10 000 euros. */
export const centsArb = (max = 1_000_000): fc.Arbitrary<Cents> => fc.integer({ min: 0, max }).map((n) => n as Cents);

/** A product mother with sensible defaults. */
export const aProduct = (overrides: Partial<Product> & { id: string; type: ProductType }): Product => ({
  name: overrides.id,
  price: 0 as Cents,
  soldOut: false,
  stock: 100,
  ...overrides,
});

/** A consistent ticket: price = priceExcludingServiceCosts + serviceCosts, taxes inside priceExcludingServiceCosts. */
export const ticketArb = (id: string): fc.Arbitrary<Product> =>
  fc
    .record({
      base: fc.integer({ min: 0, max: 50_000 }),
      tourist: fc.integer({ min: 0, max: 1_000 }),
      entertainment: fc.integer({ min: 0, max: 1_000 }),
      flagged: fc.boolean(),
      taxed: fc.boolean(),
      serviceCosts: fc.integer({ min: 0, max: 2_000 }),
    })
    .map(({ base, tourist, entertainment, flagged, taxed, serviceCosts }) => {
      const excl = base + tourist + entertainment;
      return aProduct({
        id,
        type: "ticket",
        price: (excl + serviceCosts) as Cents,
        priceExcludingServiceCosts: excl as Cents,
        serviceCosts: serviceCosts as Cents,
        meta: {
          calculateTouristTax: taxed,
          touristTaxAmount: tourist as Cents,
          mentionEntertainmentFee: flagged,
          entertainmentFeeAmount: entertainment as Cents,
        },
      });
    });

const nonTicketTypes: ReadonlyArray<ProductType> = [
  "extras", "membership", "merchandise", "transportation", "bus_travel", "travel", "hotel", "traveladdon",
  "upgrade", "comparetransport", "addons",
];

/** A non-ticket, non-insurance product with a plain price. */
export const otherProductArb = (id: string): fc.Arbitrary<Product> =>
  fc
    .record({ type: fc.constantFrom(...nonTicketTypes), price: fc.integer({ min: 0, max: 50_000 }), paylogic: fc.boolean() })
    .map(({ type, price, paylogic }) => aProduct({ id: paylogic ? `paylogic-${id}` : id, type, price: price as Cents }));

/** A catalogue of products with a cart over them (quantity 1..10 for a random subset), optionally with insurance. */
export const catalogueWithCartArb = fc
  .record({
    tickets: fc.array(fc.nat(), { maxLength: 3 }),
    others: fc.array(fc.nat(), { maxLength: 5 }),
    insurancePercentage: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  })
  .chain(({ tickets, others, insurancePercentage }) =>
    fc
      .tuple(
        fc.tuple(...tickets.map((_, i) => ticketArb(`t${i}`))),
        fc.tuple(...others.map((_, i) => otherProductArb(`o${i}`))),
      )
      .chain(([ts, os]) => {
        const products: Product[] = [...ts, ...os];
        if (insurancePercentage !== undefined) {
          products.push(aProduct({ id: "ins", type: "insurance", price: 0 as Cents, meta: { percentage: insurancePercentage } }));
        }
        return fc
          .tuple(...products.map((p) => fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }).map((q) => [p.id, q] as const)))
          .map((entries) => {
            const cart: Record<string, number> = {};
            for (const [id, q] of entries) if (q !== undefined) cart[id] = q;
            return { products, cart };
          });
      }),
  );

/** A flag of a shop config: absent, off or on. */
const flagArb = fc.constantFrom(undefined, false, true);

/** Any combination of the sale-mode fields of a shop config (spec §3 Modes and flags, shopInit, queueUrl, upgradableOrder), several modes at once included. */
export const saleConfigArb: fc.Arbitrary<SaleConfig> = fc.record(
  {
    preregistration: flagArb,
    previewMode: flagArb,
    membersale: flagArb,
    travelsale: flagArb,
    loginRequired: flagArb,
    membershipRequired: flagArb,
    shopInit: fc.record({ isAddOnShop: fc.boolean() }),
    upgradableOrder: fc.constantFrom({}, { upgradeText: "Upgrade your tickets." }),
    queueUrl: fc.constantFrom("", "/queue/northern-nights-sale", "https://queue.example.com/nn"),
  },
  { requiredKeys: [] },
);

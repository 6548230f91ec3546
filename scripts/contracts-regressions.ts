/**
 * Provider regressions a backend team could plausibly make, as code transforms of the reference server (applied by
 * `npm run contracts:mutation` to a COPY of server/ and domain/, never to the repository). Each edit names a file, a
 * text that must occur exactly once in it, and its replacement; a transform whose text is gone fails the run loudly
 * (update it when the server changes). Every regression here must make contract verification fail ("killed").
 */

/** One text replacement in a copied file (path relative to the repository root). */
export interface RegressionEdit {
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

/** A provider regression: what a backend team changed, and the edits that make it. */
export interface Regression {
  readonly name: string;
  readonly edits: ReadonlyArray<RegressionEdit>;
}

/** The regressions of issue 18's table and more; `contracts:mutation` prints `killed K of N` over them. */
export const REGRESSIONS: ReadonlyArray<Regression> = [
  {
    name: "checkoutAllowed renamed to canCheckout on the wire",
    edits: [
      { file: "server/cart/cart-view.ts", find: "  return encodeCart({", replace: "  return renameField(encodeCart({" },
      {
        file: "server/cart/cart-view.ts",
        find: "    order,\n    shippingCountry: cart.shippingCountry,\n  });\n};",
        replace:
          "    order,\n    shippingCountry: cart.shippingCountry,\n  }));\n};\nconst renameField = (c: CartEncoded): CartEncoded => { const { checkoutAllowed, ...rest } = c; return { ...rest, canCheckout: checkoutAllowed } as unknown as CartEncoded; };",
      },
    ],
  },
  {
    name: "ticket limit (5004) answered as sold out (5000)",
    edits: [{ file: "server/http/api-error.ts", find: 'new ApiError(422, "5004"', replace: 'new ApiError(422, "5000"' }],
  },
  {
    name: "cart token never checked (GET, writes and orders of add-on carts)",
    edits: [
      {
        file: "server/orders/cart-token.ts",
        find: "  if (cart.cartToken !== null && !secretMatches(given, cart.cartToken)) throw cartTokenInvalid();",
        replace: "  void cart; void given; void secretMatches; void cartTokenInvalid;",
      },
    ],
  },
  {
    name: "get-orders ignores x-cart-token (the order and its e-mail come back without it)",
    edits: [
      {
        file: "server/orders/previous-orders.ts",
        find: ".filter((r) => secretMatches(cartToken, r.cartToken));",
        replace: ".filter((r) => r.cartToken !== undefined || secretMatches(cartToken, r.cartToken));",
      },
    ],
  },
  {
    name: "cart totals in cents (45900 for € 459,00)",
    edits: [
      { file: "server/cart/cart-view.ts", find: "    totalAmount: totals.total,", replace: "    totalAmount: totals.total * 100," },
      {
        file: "server/cart/cart-view.ts",
        find: "    totalAmountExcludingServiceCosts: totals.totalExcludingServiceCosts,",
        replace: "    totalAmountExcludingServiceCosts: totals.totalExcludingServiceCosts * 100,",
      },
    ],
  },
  {
    name: "product prices in cents",
    edits: [
      {
        file: "server/http/api-routes.ts",
        find: ".map((p) => encodeProduct(p)) };",
        replace: ".map((p) => ({ ...encodeProduct(p), price: p.price as number })) };",
      },
    ],
  },
  {
    name: "cart status in_payment renamed payment_pending",
    edits: [
      { file: "server/cart/cart-view.ts", find: "  return encodeCart({", replace: "  return renameStatus(encodeCart({" },
      {
        file: "server/cart/cart-view.ts",
        find: "    order,\n    shippingCountry: cart.shippingCountry,\n  });\n};",
        replace:
          '    order,\n    shippingCountry: cart.shippingCountry,\n  }));\n};\nconst renameStatus = (c: CartEncoded): CartEncoded => ({ ...c, status: (c.status === "in_payment" ? "payment_pending" : c.status) as CartEncoded["status"] });',
      },
    ],
  },
  {
    name: "product type ticket answered as TICKET",
    edits: [
      {
        file: "server/http/api-routes.ts",
        find: ".map((p) => encodeProduct(p)) };",
        replace: '.map((p) => ({ ...encodeProduct(p), type: p.type === "ticket" ? "TICKET" : p.type })) };',
      },
    ],
  },
  {
    name: "Idempotency-Key ignored (a repeated order answers 409 instead of the replay)",
    edits: [{ file: "server/http/api-routes.ts", find: "idempotencyKey: key });", replace: "idempotencyKey: key === undefined ? undefined : undefined });" }],
  },
  {
    name: "cart.expired answered as 410 cart.gone",
    edits: [{ file: "server/http/api-error.ts", find: 'new ApiError(409, "cart.expired"', replace: 'new ApiError(410, "cart.gone"' }],
  },
  {
    name: "unknown cart answered 410 instead of 404 cart.not.found",
    edits: [{ file: "server/http/api-error.ts", find: 'new ApiError(404, "cart.not.found"', replace: 'new ApiError(410, "cart.not.found"' }],
  },
  {
    name: "a voucher that never discounts",
    edits: [{ file: "server/vouchers/voucher-holds.ts", find: "  return discountOn(subtotal, termsOf(row));", replace: "  void discountOn; void termsOf; return 0 as Cents;" }],
  },
  {
    name: "quantity 0 keeps the line instead of removing it",
    edits: [{ file: "server/cart/cart-service.ts", find: "  if (body.quantity === 0) delete next[product.id];", replace: "" }],
  },
  {
    name: "cart in payment answers no paymentUri",
    edits: [{ file: "server/cart/cart-view.ts", find: "{ paymentUri: payment.paymentUri, availablePaymentMethods: methods }", replace: "{ paymentUri: null, availablePaymentMethods: methods }" }],
  },
  {
    name: "shop config stepflow answered in lower case (yes/no)",
    edits: [
      {
        file: "server/http/api-routes.ts",
        find: "({ data: encodeConfig((await authenticateShop(db, request)).config) }));",
        replace: "({ data: ((c) => ({ ...c, stepflow: c.stepflow.toLowerCase() }))(encodeConfig((await authenticateShop(db, request)).config)) }));",
      },
    ],
  },
  {
    name: "published notice answered under `notice` instead of `message`",
    edits: [{ file: "server/http/site-routes.ts", find: '.header("cache-control", "no-store").send(notice);', replace: '.header("cache-control", "no-store").send({ notice: notice.message });' }],
  },
  {
    name: "transport request mail path renamed (singular)",
    edits: [{ file: "server/http/transport-request-routes.ts", find: 'app.post("/api/mail/transport-requests"', replace: 'app.post("/api/mail/transport-request"' }],
  },
  {
    name: "a refused order answers 409 checkout.not.allowed without its checkoutErrors",
    edits: [{ file: "server/http/api-error.ts", find: "{ checkoutErrors: refusals });", replace: "{});" }],
  },
  {
    name: "orders skip the cart's checkoutErrors (occupants, one order per account)",
    edits: [{ file: "domain/checkout-rules.ts", find: "const refusals: CheckoutError[] = [...facts.checkoutErrors];", replace: "const refusals: CheckoutError[] = [];" }],
  },
  {
    name: "shop config drops the optional tagManagerId and policyId",
    edits: [
      {
        file: "server/http/api-routes.ts",
        find: "({ data: encodeConfig((await authenticateShop(db, request)).config) }));",
        replace:
          "({ data: ((c) => ({ ...c, tagManagerId: undefined, shopSettings: { ...c.shopSettings, policyId: undefined } }))(encodeConfig((await authenticateShop(db, request)).config)) }));",
      },
    ],
  },
  {
    name: "products drop the optional minQuantity and meta.minimumQuantity",
    edits: [
      {
        file: "server/http/api-routes.ts",
        find: "(await listProducts(db, shop.slug)).map((p) => encodeProduct(p))",
        replace: "(await listProducts(db, shop.slug)).map((p) => ((e) => ({ ...e, minQuantity: undefined, meta: e.meta && { ...e.meta, minimumQuantity: undefined } }))(encodeProduct(p)))",
      },
    ],
  },
];

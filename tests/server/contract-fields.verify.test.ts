import { type Schema, SchemaAST } from "effect";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../domain/api.schema.ts";
import { Cart, OrderCreated } from "../../domain/cart.schema.ts";
import { NoticeAnswer } from "../../domain/notice.schema.ts";
import { PreviousOrders } from "../../domain/order-lookup.schema.ts";
import { Product } from "../../domain/product.schema.ts";
import { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";
import { RoomOption, TravelCart, TravelExtra, TravelPackage, TravelSettings } from "../../domain/travel.schema.ts";

/** A response a decoder reads: which pact, which requests (method + path pattern, 2xx or not), where the decoded value sits. */
interface DecoderUse {
  readonly decoder: string;
  readonly schema: Schema.Top;
  readonly pact: string;
  readonly method?: string;
  readonly path: RegExp;
  readonly success: boolean;
  /** JSON path of the decoded value in the body: "data" (Shop API envelope), "data[]" (a list) or "" (the body). */
  readonly at: string;
}

const SHOP_API = "contracts/festival-shop-web-shop-api-v2.json";
const TRAVEL = "contracts/festival-shop-web-travel-api.json";
const NOTICE = "contracts/festival-shop-web-shop-notice.json";

/** Every decoder of adapters/http and the responses it reads (the adapters' schemas, spec §7). */
const USES: ReadonlyArray<DecoderUse> = [
  { decoder: "ShopSummary (GET /shops)", schema: ShopSummary, pact: SHOP_API, method: "GET", path: /^\/api\/v2\/shops$/, success: true, at: "data[]" },
  { decoder: "ShopConfig (GET /shop)", schema: ShopConfig, pact: SHOP_API, method: "GET", path: /^\/api\/v2\/shop$/, success: true, at: "data" },
  { decoder: "Product (GET /products)", schema: Product, pact: SHOP_API, method: "GET", path: /^\/api\/v2\/products$/, success: true, at: "data[]" },
  { decoder: "Cart (carts, products, details, vouchers, extend)", schema: Cart, pact: SHOP_API, path: /^\/api\/v2\/carts(\/[^/]+(\/products|\/vouchers|\/extend)?)?$/, success: true, at: "data" },
  { decoder: "OrderCreated (POST …/orders)", schema: OrderCreated, pact: SHOP_API, method: "POST", path: /\/orders$/, success: true, at: "data" },
  { decoder: "PreviousOrders (POST /get-orders)", schema: PreviousOrders, pact: SHOP_API, method: "POST", path: /^\/api\/v2\/get-orders$/, success: true, at: "data" },
  { decoder: "TravelCart (…/products/hotel/…)", schema: TravelCart, pact: SHOP_API, path: /\/products\/hotel\//, success: true, at: "data" },
  { decoder: "ApiErrorBody (Shop API refusals)", schema: ApiErrorBody, pact: SHOP_API, path: /./, success: false, at: "" },
  { decoder: "TravelSettings", schema: TravelSettings, pact: TRAVEL, method: "GET", path: /\/settings$/, success: true, at: "data" },
  { decoder: "TravelPackage", schema: TravelPackage, pact: TRAVEL, method: "GET", path: /\/packages$/, success: true, at: "data[]" },
  { decoder: "RoomOption", schema: RoomOption, pact: TRAVEL, method: "GET", path: /\/options$/, success: true, at: "data[]" },
  { decoder: "TravelExtra", schema: TravelExtra, pact: TRAVEL, method: "GET", path: /\/extras$/, success: true, at: "data[]" },
  { decoder: "NoticeAnswer (GET /api/notice)", schema: NoticeAnswer, pact: NOTICE, method: "GET", path: /^\/api\/notice$/, success: true, at: "" },
];

const join = (at: string, key: string) => (at === "" ? key : `${at}.${key}`);

/**
 * The JSON paths of every field `ast` reads below `at` ("[]" array items, "*" record values; unions give each member's
 * fields); `records` collects the record paths.
 */
const fieldsOf = (ast: SchemaAST.AST, at: string, records: Set<string>, out: Set<string>): Set<string> => {
  if (SchemaAST.isObjects(ast)) {
    for (const property of ast.propertySignatures) {
      const field = join(at, String(property.name));
      out.add(field);
      fieldsOf(property.type, field, records, out);
    }
    for (const index of ast.indexSignatures) {
      records.add(at);
      fieldsOf(index.type, join(at, "*"), records, out);
    }
  } else if (SchemaAST.isArrays(ast)) {
    for (const element of [...ast.elements, ...ast.rest]) fieldsOf(element, `${at}[]`, records, out);
  } else if (SchemaAST.isUnion(ast)) {
    for (const member of ast.types) fieldsOf(member, at, records, out);
  } else if (SchemaAST.isSuspend(ast)) {
    fieldsOf(ast.thunk(), at, records, out);
  }
  return out;
};

/** The JSON paths present in a response body (same notation; keys under a record path become "*"). */
const pathsOf = (value: unknown, at: string, records: ReadonlySet<string>, out: Set<string>): Set<string> => {
  if (Array.isArray(value)) for (const item of value) pathsOf(item, `${at}[]`, records, out);
  else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const field = join(at, records.has(at) ? "*" : key);
      out.add(field);
      pathsOf(child, field, records, out);
    }
  }
  return out;
};

interface PactInteraction {
  readonly description: string;
  readonly request: { readonly method: string; readonly path: string };
  readonly response: { readonly status: number; readonly body?: { readonly content?: unknown } };
}
const interactionsOf = (file: string): ReadonlyArray<PactInteraction> =>
  (JSON.parse(readFileSync(path.resolve(file), "utf8")) as { interactions: PactInteraction[] }).interactions;

describe("every field a decoder reads appears in at least one interaction of contracts/", () => {
  it.each(USES.map((use) => ({ ...use, name: use.decoder })))("$name", (use) => {
    const records = new Set<string>();
    const wanted = fieldsOf(use.schema.ast, use.at, records, new Set());
    const responses = interactionsOf(use.pact).filter(
      (i) => (use.method === undefined || i.request.method === use.method) && use.path.test(i.request.path) && (i.response.status < 300) === use.success,
    );
    expect(responses.length, `no interaction of ${use.pact} answers ${use.decoder}`).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const i of responses) pathsOf(i.response.body?.content, "", records, seen);
    // No allowlist: a field a decoder reads that no interaction shows fails here.
    expect([...wanted].filter((field) => !seen.has(field)).sort()).toEqual([]);
  });

  it("sees a gap: a decoder field no interaction has is reported", () => {
    const records = new Set<string>();
    const wanted = fieldsOf(Cart.ast, "data", records, new Set());
    const seen = pathsOf({ data: { id: "x", status: "shopping", products: { a: 1 } } }, "", records, new Set());
    const gaps = [...wanted].filter((f) => !seen.has(f));
    expect(gaps).toContain("data.checkoutAllowed");
    expect(gaps).not.toContain("data.products");
    expect(seen.has("data.products.*")).toBe(true);
  });
});

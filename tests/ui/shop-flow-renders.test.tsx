// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act, cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "../../domain/product.schema.ts";
import { useShopFlow } from "../../ui/shell/shop-flow.tsx";
import { shopKeys } from "../../ui/shop/shop.queries.ts";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const ticket = aProduct({ stock: 10 });
const shirt = aProduct({ id: "shirt-1", name: "T-shirt", type: "merchandise", stock: 5 });

/** Writes down the flow's steps at every render of a flow user (the step bar, the bottom bar). */
function FlowProbe({ renders }: { renders: string[] }) {
  const flow = useShopFlow();
  renders.push(flow ? flow.join(",") : "loading");
  return null;
}

/** Sets the products in the cache and lets react-query's notifications (a task later) reach React. */
const setProducts = (queryClient: QueryClient, products: ReadonlyArray<Product>) =>
  act(async () => {
    queryClient.setQueryData(shopKeys.products("lowlands-lights"), products);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

describe("useShopFlow (spec §2 Header: the step progress and the bottom bar follow the shop's product types)", () => {
  it("leaves its users alone when a cart change refreshes only the stock, and follows a change of the product types", async () => {
    const renders: string[] = [];
    const { queryClient } = renderInShop(<FlowProbe renders={renders} />, { path: "/lowlands-lights/tickets", products: [ticket] });
    const first = renders.at(-1);
    expect(first).toContain("tickets");
    const rendered = renders.length;
    // The stock refresh after every quantity change (spec §4): same types, other stock.
    await setProducts(queryClient, [{ ...ticket, stock: 8 }]);
    expect(renders).toHaveLength(rendered);
    // A merchandise product for sale adds its step.
    await setProducts(queryClient, [{ ...ticket, stock: 8 }, shirt]);
    expect(renders.length).toBeGreaterThan(rendered);
    expect(renders.at(-1)).toContain("merchandise");
    expect(first).not.toContain("merchandise");
  });
});

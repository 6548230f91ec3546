// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DeepLinkEffects, useIsDeepLinkCart, withDeepLink } from "../../ui/shell/deep-links.tsx";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryDeepLinkStore } from "../support/in-memory-platform.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

function Flag() {
  return <p data-testid="flag">{String(useIsDeepLinkCart())}</p>;
}

describe("deep links (spec §2 Route guards and deep links)", () => {
  it("keeps route, slug, category and the raw query in the deep-link store on any route", () => {
    const deepLinks = new InMemoryDeepLinkStore();
    const query = "route=tickets&slug=lowlands-lights&category=TICKETS&shopToken=s1&access_id=a1";
    renderInShop(<DeepLinkEffects />, { path: `/lowlands-lights/extras?${query}`, deepLinks });
    expect(deepLinks.get()).toEqual({ route: "tickets", slug: "lowlands-lights", category: "TICKETS", query });
  });

  it("flags a cart from a deep link (cartToken and cartId) except on checkout", () => {
    renderInShop(<Flag />, { path: "/lowlands-lights/tickets?cartToken=ct&cartId=c1" });
    expect(screen.getByTestId("flag").textContent).toBe("true");
    cleanup();
    renderInShop(<Flag />, { path: "/lowlands-lights/checkout?cartToken=ct&cartId=c1" });
    expect(screen.getByTestId("flag").textContent).toBe("false");
    cleanup();
    renderInShop(<Flag />, { path: "/lowlands-lights/tickets?cartToken=ct" });
    expect(screen.getByTestId("flag").textContent).toBe("false");
  });

  it("puts a deep link's cartToken and policyId into the shop context (over the shop's own policy)", () => {
    expect(withDeepLink({ ...SHOP, policyId: "shop-policy" }, { cartToken: "ct", policyId: "link-policy" })).toEqual({ ...SHOP, cartToken: "ct", policyId: "link-policy" });
    expect(withDeepLink({ ...SHOP, policyId: "shop-policy" }, {})).toEqual({ ...SHOP, policyId: "shop-policy" });
  });
});

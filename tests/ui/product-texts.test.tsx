// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useShopTranslations } from "../../ui/i18n/locale-provider.tsx";
import { productsInLanguage } from "../../ui/shop/product-texts.ts";
import { useProducts } from "../../ui/shop/shop-context.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./shell-harness.tsx";

afterEach(cleanup);

const weekend = aProduct();
const camping = aProduct({ id: "ll_ticket_camping", name: "Camping ticket", title: "Camping ticket", meta: { description: "Camp at the festival site." } });

describe("productsInLanguage (spec §1 per-shop custom translations)", () => {
  it("replaces a product's name, title and description by the texts given for its id, and keeps the others as they are", () => {
    const texts: Record<string, string> = { "product.ll_ticket_camping.name": "Campingticket", "product.ll_ticket_camping.description": "Kamperen op het terrein." };
    const [first, second] = productsInLanguage([weekend, camping], (key) => texts[key]);
    expect(first).toBe(weekend);
    expect(second).toMatchObject({ name: "Campingticket", title: "Campingticket", meta: { description: "Kamperen op het terrein." } });
  });

  it("answers the same list when no text is given, so screens do not render again", () => {
    const products = [weekend, camping];
    expect(productsInLanguage(products, () => undefined)).toBe(products);
  });
});

const CUSTOM = { en: { "product.ll_ticket_camping.name": "Tent pitch pass", "product.ll_ticket_camping.description": "Pitch your tent on site." } };

/** A screen of the shop listing its products as useProducts gives them, with the shop's custom translations merged (as the shop frame does). */
function ProductNames() {
  useShopTranslations(CUSTOM);
  const products = useProducts();
  return (
    <ul>
      {(products.data ?? []).map((p) => (
        <li key={p.id}>
          {p.title ?? p.name}: {p.meta?.description}
        </li>
      ))}
    </ul>
  );
}

describe("useProducts", () => {
  it("gives the screens each product's texts in the visitor's language where the shop's custom translations have them", async () => {
    renderInShop(<ProductNames />, { path: "/lowlands-lights/tickets", products: [weekend, camping] });
    expect(await screen.findByText("Tent pitch pass: Pitch your tent on site.")).toBeTruthy();
    expect(screen.getByText(/^Weekend ticket:/)).toBeTruthy();
  });
});

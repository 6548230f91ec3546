// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { groupMerchandise } from "../../domain/product-catalogue.ts";
import type { Product, ProductEncoded } from "../../domain/product.schema.ts";
import { itemQuantityMax } from "../../domain/quantities.ts";
import { MerchandiseItem } from "../../ui/merchandise/merchandise-item.tsx";
import { aProduct } from "../support/object-mother.ts";
import { renderInShop } from "./render.tsx";

afterEach(cleanup);

const tshirt = (size: string, stock: number, extra: Partial<ProductEncoded> = {}): Product =>
  aProduct({
    id: `ll_tshirt_${size.toLowerCase()}`,
    name: "Lowlands Lights T-shirt",
    title: `Lowlands Lights T-shirt ${size}`,
    type: "merchandise",
    price: 29.95,
    serviceCosts: 0,
    soldOut: stock < 1,
    stock,
    maxQuantity: 5,
    meta: { vendorVariantTitle: size, productImages: ["/a.svg", "/b.svg"] },
    ...extra,
  });

const renderMerch = (
  products: ReadonlyArray<Product>,
  options: { cart?: Record<string, number>; needsConsent?: boolean } = {},
) => {
  const cart = options.cart ?? {};
  const onChange = vi.fn<(id: string, quantity: number) => void>();
  const requestConsent = vi.fn<(proceed: () => void) => void>();
  const [group] = groupMerchandise(products);
  renderInShop(
    <MerchandiseItem
      group={group!}
      cartProducts={cart}
      needsConsent={options.needsConsent ?? false}
      requestConsent={requestConsent}
      quantityProps={(product) => ({
        inCart: cart[product.id] ?? 0,
        max: itemQuantityMax({ product, cartProducts: cart, maxTicketAmount: 10, ticketsInCart: 0 }),
        mode: "select",
        pending: false,
        onChangeQuantity: (q) => onChange(product.id, q),
      })}
    />,
  );
  return { onChange, requestConsent };
};

const sizeButton = (name: string) => within(screen.getByRole("group", { name: "Size" })).getByRole("button", { name });

describe("MerchandiseItem (spec §2 Merchandise item, §4)", () => {
  const shirts = [tshirt("S", 0), tshirt("M", 60), tshirt("L", 0), tshirt("XL", 5)];

  it("preselects the first size with stock and cannot choose a size without stock", async () => {
    renderMerch(shirts);
    expect(sizeButton("M").getAttribute("aria-pressed")).toBe("true");
    expect(sizeButton("S").hasAttribute("disabled")).toBe(true);
    expect(sizeButton("L").hasAttribute("disabled")).toBe(true);
    await userEvent.setup().click(sizeButton("L"));
    expect(sizeButton("L").getAttribute("aria-pressed")).toBe("false");
    expect(sizeButton("M").getAttribute("aria-pressed")).toBe("true");
  });

  it("keeps one size pressed: choosing another releases the first, pressing the chosen one again keeps it", async () => {
    renderMerch(shirts);
    const user = userEvent.setup();
    await user.click(sizeButton("XL"));
    expect(sizeButton("XL").getAttribute("aria-pressed")).toBe("true");
    expect(sizeButton("M").getAttribute("aria-pressed")).toBe("false");
    await user.click(sizeButton("XL"));
    expect(sizeButton("XL").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("Only 5 left")).toBeTruthy();
  });

  it("preselects the size already in the cart", () => {
    renderMerch(shirts, { cart: { ll_tshirt_xl: 1 } });
    expect(sizeButton("XL").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("1 in cart")).toBeTruthy();
  });

  it("adds the chosen size and shows its stock", async () => {
    const { onChange } = renderMerch(shirts);
    const user = userEvent.setup();
    expect(screen.getByText("In stock")).toBeTruthy();
    await user.click(sizeButton("XL"));
    expect(screen.getByText("Only 5 left").textContent).toBe("Only 5 left");
    await user.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(onChange).toHaveBeenCalledWith("ll_tshirt_xl", 1);
  });

  it("shows ONE SIZE without size buttons, the ships-in text and an image slider with alt texts", async () => {
    renderMerch([aProduct({ id: "ll_cap_onesize", name: "Cap", type: "merchandise", stock: 80, serviceCosts: 0, meta: { vendorVariantTitle: "ONE SIZE", productImages: ["/c.svg", "/d.svg"] } })]);
    expect(screen.queryByRole("group", { name: "Size" })).toBeNull();
    expect(screen.getByText(/One size/)).toBeTruthy();
    expect(screen.getByText("Ships in 2–7 working days")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Cap, image 1 of 2" }).getAttribute("src")).toBe("/c.svg");
    await userEvent.setup().click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByRole("img", { name: "Cap, image 2 of 2" }).getAttribute("src")).toBe("/d.svg");
    await userEvent.setup().click(screen.getByRole("button", { name: "Previous image" }));
    expect(screen.getByRole("img", { name: "Cap, image 1 of 2" })).toBeTruthy();
  });

  it("asks the age consent before the first add and adds only after it is confirmed", async () => {
    const gin = aProduct({ id: "ll_merch_gin_onesize", name: "Gin", type: "merchandise", stock: 30, serviceCosts: 0, meta: { vendorVariantTitle: "ONE SIZE", ageCheck: true } });
    const { onChange, requestConsent } = renderMerch([gin], { needsConsent: true });
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to cart" }));
    expect(requestConsent).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    requestConsent.mock.calls[0]![0]();
    expect(onChange).toHaveBeenCalledWith("ll_merch_gin_onesize", 1);
  });

  it("does not ask again once the consent was given", async () => {
    const gin = aProduct({ id: "ll_merch_gin_onesize", name: "Gin", type: "merchandise", stock: 30, serviceCosts: 0, meta: { vendorVariantTitle: "ONE SIZE", ageCheck: true } });
    const { onChange, requestConsent } = renderMerch([gin], { needsConsent: false });
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to cart" }));
    expect(requestConsent).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledWith("ll_merch_gin_onesize", 1);
  });
});

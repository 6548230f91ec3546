import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { ChangeProductQuantity } from "../../application/use-cases/change-product-quantity.use-case.ts";
import { GetCurrentCart } from "../../application/use-cases/get-current-cart.use-case.ts";
import { PrefillCartFromWishlist } from "../../application/use-cases/prefill-cart-from-wishlist.use-case.ts";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi, InMemoryCartIdStore } from "../support/in-memory-ports.ts";
import { aProduct } from "../support/object-mother.ts";

const slug = SHOP.slug;
const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };

describe("PrefillCartFromWishlist (spec §2 Other layers, §7 PUT /carts/{cartId}/products)", () => {
  let cartApi: InMemoryCartApi;
  let cartIds: InMemoryCartIdStore;
  let prefill: PrefillCartFromWishlist;
  beforeEach(() => {
    cartApi = new InMemoryCartApi(
      [
        aProduct(),
        aProduct({ id: "ll_ticket_saturday", name: "Saturday", price: 99 }),
        aProduct({ id: "ll_extra_locker", name: "Locker", type: "extras", price: 17.5 }),
        aProduct({ id: "ll_ticket_sunday", name: "Sunday", soldOut: true, stock: 0 }),
      ],
      4,
    );
    cartIds = new InMemoryCartIdStore();
    prefill = new PrefillCartFromWishlist(new GetCurrentCart(cartApi, cartIds), new ChangeProductQuantity(cartApi, cartIds));
  });

  it("creates the cart when there is none and sets each product's quantity", async () => {
    const result = await Effect.runPromise(prefill.execute({ slug, context, products: { ll_ticket_weekend: 2, ll_extra_locker: 1 }, mode: "restore" }));
    expect(result.cart?.products).toEqual({ ll_ticket_weekend: 2, ll_extra_locker: 1 });
    expect(cartIds.get(slug)).toBe(result.cart?.id);
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
    expect(result.changes).toEqual([
      { productId: "ll_ticket_weekend", quantity: 2 },
      { productId: "ll_extra_locker", quantity: 1 },
    ]);
  });

  it("fills a sale's cart beside what is in it, and changes nothing already right", async () => {
    const change = new ChangeProductQuantity(cartApi, cartIds);
    await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_saturday", quantity: 1 }));
    await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    cartApi.calls.length = 0;
    const result = await Effect.runPromise(prefill.execute({ slug, context, products: { ll_ticket_weekend: 2, ll_extra_locker: 1 }, mode: "fill" }));
    expect(result.cart?.products).toEqual({ ll_ticket_saturday: 1, ll_ticket_weekend: 2, ll_extra_locker: 1 });
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct")).map((c) => c.split(" ").slice(2).join(" "))).toEqual(["ll_extra_locker 1"]);
  });

  it("restores a pre-registration cart: removes what the wishlist lacks before raising, so the ticket cap of 4 is not crossed", async () => {
    const change = new ChangeProductQuantity(cartApi, cartIds);
    await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_saturday", quantity: 3 }));
    cartApi.calls.length = 0;
    const result = await Effect.runPromise(prefill.execute({ slug, context, products: { ll_ticket_weekend: 3 }, mode: "restore" }));
    expect(result.cart?.products).toEqual({ ll_ticket_weekend: 3 });
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct")).map((c) => c.split(" ").slice(2).join(" "))).toEqual(["ll_ticket_saturday 0", "ll_ticket_weekend 3"]);
  });

  it("answers the cart as it is and calls nothing when the cart already holds the wishlist", async () => {
    await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    cartApi.calls.length = 0;
    const result = await Effect.runPromise(prefill.execute({ slug, context, products: { ll_ticket_weekend: 2 }, mode: "restore" }));
    expect(result.changes).toEqual([]);
    expect(result.cart?.products).toEqual({ ll_ticket_weekend: 2 });
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct") || c === "createCart")).toEqual([]);
  });

  it("stops at the server's 5000 sold out; the changes before it stay in the cart", async () => {
    const error = await Effect.runPromise(
      Effect.flip(prefill.execute({ slug, context, products: { ll_ticket_weekend: 1, ll_ticket_sunday: 1, ll_extra_locker: 1 }, mode: "fill" })),
    );
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ code: "5000" });
    expect(cartApi.carts.get(cartIds.get(slug)!)?.products).toEqual({ ll_ticket_weekend: 1 });
    expect(cartApi.calls.some((c) => c.includes("ll_extra_locker"))).toBe(false);
  });

  it("surfaces 5004 when the wishlist holds more tickets than the shop's cap", async () => {
    const error = await Effect.runPromise(Effect.flip(prefill.execute({ slug, context, products: { ll_ticket_weekend: 5 }, mode: "fill" })));
    expect(error).toMatchObject({ _tag: "ShopApiError", code: "5004" });
  });
});

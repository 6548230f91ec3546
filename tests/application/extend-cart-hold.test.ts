import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { ExtendCartHold } from "../../application/use-cases/extend-cart-hold.use-case.ts";
import { SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi } from "../support/in-memory-ports.ts";
import { aProduct } from "../support/object-mother.ts";

const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };

describe("ExtendCartHold", () => {
  it("extends the cart through the port and answers it with a fresh timeout and one extension fewer", async () => {
    const cartApi = new InMemoryCartApi([aProduct()], 10, 900, 2);
    const cart = await Effect.runPromise(cartApi.createCart(context));
    cartApi.carts.set(cart.id, { ...cart, timeout: 30 });
    const extended = await Effect.runPromise(new ExtendCartHold(cartApi).execute({ context, cartId: cart.id }));
    expect(extended).toMatchObject({ id: cart.id, timeout: 900, holdExtensionsLeft: 1 });
    expect(cartApi.calls).toContain(`extendHold ${cart.id}`);
  });

  it("fails with the server's 409 cart.extensions.used.up once the bound is used up", async () => {
    const cartApi = new InMemoryCartApi([aProduct()], 10, 900, 1);
    const cart = await Effect.runPromise(cartApi.createCart(context));
    const extend = new ExtendCartHold(cartApi);
    await Effect.runPromise(extend.execute({ context, cartId: cart.id }));
    const refused = await Effect.runPromiseExit(extend.execute({ context, cartId: cart.id }));
    expect(refused).toEqual(Exit.fail(new ShopApiError({ status: 409, code: "cart.extensions.used.up", message: "This cart's time cannot be extended again." })));
  });
});

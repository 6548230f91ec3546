import { Effect } from "effect";
import { beforeEach, describe, expect, it } from "vitest";
import { ShopApiError, NoCartError, ShopNotFoundError } from "../../application/errors.ts";
import { ChangeProductQuantity } from "../../application/use-cases/change-product-quantity.use-case.ts";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import { ForgetCart } from "../../application/use-cases/forget-cart.use-case.ts";
import { SwitchLocale } from "../../application/use-cases/switch-locale.use-case.ts";
import { GetPaidCart } from "../../application/use-cases/get-paid-cart.use-case.ts";
import { GetCurrentCart } from "../../application/use-cases/get-current-cart.use-case.ts";
import { ChooseTicketQuantity } from "../../application/use-cases/choose-ticket-quantity.use-case.ts";
import { ResolveUserToken } from "../../application/use-cases/resolve-user-token.use-case.ts";
import { InMemoryIdTokenStore, InMemorySingleSignOn, SSO_USER } from "../support/in-memory-platform.ts";
import { LoadShop } from "../../application/use-cases/load-shop.use-case.ts";
import { StartPayment } from "../../application/use-cases/start-payment.use-case.ts";
import { SubmitCheckoutDetails } from "../../application/use-cases/submit-checkout-details.use-case.ts";
import type { CartDetails } from "../../domain/cart.schema.ts";
import { DETAILS, SHOP } from "../support/contract-examples.ts";
import { InMemoryCartApi, InMemoryCartIdStore, InMemoryLocaleStore, InMemoryShopApi } from "../support/in-memory-ports.ts";
import { aProduct, aShopConfig, aShopSummary } from "../support/object-mother.ts";

const slug = SHOP.slug;
const context = { apiNamespace: SHOP.apiNamespace, shopToken: SHOP.shopToken };

describe("cart use cases", () => {
  let cartApi: InMemoryCartApi;
  let cartIds: InMemoryCartIdStore;
  beforeEach(() => {
    cartApi = new InMemoryCartApi([aProduct(), aProduct({ id: "ll_ticket_sunday", name: "Sunday", soldOut: true, stock: 0 })]);
    cartIds = new InMemoryCartIdStore();
  });

  it("creates a cart on the first change and remembers its id for the slug", async () => {
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    expect(cart.products).toEqual({ ll_ticket_weekend: 2 });
    expect(cart.totalAmount).toBe(45900);
    expect(cartIds.get(slug)).toBe(cart.id);
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
  });

  it("reuses the remembered cart on the next change", async () => {
    const change = new ChangeProductQuantity(cartApi, cartIds);
    const first = await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    const second = await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_weekend", quantity: 3 }));
    expect(second.id).toBe(first.id);
    expect(cartApi.calls.filter((c) => c === "createCart")).toHaveLength(1);
  });

  it("replaces a cart the server no longer knows by a new one, once", async () => {
    cartIds.set(slug, "00000000-0000-4000-8000-999999999999");
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    expect(cart.id).not.toBe("00000000-0000-4000-8000-999999999999");
    expect(cartIds.get(slug)).toBe(cart.id);
  });

  it("surfaces the server's 5000 sold-out error and keeps the cart as it was", async () => {
    const change = new ChangeProductQuantity(cartApi, cartIds);
    await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    const error = await Effect.runPromise(Effect.flip(change.execute({ slug, context, productId: "ll_ticket_sunday", quantity: 1 })));
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ code: "5000" });
    expect(cartApi.carts.get(cartIds.get(slug)!)?.products).toEqual({ ll_ticket_weekend: 1 });
  });

  it("surfaces 5004 when the tickets exceed maxTicketAmount", async () => {
    const error = await Effect.runPromise(
      Effect.flip(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 11 })),
    );
    expect(error).toMatchObject({ _tag: "ShopApiError", code: "5004" });
  });

  it("writes a ticket choice within the cap as chosen, without a notice (ChooseTicketQuantity)", async () => {
    const chosen = await Effect.runPromise(
      new ChooseTicketQuantity(new ChangeProductQuantity(cartApi, cartIds)).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 10, limit: 10, cap: 10 }),
    );
    expect(chosen.cart.products).toEqual({ ll_ticket_weekend: 10 });
    expect(chosen.overLimit).toBeNull();
  });

  it("clamps a ticket choice over the cap to what the cart may hold and answers 5004 with the cap (spec §5 Quantities)", async () => {
    const change = new ChangeProductQuantity(cartApi, cartIds);
    await Effect.runPromise(change.execute({ slug, context, productId: "ll_ticket_weekend", quantity: 3 }));
    const chosen = await Effect.runPromise(new ChooseTicketQuantity(change).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 11, limit: 10, cap: 10 }));
    expect(chosen.cart.products).toEqual({ ll_ticket_weekend: 10 });
    expect(chosen.overLimit).toEqual({ code: 5004, max: 10 });
    expect(cartApi.calls.filter((c) => c.startsWith("putProduct"))).toEqual([`putProduct ${chosen.cart.id} ll_ticket_weekend 3`, `putProduct ${chosen.cart.id} ll_ticket_weekend 10`]);
  });

  it("answers null and forgets the id when the remembered cart is gone", async () => {
    cartIds.set(slug, "00000000-0000-4000-8000-999999999999");
    expect(await Effect.runPromise(new GetCurrentCart(cartApi, cartIds).execute({ slug, context }))).toBeNull();
    expect(cartIds.get(slug)).toBeNull();
  });

  it("answers a timed-out remembered cart once and forgets it, so the next change starts a new cart (spec §2 Route guards)", async () => {
    const first = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    cartApi.carts.set(first.id, { ...first, timeout: 0, products: {} });
    const seen = await Effect.runPromise(new GetCurrentCart(cartApi, cartIds).execute({ slug, context }));
    expect(seen).toMatchObject({ id: first.id, timeout: 0 });
    expect(cartIds.get(slug)).toBeNull();
    expect(await Effect.runPromise(new GetCurrentCart(cartApi, cartIds).execute({ slug, context }))).toBeNull();
    const next = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    expect(next.id).not.toBe(first.id);
    expect(next.products).toEqual({ ll_ticket_weekend: 2 });
  });

  it("keeps a confirmed cart (timeout 0, nothing left to run out) remembered", async () => {
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    cartApi.carts.set(cart.id, { ...cart, status: "confirmed", timeout: 0 });
    expect(await Effect.runPromise(new GetCurrentCart(cartApi, cartIds).execute({ slug, context }))).toMatchObject({ status: "confirmed" });
    expect(cartIds.get(slug)).toBe(cart.id);
  });

  it("loads the cart a deep link names instead of the remembered one and remembers it (spec §2 deep-link cart)", async () => {
    const own = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    cartIds.clear(slug);
    const linked = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 3 }));
    cartIds.set(slug, own.id);
    const seen = await Effect.runPromise(new GetCurrentCart(cartApi, cartIds).execute({ slug, context, deepLinkCartId: linked.id }));
    expect(seen).toMatchObject({ id: linked.id, products: { ll_ticket_weekend: 3 } });
    expect(cartIds.get(slug)).toBe(linked.id);
  });

  it("never remembers a deep-link cart the server refuses, nor forgets the visitor's own for it", async () => {
    const own = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    const error = await Effect.runPromise(Effect.flip(new GetCurrentCart(cartApi, cartIds).execute({ slug, context, deepLinkCartId: "00000000-0000-4000-8000-999999999999" })));
    expect(error).toMatchObject({ _tag: "ShopApiError", status: 404 });
    expect(cartIds.get(slug)).toBe(own.id);
  });

  it("refuses details and payment without a cart (NoCartError)", async () => {
    const details = await Effect.runPromise(Effect.flip(new SubmitCheckoutDetails(cartApi, cartIds).execute({ slug, context, details: DETAILS as CartDetails })));
    expect(details).toBeInstanceOf(NoCartError);
    const pay = await Effect.runPromise(Effect.flip(new StartPayment(cartApi, cartIds).execute({ slug, context, paymentMethod: "ideal", origin: "https://shop.example", locale: "en" })));
    expect(pay).toBeInstanceOf(NoCartError);
  });

  it("sends details, then starts the payment returning to /{slug}/paymentstatus on the page origin, in the visitor's language", async () => {
    await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    const cart = await Effect.runPromise(new SubmitCheckoutDetails(cartApi, cartIds).execute({ slug, context, details: DETAILS as CartDetails }));
    expect(cart.order?.availablePaymentMethods).toEqual([{ name: "iDEAL", uid: "ideal" }]);
    const uri = await Effect.runPromise(new StartPayment(cartApi, cartIds).execute({ slug, context, paymentMethod: "ideal", origin: "https://shop.example", locale: "nl" }));
    expect(uri).toBe(`https://pay.example/${cart.id}`);
    // The visitor's language goes with the order: its mails are written in it.
    expect(cartApi.calls).toContain(`createOrder ${cart.id} ideal https://shop.example/${slug}/paymentstatus nl`);
  });

  it("returns a cart addressed with a cart token to the status page with that token, so the page can read it back (spec §6)", async () => {
    const tokened = { ...context, cartToken: "ct demo/1" };
    await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context: tokened, productId: "ll_ticket_weekend", quantity: 1 }));
    const cart = await Effect.runPromise(new SubmitCheckoutDetails(cartApi, cartIds).execute({ slug, context: tokened, details: DETAILS as CartDetails }));
    await Effect.runPromise(new StartPayment(cartApi, cartIds).execute({ slug, context: tokened, paymentMethod: "ideal", origin: "https://shop.example", locale: "en" }));
    expect(cartApi.calls).toContain(`createOrder ${cart.id} ideal https://shop.example/${slug}/paymentstatus?cartToken=ct+demo%2F1 en`);
  });

  it("turns a refused order whose checkoutErrors raise a modal into that catalogue error (8000 occupants, 8001 max orders)", async () => {
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    const pay = () => Effect.runPromise(Effect.flip(new StartPayment(cartApi, cartIds).execute({ slug, context, paymentMethod: "ideal", origin: "https://shop.example", locale: "en" })));
    const occupants = { code: "validation.travel.occupants.does.not.equal.number.entrance.tickets", message: "Rooms for 2, 1 ticket." };
    cartApi.carts.set(cart.id, { ...cart, checkoutErrors: [occupants, { code: "other", message: "Another reason." }] });
    expect(await pay()).toMatchObject({ _tag: "CatalogueError", code: 8000, messages: ["Rooms for 2, 1 ticket.", "Another reason."] });
    cartApi.carts.set(cart.id, { ...cart, checkoutErrors: [{ code: "validation.max.orders.per.account", message: "One order per account." }] });
    expect(await pay()).toMatchObject({ _tag: "CatalogueError", code: 8001, messages: ["One order per account."] });
  });

  it("keeps a refused order without a modal as the ShopApiError with its code and checkoutErrors", async () => {
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 1 }));
    const empty = { code: "checkout.cart.empty", message: "The cart has nothing to order." };
    cartApi.carts.set(cart.id, { ...cart, checkoutErrors: [empty] });
    const error = await Effect.runPromise(Effect.flip(new StartPayment(cartApi, cartIds).execute({ slug, context, paymentMethod: "ideal", origin: "https://shop.example", locale: "en" })));
    expect(error).toEqual(new ShopApiError({ status: 409, code: "checkout.not.allowed", message: empty.message, checkoutErrors: [empty] }));
  });

  it("forgets a confirmed cart after the payment returned", async () => {
    const cart = await Effect.runPromise(new ChangeProductQuantity(cartApi, cartIds).execute({ slug, context, productId: "ll_ticket_weekend", quantity: 2 }));
    cartApi.carts.set(cart.id, { ...cart, status: "confirmed" });
    const paid = await Effect.runPromise(new GetPaidCart(cartApi, cartIds).execute({ slug, context, cartId: cart.id }));
    expect(paid.status).toBe("confirmed");
    expect(cartIds.get(slug)).toBeNull();
  });
});

describe("LoadShop", () => {
  const shopApi = (config = aShopConfig()) => new InMemoryShopApi([aShopSummary()], { [slug]: config }, { [slug]: [aProduct()] });
  const anonymous = () => new ResolveUserToken(new InMemorySingleSignOn(), new InMemoryIdTokenStore());

  it("finds the shop by slug and loads its configuration with its namespace and token", async () => {
    const api = shopApi();
    const shop = await Effect.runPromise(new LoadShop(api, anonymous()).execute({ slug }));
    expect(shop.context).toEqual(context);
    expect(shop.config.maxTicketAmount).toBe(10);
    expect(api.calls).toEqual(["listShops", "getShop"]);
  });

  it("adds the previous-id-token as userToken and the shop's policy id to the context (x-user-token, x-policy-id)", async () => {
    const base = aShopConfig();
    const api = shopApi({ ...base, shopSettings: { ...base.shopSettings, policyId: "policy-7" } });
    const resolve = new ResolveUserToken(new InMemorySingleSignOn(), new InMemoryIdTokenStore("id.token.previous"));
    const shop = await Effect.runPromise(new LoadShop(api, resolve).execute({ slug }));
    expect(shop.context).toEqual({ ...context, userToken: "id.token.previous", policyId: "policy-7" });
  });

  it("prefers the logged-in single sign-on user's id token over the cookie", async () => {
    const sso = new InMemorySingleSignOn();
    sso.user = SSO_USER;
    const shop = await Effect.runPromise(new LoadShop(shopApi(), new ResolveUserToken(sso, new InMemoryIdTokenStore("old"))).execute({ slug }));
    expect(shop.context.userToken).toBe(SSO_USER.idToken);
    expect(shop.context.policyId).toBeUndefined();
  });

  it("fails with ShopNotFoundError for an unknown slug without calling GET /shop", async () => {
    const api = shopApi();
    const error = await Effect.runPromise(Effect.flip(new LoadShop(api, anonymous()).execute({ slug: "no-such-shop" })));
    expect(error).toBeInstanceOf(ShopNotFoundError);
    expect(api.calls).toEqual(["listShops"]);
  });
});

describe("ChooseLocale", () => {
  it("prefers the locale cookie, then the browser language, else en", () => {
    expect(new ChooseLocale(new InMemoryLocaleStore("es", ["nl-NL"])).execute()).toBe("es");
    expect(new ChooseLocale(new InMemoryLocaleStore(null, ["fr-FR", "nl-BE"])).execute()).toBe("nl");
    expect(new ChooseLocale(new InMemoryLocaleStore("xx", ["fr"])).execute()).toBe("en");
  });

});

describe("ForgetCart", () => {
  it("forgets the shop's cart id, and with a cartId only when that is the one remembered", () => {
    const ids = new InMemoryCartIdStore();
    ids.set("lowlands-lights", "cart-new");
    ids.set("pinkpop", "cart-p");
    new ForgetCart(ids).execute({ slug: "lowlands-lights", cartId: "cart-expired" });
    expect(ids.get("lowlands-lights")).toBe("cart-new");
    new ForgetCart(ids).execute({ slug: "lowlands-lights", cartId: "cart-new" });
    expect(ids.get("lowlands-lights")).toBeNull();
    new ForgetCart(ids).execute({ slug: "pinkpop" });
    expect(ids.get("pinkpop")).toBeNull();
  });
});

describe("SwitchLocale", () => {
  it("stores the chosen locale in the cookie, which ChooseLocale then starts with", () => {
    const store = new InMemoryLocaleStore(null, ["es-ES"]);
    new SwitchLocale(store).execute({ locale: "nl" });
    expect(store.cookie).toBe("nl");
    expect(new ChooseLocale(store).execute()).toBe("nl");
  });
});

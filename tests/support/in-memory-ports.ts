import { Effect } from "effect";
import { type ApiFailure, ShopApiError } from "../../application/errors.ts";
import type { CartApi } from "../../application/ports/cart-api.port.ts";
import type { CartIdStore } from "../../application/ports/cart-id-store.port.ts";
import type { LocaleStore } from "../../application/ports/locale-store.port.ts";
import type { ShopApi } from "../../application/ports/shop-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { Cart, CartDetails, CreateOrder, OrderCreated, PutCartProduct } from "../../domain/cart.schema.ts";
import { type Cents } from "../../domain/money.ts";
import { priceBasket } from "../../domain/pricing.ts";
import { DEFAULT_MAX_HOLD_EXTENSIONS, extendHold, holdExtensionsLeft } from "../../domain/hold-extension.ts";
import { checkTicketQuantity, ticketCap, ticketsInCart } from "../../domain/quantities.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopConfig, ShopSummary } from "../../domain/shop.schema.ts";

/** In-memory ShopApi with the contract's behaviour: a wrong token answers 401 shop.token.invalid. */
export class InMemoryShopApi implements ShopApi {
  readonly calls: string[] = [];
  constructor(
    readonly shops: ReadonlyArray<ShopSummary>,
    readonly configs: Readonly<Record<string, ShopConfig>>,
    readonly products: Readonly<Record<string, ReadonlyArray<Product>>>,
  ) {}

  private authorised(context: ShopContext): Effect.Effect<ShopSummary, ApiFailure> {
    const shop = this.shops.find((s) => s.apiNamespace === context.apiNamespace && s.shopToken === context.shopToken);
    return shop ? Effect.succeed(shop) : Effect.fail(new ShopApiError({ status: 401, code: "shop.token.invalid", message: "The shop token is not valid for this event." }));
  }

  listShops() {
    this.calls.push("listShops");
    return Effect.succeed(this.shops);
  }

  getShop(context: ShopContext) {
    this.calls.push("getShop");
    return this.authorised(context).pipe(Effect.map((s) => this.configs[s.slug]!));
  }

  getProducts(context: ShopContext) {
    this.calls.push("getProducts");
    return this.authorised(context).pipe(Effect.map((s) => this.products[s.slug] ?? []));
  }

  /** The slugs of the shops closed to every caller (a test sets them). */
  readonly closedSlugs = new Set<string>();

  getAccess(context: ShopContext) {
    this.calls.push("getAccess");
    return this.authorised(context).pipe(Effect.map((s) => ({ closed: this.closedSlugs.has(s.slug) })));
  }
}

/** In-memory CartApi obeying the contract: 404 cart.not.found, 404 5001 unknown product, 409 5000 sold out, 422 5004 over maxTicketAmount; totals from domain priceBasket. */
export class InMemoryCartApi implements CartApi {
  readonly carts = new Map<string, Cart>();
  readonly calls: string[] = [];
  private next = 1;
  constructor(
    readonly products: ReadonlyArray<Product>,
    readonly maxTicketAmount = 10,
    readonly timeoutSeconds = 900,
    readonly maxHoldExtensions = DEFAULT_MAX_HOLD_EXTENSIONS,
  ) {}
  /** Extensions used per cart id (domain extendHold's count). */
  readonly holdExtensions = new Map<string, number>();

  private priced(cart: Cart, products: Record<string, number>): Cart {
    const basket = priceBasket(this.products, products, { showDetailedServiceFees: true, orderServiceFee: 0 as Cents });
    return { ...cart, products, totalAmount: basket.total, totalAmountExcludingServiceCosts: basket.totalExcludingServiceCosts, checkoutAllowed: basket.itemCount > 0 };
  }

  private find(cartId: string): Effect.Effect<Cart, ApiFailure> {
    const cart = this.carts.get(cartId);
    return cart ? Effect.succeed(cart) : Effect.fail(new ShopApiError({ status: 404, code: "cart.not.found", message: "This cart does not exist." }));
  }

  createCart(_context: ShopContext) {
    return Effect.suspend(() => this.create());
  }

  private create(): Effect.Effect<Cart> {
    this.calls.push("createCart");
    const id = `00000000-0000-4000-8000-${String(this.next++).padStart(12, "0")}`;
    const cart: Cart = {
      id, status: "shopping", timeout: this.timeoutSeconds, products: {}, totalAmount: 0 as Cents, totalAmountExcludingServiceCosts: 0 as Cents,
      checkoutAllowed: false, checkoutErrors: [], order: null,
    };
    this.carts.set(id, cart);
    return Effect.succeed(cart);
  }

  getCart(_context: ShopContext, cartId: string) {
    this.calls.push(`getCart ${cartId}`);
    return this.find(cartId);
  }

  putProduct(_context: ShopContext, cartId: string, change: PutCartProduct) {
    this.calls.push(`putProduct ${cartId} ${change.productId} ${change.quantity}`);
    return this.find(cartId).pipe(
      Effect.flatMap((cart) => {
        const product = this.products.find((p) => p.id === change.productId);
        if (!product) return Effect.fail(new ShopApiError({ status: 404, code: "5001", message: "This product could not be found." }));
        const products = { ...cart.products, [change.productId]: change.quantity };
        if (change.quantity === 0) delete products[change.productId];
        const tickets = ticketsInCart(this.products, products);
        if (product.type === "ticket" && checkTicketQuantity(tickets, ticketCap(this.maxTicketAmount, product.maxQuantity))._tag === "OverLimit") {
          return Effect.fail(new ShopApiError({ status: 422, code: "5004", message: `You can order at most ${this.maxTicketAmount} tickets.` }));
        }
        if (change.quantity > (cart.products[change.productId] ?? 0) && (product.soldOut || product.stock < change.quantity)) {
          return Effect.fail(new ShopApiError({ status: 409, code: "5000", message: "This product is sold out." }));
        }
        const next = this.priced(cart, products);
        this.carts.set(cartId, next);
        return Effect.succeed(next);
      }),
    );
  }

  putDetails(_context: ShopContext, cartId: string, _details: CartDetails) {
    this.calls.push(`putDetails ${cartId}`);
    return this.find(cartId).pipe(
      Effect.map((cart) => {
        const next: Cart = { ...cart, order: { paymentUri: null, availablePaymentMethods: [{ name: "iDEAL", uid: "ideal" }] } };
        this.carts.set(cartId, next);
        return next;
      }),
    );
  }

  /** Carts given back by their account (releaseOwner), in call order. */
  readonly released: string[] = [];

  releaseOwner(_context: ShopContext, cartId: string) {
    this.calls.push(`releaseOwner ${cartId}`);
    return this.find(cartId).pipe(
      Effect.flatMap((cart) => {
        if (cart.status !== "shopping") return Effect.fail(new ShopApiError({ status: 409, code: "cart.not.shopping", message: "This cart can no longer be changed." }));
        this.released.push(cartId);
        return Effect.succeed(cart);
      }),
    );
  }

  extendHold(_context: ShopContext, cartId: string) {
    this.calls.push(`extendHold ${cartId}`);
    return this.find(cartId).pipe(
      Effect.flatMap((cart) => {
        const used = this.holdExtensions.get(cartId) ?? 0;
        const outcome = extendHold({ status: cart.status, endsAtMs: cart.timeout * 1000, extensionsUsed: used }, 0, { maxExtensions: this.maxHoldExtensions, cartTimeoutSeconds: this.timeoutSeconds });
        if (outcome._tag === "Expired") return Effect.fail(new ShopApiError({ status: 409, code: "cart.expired", message: "This cart has expired." }));
        if (outcome._tag === "NotShopping") return Effect.fail(new ShopApiError({ status: 409, code: "cart.not.shopping", message: "This cart can no longer be changed." }));
        if (outcome._tag === "UsedUp") return Effect.fail(new ShopApiError({ status: 409, code: "cart.extensions.used.up", message: "This cart's time cannot be extended again." }));
        if (outcome._tag === "AtBound") return Effect.fail(new ShopApiError({ status: 409, code: "cart.hold.limit.reached", message: "This cart is held as long as this shop allows." }));
        this.holdExtensions.set(cartId, outcome.extensionsUsed);
        const next: Cart = { ...cart, timeout: outcome.endsAtMs / 1000, holdExtensionsLeft: holdExtensionsLeft(outcome.extensionsUsed, this.maxHoldExtensions) };
        this.carts.set(cartId, next);
        return Effect.succeed(next);
      }),
    );
  }

  createOrder(_context: ShopContext, cartId: string, order: CreateOrder) {
    this.calls.push(`createOrder ${cartId} ${order.paymentMethod} ${order.redirectUri}${order.locale ? ` ${order.locale}` : ""}`);
    return this.find(cartId).pipe(
      // As the server refuses an order whose cart has checkoutErrors: 409 checkout.not.allowed with them. spec §7 orders.
      Effect.filterOrFail(
        (cart) => cart.checkoutErrors.length === 0,
        (cart) => new ShopApiError({ status: 409, code: "checkout.not.allowed", message: cart.checkoutErrors.map((e) => e.message).join(" "), checkoutErrors: cart.checkoutErrors }),
      ),
      Effect.map((cart): OrderCreated => {
        this.carts.set(cartId, { ...cart, status: "in_payment" });
        return { redirectUri: `https://pay.example/${cartId}` };
      }),
    );
  }
}

/** In-memory CartIdStore (a Map per slug). */
export class InMemoryCartIdStore implements CartIdStore {
  readonly ids = new Map<string, string>();
  get(slug: string) {
    return this.ids.get(slug) ?? null;
  }
  set(slug: string, cartId: string) {
    this.ids.set(slug, cartId);
  }
  clear(slug: string) {
    this.ids.delete(slug);
  }
}

/** In-memory LocaleStore with a settable cookie and browser languages. */
export class InMemoryLocaleStore implements LocaleStore {
  constructor(public cookie: string | null = null, public languages: ReadonlyArray<string> = ["en-GB"]) {}
  getStoredLocale() {
    return this.cookie;
  }
  storeLocale(locale: string) {
    this.cookie = locale;
  }
  browserLanguages() {
    return this.languages;
  }
}

import { createHash, randomUUID } from "node:crypto";
import { isUuid } from "../../domain/uuid.ts";
import { and, eq } from "drizzle-orm";
import { type CartDetails, type CartEncoded, type CreateOrder, type PutCartProduct } from "../../domain/cart.schema.ts";
import { isCartChangeable } from "../../domain/cart.ts";
import { clientHoldCap, extendHold, maxHoldExtensions, maxHoldSeconds } from "../../domain/hold-extension.ts";
import { cartTimeoutSecondsOf, saleOf } from "../../domain/sale-mode.ts";
import { checkTicketQuantity, ticketCap, ticketsInCart } from "../../domain/quantities.ts";
import { orderRefusals } from "../../domain/checkout-rules.ts";
import { validateCartDetails } from "../../domain/checkout-validation.ts";
import type { Product } from "../../domain/product.schema.ts";
import type { Db, Tx } from "../db/database.ts";
import { carts, idempotencyKeys, payments } from "../db/schema.ts";
import { invalidRequest, unprocessableRequest } from "../failure.ts";
import {
  cartExpired,
  cartNotFound,
  cartNotShopping,
  checkoutRefused,
  clientHoldOverLimit,
  holdExtensionsUsedUp,
  holdLimitReached,
  idempotencyKeyInUse,
  idempotencyKeyReused,
  paymentProviderFailed,
  paymentProviderUnavailable,
  productNotFound,
  quantityOverLimit,
  soldOut,
} from "./cart.errors.ts";
import { lostRace, type CartCaller, type CartGuard } from "./cart-guard.ts";
import { PaymentProviderFailure, type CreatedPayment, type PaymentProvider, type PaymentProviderRegistry } from "../payments/payment-provider.port.ts";
import { toProduct, type ShopRecord } from "../shop/shop-store.ts";
import { makeCartBatches } from "./cart-batches.ts";
import { cartRow, isExpired, readCartContents, type CartContents, type CartRow } from "./cart-store.ts";
import { changeCartLinesWithinClientCaps } from "./client-holds.ts";
import { cartView, checkoutState, type KnownCart } from "./cart-view.ts";
import { holdCartVoucherForPayment } from "../vouchers/voucher-holds.ts";
import { claimQueueAdmission, type QueueAdmission } from "../queue/queue-tokens.ts";
import { assertUpgradeOrderable } from "../orders/upgradable-orders.ts";
import { oneMembershipPerAccount } from "../orders/orders.errors.ts";
import { membershipLineRefused } from "../../domain/account-gates.ts";

/** What the cart service needs: database, injected clock, cart timeout in seconds, payment providers, the server's one cart guard. */
export interface CartServiceDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly cartTimeoutSeconds: number;
  readonly providers: PaymentProviderRegistry;
  readonly guard: CartGuard;
}

/** Input of createOrder: the decoded body, the origin this server is reached under (for the provider's page) and the Idempotency-Key header, if sent. */
export interface OrderInput {
  readonly body: CreateOrder;
  readonly origin: string;
  readonly idempotencyKey?: string | undefined;
}

/** A started order: the provider's page the browser goes to, and replayed = true when an Idempotency-Key repeated a stored order. spec §7 orders. */
export interface OrderAnswer {
  readonly redirectUri: string;
  readonly replayed: boolean;
}

/** The redirectUri of a stored idempotent answer (`{redirectUri}`, or the wire body `{data:{redirectUri}}` stored before). */
const storedRedirectUri = (response: unknown): string => {
  const stored = response as { redirectUri?: unknown; data?: { redirectUri?: unknown } } | null;
  return String(stored?.redirectUri ?? stored?.data?.redirectUri ?? "");
};

/** sha256 (hex) of what an order request asks for: cart id, payment method and redirectUri (the idempotency request hash). */
export const orderRequestHash = (cartId: string, body: CreateOrder): string =>
  createHash("sha256").update(JSON.stringify([cartId, body.paymentMethod, body.redirectUri])).digest("hex");

/** What POST /carts stores besides the new cart: the payment queue admission (queue on), cart token and add-on order reference (add-on carts). spec §6, §7. */
export interface NewCartOptions {
  /** The verified paymentQueueToken of a queue shop (new-cart.ts): used for this cart once it is made, in the same transaction. spec §7. */
  readonly queueAdmission?: QueueAdmission | undefined;
  readonly cartToken?: string | undefined;
  readonly addOnReference?: string | undefined;
  /** Order id of the upgradable order an upgrade cart upgrades (x-upgradable-order-id, checked by the route). spec §3 upgradableOrder, §6. */
  readonly upgradeOrderId?: string | undefined;
  /** The account the cart belongs to (server/orders/account-gates.ts newCartOwner); null or absent for an anonymous cart. spec §6. */
  readonly ownerIssuer?: string | null;
  readonly ownerSub?: string | null;
  /** The client holding the cart (client-holds.ts holderKey: the account, else the address, hashed). */
  readonly holder?: string | undefined;
}

/** What a read finds for an id that is no cart (not a UUID). */
const NO_CART: CartContents = { cart: undefined, lines: {}, products: new Map(), hotels: [] };

/** The shop's products of `ids` among the rows of `contents` (ids without a row left out); `known` is used for its own id instead of decoding its row again. */
const lineProductsOf = (contents: CartContents, ids: ReadonlyArray<string>, known?: Product): Product[] =>
  ids.flatMap((id) => {
    const row = contents.products.get(id);
    return row ? [id === known?.id ? known : toProduct(row)] : [];
  });

/** What a view of `cart` needs (its lines, their products, its hotel bookings), read in ONE statement instead of three. */
const contentsOf = async (on: Db | Tx, shop: ShopRecord, cart: CartRow): Promise<KnownCart> => {
  const [contents = NO_CART] = await readCartContents(on, [{ shopSlug: shop.slug, cartId: cart.id }]);
  return { lines: contents.lines, lineProducts: lineProductsOf(contents, Object.keys(contents.lines)), hotels: contents.hotels };
};

/** Units of membership products in the cart's lines other than `productId`. */
const otherMembershipUnits = (contents: CartContents, productId: string): number =>
  Object.entries(contents.lines).reduce(
    (n, [id, quantity]) => n + (id !== productId && (contents.products.get(id)?.data as { type?: unknown } | undefined)?.type === "membership" ? quantity : 0),
    0,
  );

/** The cart's lines with product `productId` set to `quantity` units; quantity 0 removes the line (spec §5 Quantities). */
const withLineQuantity = (lines: Readonly<Record<string, number>>, productId: string, quantity: number): Record<string, number> => {
  const next: Record<string, number> = { ...lines, [productId]: quantity };
  if (quantity === 0) delete next[productId];
  return next;
};

/** A decided line change: the difference to the line's quantity (units; 0: nothing to write), what the cart view knows after it, and the product's per-client cap (domain clientHoldCap). */
export interface LineChangePlan {
  readonly delta: number;
  readonly known: KnownCart;
  readonly clientCap?: number | undefined;
}

/**
 * Decides a line change of PUT /carts/{id}/products on a cart's contents with the domain rules: ProductNotFound,
 * SoldOut, QuantityOverLimit or OneMembershipPerAccount when refused. spec §5 Quantities, §3 upgradableOrder.
 */
export const planLineChange = (shop: ShopRecord, contents: CartContents, body: PutCartProduct): LineChangePlan => {
  const { lines, products: rows, hotels } = contents;
  const row = rows.get(body.productId);
  if (!row) throw productNotFound();
  const product = toProduct(row);
  // Upgrade products exist only for carts made in upgrade mode (spec §1, §3 upgradableOrder): elsewhere they are unknown.
  if (product.type === "upgrade" && body.quantity > 0 && (contents.cart?.upgradeOrderId ?? null) === null) throw productNotFound();
  const productsOf = (ids: ReadonlyArray<string>): Product[] => lineProductsOf(contents, ids, product);
  const delta = body.quantity - (lines[product.id] ?? 0);
  if (delta === 0) return { delta, known: { lines, lineProducts: productsOf(Object.keys(lines)), hotels } };
  const next = withLineQuantity(lines, product.id, body.quantity);
  const lineProducts = productsOf(Object.keys(next));
  if (delta > 0) {
    // One membership per cart, one at a time (domain membershipLineRefused, spec §6 3005); the account part is the route's.
    if (product.type === "membership" && membershipLineRefused({ quantity: body.quantity, otherLinesInCart: otherMembershipUnits(contents, product.id) })) {
      throw oneMembershipPerAccount();
    }
    if ((row.data as { soldOut?: unknown }).soldOut === true || row.stock < delta) throw soldOut();
    if (product.type === "ticket") {
      const cap = ticketCap(shop.config.maxTicketAmount, product.maxQuantity);
      const tickets = ticketsInCart(lineProducts, next);
      if (checkTicketQuantity(tickets, cap)._tag === "OverLimit") throw quantityOverLimit(cap);
    } else if (product.maxQuantity !== undefined && body.quantity > product.maxQuantity) {
      throw quantityOverLimit(product.maxQuantity);
    }
  }
  return { delta, known: { lines: next, lineProducts, hotels }, clientCap: clientHoldCap(product, shop.config.maxTicketAmount) };
};

/** Cart use cases of the reference Shop API (spec §7 carts calls); every method throws a tagged failure (cart.errors.ts and the ones it names) on expected failures. */
export type CartService = ReturnType<typeof makeCartService>;

/** Builds the cart service over `deps`. All changes run in one transaction with the cart row locked. */
export const makeCartService = (deps: CartServiceDeps) => {
  const { db, clock } = deps;
  const batches = makeCartBatches(db);
  // A pre-registration cart is a wishlist with a time limit of its own (spec §4, §9): the sale rules' cart timeout.
  const timeoutOf = (shop: ShopRecord) => cartTimeoutSecondsOf(saleOf(shop.config).rules, deps.cartTimeoutSeconds);
  const expiry = (shop: ShopRecord, now: Date) => new Date(now.getTime() + timeoutOf(shop) * 1000);
  const providerOf = (shop: ShopRecord): PaymentProvider | undefined => deps.providers.get(shop.config.shopInit.paymentProvider);
  const requireProvider = (shop: ShopRecord): PaymentProvider => {
    const provider = providerOf(shop);
    if (!provider) {
      throw paymentProviderUnavailable(shop.config.shopInit.paymentProvider);
    }
    return provider;
  };

  const { guard } = deps;

  /** The wire cart of a row the caller holds (read again only by cartView's own queries; `known` skips what is known). */
  const view = (tx: Tx | Db, shop: ShopRecord, cart: CartRow, now: Date, known: KnownCart = {}): Promise<CartEncoded> =>
    cartView(tx, shop, cart, providerOf(shop), now, known);

  return {
    /**
     * POST /carts: a new shopping cart expiring after the shop's cart timeout; uses up the payment queue token in the
     * same transaction (QueueTokenInvalid when another cart has it). spec §6, §7.
     */
    create: async (shop: ShopRecord, options: NewCartOptions = {}): Promise<CartEncoded> => {
      const now = clock();
      const cart: CartRow = {
        id: randomUUID(),
        shopSlug: shop.slug,
        status: "shopping",
        expiresAt: expiry(shop, now),
        details: null,
        createdAt: now,
        // However it is extended, ordered, canceled or failed, the cart holds stock until then at most.
        holdEndsAt: new Date(now.getTime() + maxHoldSeconds(shop.config, shop.holdBounds ?? {}, timeoutOf(shop)) * 1000),
        holder: options.holder ?? null,
        cartToken: options.cartToken ?? null,
        paymentQueueToken: options.queueAdmission?.tokenId ?? null,
        voucherCode: null,
        shippingCountry: null,
        addOnReference: options.addOnReference ?? null,
        upgradeOrderId: options.upgradeOrderId ?? null,
        version: 0,
        holdExtensions: 0,
        ownerIssuer: options.ownerIssuer ?? null,
        ownerSub: options.ownerSub ?? null,
      };
      const admission = options.queueAdmission;
      if (admission) {
        // The queue token and the cart it opens are written together: a refused claim makes no cart, a failed insert uses no token.
        await db.transaction(async (tx) => {
          await claimQueueAdmission(tx, admission, shop.slug, cart.id, now);
          await tx.insert(carts).values(cart);
        });
      } else {
        // Coalesced with the other carts created in this turn of the event loop (cart-batches.ts).
        await batches.insertCart(cart);
      }
      return view(db, shop, cart, now, { fresh: true });
    },

    /**
     * GET /carts/{id}: the cart, read without a lock and checked by the guard; an expired cart first gives its holds
     * back under the lock. CartNotFound, CartTokenInvalid, LoginRequired, CartOfAnotherAccount.
     */
    get: async (caller: CartCaller): Promise<CartEncoded> => {
      const { shop, cartId } = caller;
      const now = clock();
      const seen = isUuid(cartId) ? await batches.cartContents({ shopSlug: shop.slug, cartId }) : NO_CART;
      const cart = guard.checkRead(caller, seen.cart);
      if (!isExpired(cart, now)) {
        return view(db, shop, cart, now, { lines: seen.lines, lineProducts: lineProductsOf(seen, Object.keys(seen.lines)), hotels: seen.hotels });
      }
      return guard.readLocked(caller, (tx, locked, at) => view(tx, shop, locked, at));
    },

    /**
     * PUT /carts/{id}/products: sets a line's quantity (0 removes), holding or giving back stock; optimistic (one
     * version-guarded statement) first, the locked path when that cannot decide. spec §5 Quantities.
     */
    putProduct: async (caller: CartCaller, body: PutCartProduct): Promise<CartEncoded> => {
      const { shop, cartId } = caller;
      const line = { productId: body.productId, quantity: body.quantity };
      // Decides the change on `contents` of `cart` and prices the answer (reads of `on` only for what cartView lacks).
      const decide = async (on: Db | Tx, cart: CartRow, contents: CartContents, now: Date) => {
        const change = planLineChange(shop, contents, body);
        const answer = await view(on, shop, cart, now, change.known);
        return { answer, line: { cart, productId: body.productId, quantity: body.quantity, delta: change.delta, now, clientCap: change.clientCap } };
      };
      const now = clock();
      const seen = isUuid(cartId) ? await batches.cartContents({ shopSlug: shop.slug, cartId, productId: body.productId }) : NO_CART;
      // The guard's checks on the unlocked read; when it cannot admit the optimistic way, the locked write decides.
      if (await guard.admitsOptimistic(caller, seen.cart, line, now)) {
        const { answer, line: change } = await decide(db, seen.cart!, seen, now);
        if (change.delta === 0) return answer;
        // Coalesced with the other line changes of this turn: one statement and one product row update (cart-batches.ts).
        const outcome = await batches.changeLine(change);
        if (outcome === "done") return answer;
        if (outcome === "soldOut") throw soldOut();
        if (outcome === "overCap") throw clientHoldOverLimit(change.clientCap ?? 0);
      }
      return guard.write(
        caller,
        async (tx, cart, now) => {
          const [contents] = await readCartContents(tx, [{ shopSlug: shop.slug, cartId: cart.id, productId: body.productId }]);
          const { answer, line: change } = await decide(tx, cart, contents!, now);
          if (change.delta === 0) return answer;
          // Under the lock the version cannot move, so the guard holds; "changed" here means the statement lost a race
          // (deadlock, ...) and aborted the transaction: the guard runs it again from the start.
          const [outcome] = await changeCartLinesWithinClientCaps(tx, [change]);
          if (outcome === "soldOut") throw soldOut();
          if (outcome === "overCap") throw clientHoldOverLimit(change.clientCap ?? 0);
          if (outcome === "changed") throw lostRace();
          return answer;
        },
        { line },
      );
    },

    /**
     * POST /carts/{id}/extend: one more cart timeout from now, never past the cart's bounded end (domain extendHold,
     * WCAG 2.2.1); CartExpired, CartNotShopping, HoldExtensionsUsedUp, HoldLimitReached. spec §4 Countdown.
     */
    extendHold: (caller: CartCaller): Promise<CartEncoded> =>
      guard.write(caller, async (tx, cart, now) => {
        const { shop } = caller;
        const max = maxHoldExtensions(shop.config);
        const hold = { status: cart.status, endsAtMs: cart.expiresAt.getTime(), extensionsUsed: cart.holdExtensions };
        const bound = cart.holdEndsAt === null ? {} : { holdEndsAtMs: cart.holdEndsAt.getTime() };
        const outcome = extendHold(hold, now.getTime(), { maxExtensions: max, cartTimeoutSeconds: timeoutOf(shop), ...bound });
        if (outcome._tag === "Expired") throw cartExpired();
        if (outcome._tag === "NotShopping") throw cartNotShopping();
        if (outcome._tag === "UsedUp") throw holdExtensionsUsedUp(max);
        if (outcome._tag === "AtBound") throw holdLimitReached();
        const extended = { expiresAt: new Date(outcome.endsAtMs), holdExtensions: outcome.extensionsUsed };
        await tx.update(carts).set(extended).where(eq(carts.id, cart.id));
        return view(tx, shop, { ...cart, ...extended }, now, await contentsOf(tx, shop, cart));
      }),

    /** DELETE /carts/{id}/owner: the cart's account gives it back (the guard's releaseOwner) for the account logging in next. spec §3 Checkout form, §6. */
    releaseOwner: (caller: CartCaller): Promise<CartEncoded> => guard.releaseOwner(caller, (tx, cart, now) => view(tx, caller.shop, cart, now)),

    /** PUT /carts/{id}: validates (RequestInvalid naming the fields) and stores the checkout details; the cart's order becomes {paymentUri: null, methods}. spec §5, §7. */
    putDetails: (caller: CartCaller, details: CartDetails): Promise<CartEncoded> => {
      const { shop } = caller;
      requireProvider(shop);
      // The form's own rules (domain/checkout-validation.ts), bounded: RequestInvalid naming every failing field.
      const invalid = Object.entries(
        validateCartDetails(details, {
          genderOptional: false,
          paymentProvider: shop.config.shopInit.paymentProvider,
          ageRequirements: shop.config.shopSettings.fields.ageRequirements ?? null,
          festivalStart: shop.config.festivalData.dateStart,
          now: clock(),
        }),
      );
      if (invalid.length > 0) throw invalidRequest(`Invalid details: ${invalid.map(([field, key]) => `${field}: ${key}`).join(", ")}`);
      return guard.write(caller, async (tx, cart, now) => {
        await tx.update(carts).set({ details }).where(eq(carts.id, cart.id));
        return view(tx, shop, { ...cart, details }, now, await contentsOf(tx, shop, cart));
      });
    },

    /**
     * A write of a route on the shopping cart (vouchers, shipping) under the guard: `write` in the cart's transaction,
     * then `answer(cart view after the write, what write returned)`, read in the same transaction. spec §4, §7.
     */
    write: <W, A>(caller: CartCaller, write: (tx: Tx, cart: CartRow, now: Date) => Promise<W>, answer: (cart: CartEncoded, written: W) => A): Promise<A> =>
      guard.write(caller, async (tx, cart, now) => {
        const written = await write(tx, cart, now);
        return answer(await view(tx, caller.shop, (await cartRow(tx, cart.id)) ?? cart, now), written);
      }),

    /**
     * POST /carts/{id}/orders: starts a payment of the priced total with the shop's provider and puts the cart in
     * payment (CheckoutRefused, PaymentProviderFailed, upgrade failures otherwise); an Idempotency-Key replays its first
     * order. Answers the provider's page. spec §7 orders, docs/payments.md.
     */
    createOrder: async (caller: CartCaller, input: OrderInput): Promise<OrderAnswer> => {
      const { shop, cartId } = caller;
      const provider = requireProvider(shop);
      if (!provider.availablePaymentMethods().some((m) => m.uid === input.body.paymentMethod)) {
        throw unprocessableRequest(`Invalid order: paymentMethod: '${input.body.paymentMethod}' is not offered`);
      }
      const key = input.idempotencyKey;
      const requestHash = orderRequestHash(cartId, input.body);
      const paymentId = randomUUID();
      // With an Idempotency-Key, the key is claimed first in the guard's transaction: a stored answer is replayed.
      const claimKey = async (tx: Tx, now: Date): Promise<{ readonly answer: OrderAnswer } | undefined> => {
        if (key === undefined) return undefined;
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ shopSlug: shop.slug, key, cartId, requestHash, status: 0, response: {}, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length > 0) return undefined;
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.shopSlug, shop.slug), eq(idempotencyKeys.key, key)));
        if (!stored) throw idempotencyKeyInUse();
        if (stored.requestHash !== requestHash) throw idempotencyKeyReused();
        return { answer: { redirectUri: storedRedirectUri(stored.response), replayed: true } };
      };
      // An expired cart's release commits without the key claim, so a retry runs again.
      const giveKeyBack = async (tx: Tx) => {
        if (key !== undefined) await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.shopSlug, shop.slug), eq(idempotencyKeys.key, key)));
      };
      return guard.write(
        caller,
        async (tx, cart, now): Promise<OrderAnswer> => {
          // An upgrade is ordered once: UpgradeOrderProcessed or UpgradeInPaymentElsewhere when its upgradable order is processed or another of its carts is in payment.
          await assertUpgradeOrderable(tx, cart, now);
          // A single-use voucher is kept for this cart until the payment ends (VoucherUsed when another cart has
          // it), before pricing, so the amount has the discount exactly when the voucher is this cart's.
          await holdCartVoucherForPayment(tx, cart, now, expiry(shop, now));
          // The rule of checkoutAllowed plus the details (domain/checkout-rules.ts): CheckoutRefused with the reasons otherwise.
          const state = await checkoutState(tx, shop, cart, now, await contentsOf(tx, shop, cart));
          const refusals = orderRefusals({ ...state.facts, hasDetails: cart.details !== null });
          if (refusals.length > 0) throw checkoutRefused(refusals);
          const amount = state.totals.total;
          let created: CreatedPayment;
          try {
            created = await provider.createPayment({
              paymentId,
              cartId: cart.id,
              amount,
              method: input.body.paymentMethod,
              returnUrl: input.origin,
              expiresAt: expiry(shop, now),
            });
          } catch (error) {
            if (error instanceof PaymentProviderFailure) throw paymentProviderFailed();
            throw error;
          }
          await tx.insert(payments).values({
            id: paymentId,
            cartId: cart.id,
            provider: provider.name,
            method: input.body.paymentMethod,
            status: "open",
            amount,
            redirectUri: input.body.redirectUri,
            paymentUri: created.redirectUri,
            createdAt: now,
            providerReference: created.providerReference ?? null,
            locale: input.body.locale ?? null,
            // What the payment pays for: a success after the hold ended takes these lines again while stock allows.
            heldLines: state.lines,
            heldTravel: state.hotels.length > 0 || state.totals.hotel > 0,
          });
          await tx.update(carts).set({ status: "in_payment", expiresAt: expiry(shop, now) }).where(eq(carts.id, cart.id));
          const answer: OrderAnswer = { redirectUri: created.redirectUri, replayed: false };
          if (key !== undefined) {
            await tx
              .update(idempotencyKeys)
              .set({ response: { redirectUri: answer.redirectUri } })
              .where(and(eq(idempotencyKeys.shopSlug, shop.slug), eq(idempotencyKeys.key, key)));
          }
          return answer;
        },
        { order: true, beforeLock: claimKey, onExpired: giveKeyBack },
      );
    },
  };
};

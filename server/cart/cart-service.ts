import { createHash, randomUUID } from "node:crypto";
import { isUuid } from "../../domain/uuid.ts";
import { and, eq } from "drizzle-orm";
import { type CartDetails, type CartEncoded, type CreateOrder, type PutCartProduct } from "../../domain/cart.schema.ts";
import { isCartChangeable } from "../../domain/cart.ts";
import { extendHold, maxHoldExtensions } from "../../domain/hold-extension.ts";
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
  holdExtensionsUsedUp,
  idempotencyKeyInUse,
  idempotencyKeyReused,
  paymentProviderFailed,
  paymentProviderUnavailable,
  productNotFound,
  quantityOverLimit,
  soldOut,
} from "./cart.errors.ts";
import { lostRace, makeCartGuard, retryLostRaces } from "./cart-guard.ts";
import { PaymentProviderFailure, type CreatedPayment, type PaymentProvider, type PaymentProviderRegistry } from "../payments/payment-provider.port.ts";
import { toProduct, type ShopRecord } from "../shop/shop-store.ts";
import { checkCartToken } from "./cart-token.ts";
import { makeCartBatches } from "./cart-batches.ts";
import {
  cartProducts,
  changeCartLines,
  isExpired,
  lockCart,
  readCartContents,
  releaseHolds,
  type CartContents,
  type CartRow,
} from "./cart-store.ts";
import { cartView, checkoutState, type KnownCart } from "./cart-view.ts";
import { holdCartVoucherForPayment } from "../vouchers/voucher-holds.ts";
import { claimQueueAdmission, type QueueAdmission } from "../queue/queue-tokens.ts";
import { assertUpgradeOrderable } from "../orders/upgradable-orders.ts";
import { holdOrderAccount } from "../orders/account-gates.ts";
import { oneMembershipPerAccount } from "../orders/orders.errors.ts";
import { membershipLineRefused } from "../../domain/account-gates.ts";

/** What the cart service needs: database, injected clock, cart timeout in seconds, payment providers. */
export interface CartServiceDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly cartTimeoutSeconds: number;
  readonly providers: PaymentProviderRegistry;
}

/** Input of createOrder: the decoded body, the origin this server is reached under (for the provider's page) and the Idempotency-Key header, if sent. */
export interface OrderInput {
  readonly body: CreateOrder;
  readonly origin: string;
  readonly idempotencyKey?: string | undefined;
  /** The request's x-cart-token, if any (spec §6). */
  readonly cartToken?: string | undefined;
}

/** Answer of createOrder: HTTP status and body (`{data:{redirectUri}}`), replayed = true when an Idempotency-Key repeated a stored answer. */
export interface OrderAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly replayed: boolean;
}

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
}

/** The shop's products of `ids` among the rows of `contents` (ids without a row left out); `known` is used for its own id instead of decoding its row again. */
const lineProductsOf = (contents: CartContents, ids: ReadonlyArray<string>, known?: Product): Product[] =>
  ids.flatMap((id) => {
    const row = contents.products.get(id);
    return row ? [id === known?.id ? known : toProduct(row)] : [];
  });

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

/** A decided line change: the difference to the line's quantity (units; 0: nothing to write) and what the cart view knows after it. */
export interface LineChangePlan {
  readonly delta: number;
  readonly known: KnownCart;
}

/**
 * Decides PUT /carts/{id}/products on a cart's contents (rules from domain/): 404 5001 when the shop has no such
 * product, and for an increase 409 5000 when it is sold out or has fewer than `delta` units left and 422 5004 over the
 * ticket cap (maxTicketAmount, the product's maxQuantity) or a product's maxQuantity, 409 3005 for a membership above 1 or
 * beside another membership (one membership per account, spec §6); 404 5001 for an upgrade product in a
 * cart not made in upgrade mode. spec §5 Quantities, §3 upgradableOrder.
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
  return { delta, known: { lines: next, lineProducts, hotels } };
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

  const guard = makeCartGuard({ db, clock });
  /** Runs `change` on the locked, changeable cart (the cart guard, cart-guard.ts). */
  const withShoppingCart = <A>(shop: ShopRecord, cartId: string, cartToken: string | undefined, change: (tx: Tx, cart: CartRow, now: Date) => Promise<A>) =>
    guard({ shop, cartId, cartToken }, change);

  /** The wire cart of a row the caller holds (read again only by cartView's own queries; `known` skips what is known). */
  const view = (tx: Tx | Db, shop: ShopRecord, cart: CartRow, now: Date, known: KnownCart = {}): Promise<CartEncoded> =>
    cartView(tx, shop, cart, providerOf(shop), now, known);

  return {
    /**
     * POST /carts: a new shopping cart expiring the shop's cart timeout from now (cartTimeoutSecondsOf: the sale mode's
     * own in a pre-registration); `options` stores the payment queue token's id (used up in the transaction that makes the
     * cart: 403 queue.token.invalid when another cart has it) and,
     * for an add-on cart, its cart token and the previous order's reference (checked by the route). spec §6, §7.
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
     * GET /carts/{id}: the cart, read without a lock or transaction (one coalesced statement, cart-batches.ts); an
     * expired cart first gives its holds back under the cart lock. 404 cart.not.found, 403 cart.token.invalid.
     */
    get: async (shop: ShopRecord, cartId: string, cartToken: string | undefined): Promise<CartEncoded> => {
      if (!isUuid(cartId)) throw cartNotFound();
      const now = clock();
      const seen = await batches.cartContents({ shopSlug: shop.slug, cartId });
      if (!seen.cart || seen.cart.shopSlug !== shop.slug) throw cartNotFound();
      checkCartToken(seen.cart, cartToken);
      if (!isExpired(seen.cart, now)) {
        return view(db, shop, seen.cart, now, { lines: seen.lines, lineProducts: lineProductsOf(seen, Object.keys(seen.lines)), hotels: seen.hotels });
      }
      return retryLostRaces(() =>
        db.transaction(async (tx) => {
          const cart = await lockCart(tx, cartId);
          if (!cart || cart.shopSlug !== shop.slug) throw cartNotFound();
          if (!isExpired(cart, now)) return view(tx, shop, cart, now);
          await releaseHolds(tx, cart);
          const [released] = await tx.select().from(carts).where(eq(carts.id, cart.id));
          return view(tx, shop, released ?? cart, now);
        }),
      );
    },

    /**
     * PUT /carts/{id}/products: sets a line's quantity (0 removes), holding or giving back the stock difference.
     * 404 cart.not.found, 403 cart.token.invalid, 409 cart.expired / cart.not.shopping, 404 5001 unknown product, 409
     * 5000 sold out, 422 5004 over the cap. spec §5 Quantities, docs/shop-api.md Stock.
     * Optimistic first: the cart is read without a lock (coalesced with the other reads of this turn, cart-batches.ts),
     * the change decided and answered from that read, and written by ONE statement guarded by the cart's version
     * (changeCartLines, coalesced too), outside any transaction, so the product row (the hot spot of an on-sale
     * stampede) is locked only inside PostgreSQL. When the batch could not decide (the cart changed in between, expired
     * or left shopping, or a hold queued behind one that did not fit), the locked path decides.
     */
    putProduct: async (shop: ShopRecord, cartId: string, body: PutCartProduct, cartToken: string | undefined): Promise<CartEncoded> => {
      if (!isUuid(cartId)) throw cartNotFound();
      // Decides the change on `contents` of `cart` and prices the answer (reads of `on` only for what cartView lacks).
      const decide = async (on: Db | Tx, cart: CartRow, contents: CartContents, now: Date) => {
        const change = planLineChange(shop, contents, body);
        const answer = await view(on, shop, cart, now, change.known);
        return { answer, line: { cart, productId: body.productId, quantity: body.quantity, delta: change.delta, now } };
      };
      const now = clock();
      const seen = await batches.cartContents({ shopSlug: shop.slug, cartId, productId: body.productId });
      if (!seen.cart || seen.cart.shopSlug !== shop.slug) throw cartNotFound();
      checkCartToken(seen.cart, cartToken);
      if (isCartChangeable(seen.cart.status) && !isExpired(seen.cart, now)) {
        const { answer, line } = await decide(db, seen.cart, seen, now);
        if (line.delta === 0) return answer;
        // Coalesced with the other line changes of this turn: one statement and one product row update (cart-batches.ts).
        const outcome = await batches.changeLine(line);
        if (outcome === "done") return answer;
        if (outcome === "soldOut") throw soldOut();
      }
      return withShoppingCart(shop, cartId, cartToken, async (tx, cart, now) => {
        const [contents] = await readCartContents(tx, [{ shopSlug: shop.slug, cartId: cart.id, productId: body.productId }]);
        const { answer, line } = await decide(tx, cart, contents!, now);
        if (line.delta === 0) return answer;
        // Under the lock the version cannot move, so the guard holds; "changed" here means the statement lost a race
        // (deadlock, ...) and aborted the transaction: withShoppingCart runs it again from the start.
        const [outcome] = await changeCartLines(tx, [line]);
        if (outcome === "soldOut") throw soldOut();
        if (outcome === "changed") throw lostRace();
        return answer;
      });
    },

    /**
     * POST /carts/{id}/extend: gives the cart's hold one more cart timeout from now (domain extendHold: at most the
     * shop's maxHoldExtensions times, WCAG 2.2.1), under the cart guard; answers the cart with its new timeout and
     * holdExtensionsLeft. 404 cart.not.found, 403 cart.token.invalid, 409 cart.expired / cart.not.shopping (spec §4
     * Countdown: in payment the timer restarted already), 409 cart.extensions.used.up.
     */
    extendHold: (shop: ShopRecord, cartId: string, cartToken: string | undefined): Promise<CartEncoded> =>
      withShoppingCart(shop, cartId, cartToken, async (tx, cart, now) => {
        const max = maxHoldExtensions(shop.config);
        const hold = { status: cart.status, endsAtMs: cart.expiresAt.getTime(), extensionsUsed: cart.holdExtensions };
        const outcome = extendHold(hold, now.getTime(), { maxExtensions: max, cartTimeoutSeconds: timeoutOf(shop) });
        if (outcome._tag === "Expired") throw cartExpired();
        if (outcome._tag === "NotShopping") throw cartNotShopping();
        if (outcome._tag === "UsedUp") throw holdExtensionsUsedUp(max);
        const extended = { expiresAt: new Date(outcome.endsAtMs), holdExtensions: outcome.extensionsUsed };
        await tx.update(carts).set(extended).where(eq(carts.id, cart.id));
        return view(tx, shop, { ...cart, ...extended }, now);
      }),

    /** PUT /carts/{id}: validates (400 naming the fields) and stores the checkout details; the cart's order becomes {paymentUri: null, methods}. spec §5, §7. */
    putDetails: (shop: ShopRecord, cartId: string, details: CartDetails, cartToken: string | undefined): Promise<CartEncoded> => {
      requireProvider(shop);
      // The form's own rules (domain/checkout-validation.ts), bounded: 400 request.invalid naming every failing field.
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
      return withShoppingCart(shop, cartId, cartToken, async (tx, cart, now) => {
        await tx.update(carts).set({ details }).where(eq(carts.id, cart.id));
        return view(tx, shop, { ...cart, details }, now);
      });
    },

    /**
     * POST /carts/{id}/orders: refuses (409 checkout.not.allowed with the reasons as checkoutErrors) a cart that may not
     * order (domain/checkout-rules.ts orderRefusals: checkoutAllowed false, nothing but insurance, no details); else starts a payment for the priced total (cents) with the shop's provider, puts the
     * cart in_payment and restarts its expiry; answers 201 `{data:{redirectUri}}` (the provider's page). With an
     * Idempotency-Key the key is claimed (idempotency_keys primary key) in the SAME transaction as the payment, so
     * concurrent requests with one key create one payment: the others wait for it and replay its answer; the same
     * key with another cart or body answers 422 idempotency.key.reused. Only a 201 is stored (a failure rolls the
     * claim back, so a retry runs again). 422 on an unknown method, 502 payment.provider.failed when the
     * provider refuses (nothing changes); for an upgrade cart 409 4002 when its upgradable order is processed or another
     * of its carts is in payment (spec §8). spec §7 orders, docs/payments.md.
     */
    createOrder: async (shop: ShopRecord, cartId: string, input: OrderInput): Promise<OrderAnswer> => {
      const provider = requireProvider(shop);
      if (!provider.availablePaymentMethods().some((m) => m.uid === input.body.paymentMethod)) {
        throw unprocessableRequest(`Invalid order: paymentMethod: '${input.body.paymentMethod}' is not offered`);
      }
      if (!isUuid(cartId)) throw cartNotFound();
      const key = input.idempotencyKey;
      const requestHash = orderRequestHash(cartId, input.body);
      const paymentId = randomUUID();
      const target = { shop, cartId, cartToken: input.cartToken };
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
        return { answer: { status: stored.status, body: stored.response, replayed: true } };
      };
      // An expired cart's release commits without the key claim, so a retry runs again.
      const giveKeyBack = async (tx: Tx) => {
        if (key !== undefined) await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.shopSlug, shop.slug), eq(idempotencyKeys.key, key)));
      };
      return guard(
        target,
        async (tx, cart, now): Promise<OrderAnswer> => {
          // An upgrade is ordered once: 409 4002 when its upgradable order is processed or another of its carts is in payment.
          await assertUpgradeOrderable(tx, cart, now);
          // Membership and one membership per account, under the account lock that also serialises maxOrdersPerAccount (spec §6).
          await holdOrderAccount(tx, shop, cart, now);
          // A single-use voucher is kept for this cart until the payment ends (409 voucher.used when another cart has
          // it), before pricing, so the amount has the discount exactly when the voucher is this cart's.
          await holdCartVoucherForPayment(tx, cart, now, expiry(shop, now));
          // The rule of checkoutAllowed plus the details (domain/checkout-rules.ts): 409 with the reasons otherwise.
          const state = await checkoutState(tx, shop, cart, now);
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
          });
          await tx.update(carts).set({ status: "in_payment", expiresAt: expiry(shop, now) }).where(eq(carts.id, cart.id));
          const answer: OrderAnswer = { status: 201, body: { data: { redirectUri: created.redirectUri } }, replayed: false };
          if (key !== undefined) {
            await tx
              .update(idempotencyKeys)
              .set({ status: answer.status, response: answer.body })
              .where(and(eq(idempotencyKeys.shopSlug, shop.slug), eq(idempotencyKeys.key, key)));
          }
          return answer;
        },
        { beforeLock: claimKey, onExpired: giveKeyBack },
      );
    },
  };
};

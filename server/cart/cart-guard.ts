import { Data } from "effect";
import { cartAccess } from "../../domain/account-gates.ts";
import { saleOf } from "../../domain/sale-mode.ts";
import { isCartChangeable } from "../../domain/cart.ts";
import type { Db, Tx } from "../db/database.ts";
import type { UserIdentity } from "../identity/user-token.ts";
import { accountOf, assertAccessTimeslot, assertMembershipLine, assertShopTakesOrders, cartOwner, holdOrderAccount } from "../orders/account-gates.ts";
import { cartOfAnotherAccount, loginNeeded } from "../orders/orders.errors.ts";
import { listProductsByIds, type ShopRecord } from "../shop/shop-store.ts";
import { cartChanged, cartExpired, cartNotFound, cartNotShopping } from "./cart.errors.ts";
import { claimCartOwner, isExpired, isLostRace, lockCart, releaseCartOwner, releaseHolds, type CartRow } from "./cart-store.ts";
import { checkCartToken } from "./cart-token.ts";
import { holderKey } from "./client-holds.ts";

/**
 * Thrown inside a cart transaction that lost a race to a concurrent change (nothing of it may commit); retryLostRaces
 * runs the transaction again. Never leaves retryLostRaces (it becomes CartChanged), so it is no failure of the API.
 */
export class LostRace extends Data.TaggedError("LostRace")<{ readonly message: string }> {}

/** LostRace with its message. */
export const lostRace = (): LostRace => new LostRace({ message: "The cart transaction lost a race to a concurrent change." });

/** How often retryLostRaces runs a transaction that lost a race before failing with CartChanged. */
export const LOST_RACE_ATTEMPTS = 4;

/**
 * Runs `transaction` (a whole db.transaction, so a retry starts from a fresh snapshot) again when it lost a race
 * (LostRace, deadlock, serialization failure: isLostRace), at most LOST_RACE_ATTEMPTS times, then CartChanged.
 */
export const retryLostRaces = async <A>(transaction: () => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (!(error instanceof LostRace) && !isLostRace(error)) throw error;
      if (attempt >= LOST_RACE_ATTEMPTS) throw cartChanged();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
};

/** Who calls a cart: the authenticated shop, the cart id of the path, the x-cart-token and the verified x-user-token identity (undefined: anonymous). spec §6. */
export interface CartCaller {
  readonly shop: ShopRecord;
  readonly cartId: string;
  readonly cartToken: string | undefined;
  readonly identity: UserIdentity | undefined;
}

/** The line a PUT /carts/{id}/products sets: the gates of adding (access timeslot, one membership per account) decide on it. spec §6. */
export interface GuardedLine {
  readonly productId: string;
  readonly quantity: number;
}

/** What a write asks of the guard besides the common checks: its line or its order gates, and hooks in the transaction. */
export interface CartWriteOptions<A> {
  /** A product line being set (PUT /carts/{id}/products). */
  readonly line?: GuardedLine;
  /** An order (POST /carts/{id}/orders): the shop takes orders, and the account gate runs under the account lock. */
  readonly order?: boolean;
  /** Runs first in the transaction, before the cart is locked; an `answer` it gives ends the write with it (an idempotent replay). */
  readonly beforeLock?: (tx: Tx, now: Date) => Promise<{ readonly answer: A } | undefined>;
  /** Runs after an expired cart's holds were released, in the transaction that commits the release. */
  readonly onExpired?: (tx: Tx) => Promise<void>;
}

/** The one guard of every cart call (see makeCartGuard). */
export interface CartGuard {
  /** Runs `change` on the locked, changeable cart of `caller` at `now`, after every check; see makeCartGuard. */
  write<A>(caller: CartCaller, change: (tx: Tx, cart: CartRow, now: Date) => Promise<A>, options?: CartWriteOptions<A>): Promise<A>;
  /** Runs `read` on the locked cart of `caller` (shop, token, owner checked), an expired cart's holds released first and committed. */
  readLocked<A>(caller: CartCaller, read: (tx: Tx, cart: CartRow, now: Date) => Promise<A>): Promise<A>;
  /**
   * The logout-and-login hand-over (spec §3 Checkout form, §6): the cart's own account gives its shopping cart back, so
   * the next account takes it. LoginRequired, CartOfAnotherAccount, CartNotShopping.
   */
  releaseOwner<A>(caller: CartCaller, read: (tx: Tx, cart: CartRow, now: Date) => Promise<A>): Promise<A>;
  /** Checks a cart row read without a lock for a read call (shop, token, owner): the row, or a failure. */
  checkRead(caller: CartCaller, cart: CartRow | undefined): CartRow;
  /**
   * Checks a cart row read without a lock for an optimistic line change (PUT products): the read checks and the
   * line's gates; true when the change may be written optimistically, false when the locked write must decide
   * (expired, not shopping, or an anonymous cart the caller's account takes).
   */
  admitsOptimistic(caller: CartCaller, cart: CartRow | undefined, line: GuardedLine, now: Date): Promise<boolean>;
}

/** In a shop that needs a login, an anonymous call on a cart is refused before the cart is read (LoginRequired). spec §6. */
const assertLoggedInWhereNeeded = (caller: CartCaller): void => {
  if (caller.identity === undefined && cartAccess(saleOf(caller.shop.config).rules, null, null) === "login") throw loginNeeded();
};

/** The read checks on a cart row: the caller's shop (CartNotFound), x-cart-token (CartTokenInvalid), the owner (CartOfAnotherAccount). spec §6. */
const checkReadable = (caller: CartCaller, cart: CartRow | undefined): CartRow => {
  if (!cart || cart.shopSlug !== caller.shop.slug) throw cartNotFound();
  checkCartToken(cart, caller.cartToken);
  if (cartAccess(saleOf(caller.shop.config).rules, cartOwner(cart), accountOf(caller.identity)) === "other-account") throw cartOfAnotherAccount();
  return cart;
};

/**
 * The one guard of every cart call, built once per server (spec §4, §6): the shop's gates, then on the locked cart shop,
 * token, owner, expiry, changeable and account gates, then `change`; a lost race runs again.
 */
export const makeCartGuard = (deps: { readonly db: Db; readonly clock: () => Date }): CartGuard => {
  const { db } = deps;

  /** The membership gate of a line being set (domain membershipLineRefused through account-gates), for a call or cart with an account. */
  const assertLineMembership = async (on: Db | Tx, caller: CartCaller, cart: CartRow, line: GuardedLine, now: Date): Promise<void> => {
    const account = accountOf(caller.identity);
    const owner = cartOwner(cart);
    if ((account === null && owner === null) || line.quantity === 0) return;
    const [product] = await listProductsByIds(on, caller.shop.slug, [line.productId]);
    await assertMembershipLine(on, caller.shop.slug, { id: cart.id, owner }, { ...line, type: product?.type }, account, now);
  };

  /** The gates decided before the cart is read: login, an added line's access timeslot, an order's sale mode. */
  const assertShopGates = (caller: CartCaller, options: Pick<CartWriteOptions<unknown>, "line" | "order">, now: Date): void => {
    assertLoggedInWhereNeeded(caller);
    if (options.line && options.line.quantity > 0) assertAccessTimeslot(caller.shop, caller.identity, now);
    if (options.order) assertShopTakesOrders(caller.shop);
  };

  return {
    write: async (caller, change, options = {}) => {
      const now = deps.clock();
      assertShopGates(caller, options, now);
      const result = await retryLostRaces(() =>
        db.transaction(async (tx) => {
          const early = await options.beforeLock?.(tx, now);
          if (early) return { expired: false as const, value: early.answer };
          let cart = checkReadable(caller, await lockCart(tx, caller.cartId));
          const account = accountOf(caller.identity);
          // An anonymous cart written by a logged-in caller becomes that account's (spec §6); only releaseOwner gives it back.
          if (account !== null && cartOwner(cart) === null) cart = await claimCartOwner(tx, cart, account, holderKey(account, ""));
          // A cart in payment whose payment is pending at the provider keeps its holds (releaseHolds false).
          if (isExpired(cart, now) && (await releaseHolds(tx, cart))) {
            // Commit the release, then fail outside the transaction.
            await options.onExpired?.(tx);
            return { expired: true as const };
          }
          if (!isCartChangeable(cart.status)) throw cartNotShopping();
          if (options.line) await assertLineMembership(tx, caller, cart, options.line, now);
          if (options.order) await holdOrderAccount(tx, caller.shop, cart, now);
          return { expired: false as const, value: await change(tx, cart, now) };
        }),
      );
      if (result.expired) throw cartExpired();
      return result.value;
    },

    readLocked: (caller, read) => {
      const now = deps.clock();
      assertLoggedInWhereNeeded(caller);
      return retryLostRaces(() =>
        db.transaction(async (tx) => {
          const cart = checkReadable(caller, await lockCart(tx, caller.cartId));
          if (!isExpired(cart, now) || !(await releaseHolds(tx, cart))) return read(tx, cart, now);
          return read(tx, (await lockCart(tx, cart.id)) ?? cart, now);
        }),
      );
    },

    releaseOwner: (caller, read) => {
      const now = deps.clock();
      // Only an account can give its cart away: an anonymous caller owns nothing to hand over.
      if (caller.identity === undefined) throw loginNeeded();
      return retryLostRaces(() =>
        db.transaction(async (tx) => {
          const cart = checkReadable(caller, await lockCart(tx, caller.cartId));
          if (!isCartChangeable(cart.status)) throw cartNotShopping();
          return read(tx, cartOwner(cart) === null ? cart : await releaseCartOwner(tx, cart), now);
        }),
      );
    },

    checkRead: (caller, cart) => {
      assertLoggedInWhereNeeded(caller);
      return checkReadable(caller, cart);
    },

    admitsOptimistic: async (caller, seen, line, now) => {
      assertShopGates(caller, { line }, now);
      const cart = checkReadable(caller, seen);
      if (accountOf(caller.identity) !== null && cartOwner(cart) === null) return false;
      if (!isCartChangeable(cart.status) || isExpired(cart, now)) return false;
      await assertLineMembership(db, caller, cart, line, now);
      return true;
    },
  };
};

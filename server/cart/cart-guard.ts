import { Data } from "effect";
import { isCartChangeable } from "../../domain/cart.ts";
import type { Db, Tx } from "../db/database.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { cartChanged, cartExpired, cartNotFound, cartNotShopping } from "./cart.errors.ts";
import { isExpired, isLostRace, lockCart, releaseHolds, type CartRow } from "./cart-store.ts";
import { checkCartToken } from "./cart-token.ts";

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
 * (LostRace, deadlock, serialization failure: isLostRace), at most LOST_RACE_ATTEMPTS times; then CartChanged
 * (`cart.changed`): a race a request lost is never a server error. Other errors pass through.
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

/** The cart a write addresses: the authenticated shop, the cart id from the path and the request's x-cart-token (if any). */
export interface CartWriteTarget {
  readonly shop: ShopRecord;
  readonly cartId: string;
  readonly cartToken: string | undefined;
}

/** What a write may add to the guard's transaction (POST /carts/{id}/orders' Idempotency-Key). */
export interface CartGuardHooks<A> {
  /** Runs first in the transaction, before the cart is locked; an `answer` it gives ends the write with it (an idempotent replay). */
  readonly beforeLock?: (tx: Tx, now: Date) => Promise<{ readonly answer: A } | undefined>;
  /** Runs after an expired cart's holds were released, in the transaction that commits the release. */
  readonly onExpired?: (tx: Tx) => Promise<void>;
}

/** A guarded write: runs `change` on the locked, changeable cart of `target` at `now` (see makeCartGuard). */
export type CartGuard = <A>(target: CartWriteTarget, change: (tx: Tx, cart: CartRow, now: Date) => Promise<A>, hooks?: CartGuardHooks<A>) => Promise<A>;

/**
 * The one guard of every cart write (products, details, hotel, add-ons, vouchers, shipping, orders), spec §4 Cart
 * status and Countdown, §6 cart token: in one transaction it locks the cart (lockCart), refuses another shop's or an
 * unknown cart (CartNotFound) and a wrong x-cart-token (CartTokenInvalid), releases an expired cart's holds (committed,
 * then CartExpired), refuses a cart domain isCartChangeable refuses (CartNotShopping) and runs `change` on the locked
 * cart. A transaction that lost a race runs again from the start (retryLostRaces; CartChanged after
 * LOST_RACE_ATTEMPTS). The time `now` is read once per write.
 */
export const makeCartGuard =
  (deps: { readonly db: Db; readonly clock: () => Date }): CartGuard =>
  async (target, change, hooks = {}) => {
    const now = deps.clock();
    const result = await retryLostRaces(() =>
      deps.db.transaction(async (tx) => {
        const early = await hooks.beforeLock?.(tx, now);
        if (early) return { expired: false as const, value: early.answer };
        const cart = await lockCart(tx, target.cartId);
        if (!cart || cart.shopSlug !== target.shop.slug) throw cartNotFound();
        checkCartToken(cart, target.cartToken);
        if (isExpired(cart, now)) {
          // Commit the release, then fail outside the transaction.
          await releaseHolds(tx, cart);
          await hooks.onExpired?.(tx);
          return { expired: true as const };
        }
        if (!isCartChangeable(cart.status)) throw cartNotShopping();
        return { expired: false as const, value: await change(tx, cart, now) };
      }),
    );
    if (result.expired) throw cartExpired();
    return result.value;
  };

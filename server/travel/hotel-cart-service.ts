import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import { type HotelAddOnChange, type RemoveHotelAddOn, type PostHotelExtra, type PutHotelRoom, type TravelCartEncoded } from "../../domain/travel.schema.ts";
import type { CartRow } from "../cart/cart-store.ts";
import type { Db, Tx } from "../db/database.ts";
import { hotelCartAddOns, hotelCartExtras, hotelCarts, travelExtras, travelOptions } from "../db/schema.ts";
import { unprocessableRequest } from "../failure.ts";
import { soldOut } from "../cart/cart.errors.ts";
import type { CartCaller, CartGuard } from "../cart/cart-guard.ts";
import { hotelNotBooked, noRoomStock, noTravelPackages, travelProductNotFound } from "./travel.errors.ts";
import type { ShopRecord } from "../shop/shop-store.ts";
import { addOnBookingOf, giveExtraBack, giveRoomBack, hotelCartsOf, releaseAddOns, releaseHotelCart, travelCartView } from "./hotel-holds.ts";
import { findExtraRow, findOptionRow, optionOccupation } from "./travel-store.ts";
import { settleAddOnLine, takeAddOnOffer } from "./add-on-waiting-list.ts";

/** What the hotel cart service needs: database, injected clock and the server's one cart guard. */
export interface HotelCartServiceDeps {
  readonly db: Db;
  readonly clock: () => Date;
  readonly guard: CartGuard;
}

/** Who calls: the cart guard's caller (shop, x-cart-token, identity) without the cart id, which each call names. */
export type HotelCaller = Omit<CartCaller, "cartId">;

/** Builds the hotel cart service. Every change runs in one transaction with the cart row locked; holds are conditional updates. */
export const makeHotelCartService = (deps: HotelCartServiceDeps) => {
  const { clock, guard } = deps;

  const assertTravel = (caller: HotelCaller, travelId: string) => {
    if (caller.shop.config.apiTravelId !== travelId) throw noTravelPackages();
  };
  /** Runs `change` on the locked, changeable cart of the shop's travel `travelId` (the cart guard, cart-guard.ts). */
  const withShoppingCart = <A>(caller: HotelCaller, cartId: string, travelId: string, change: (tx: Tx, cart: CartRow) => Promise<A>) =>
    guard.write({ ...caller, cartId }, (tx, cart) => {
      assertTravel(caller, travelId);
      return change(tx, cart);
    });

  /** Holds `amount` units of an extra (conditional update), or throws SoldOut; the extra's waiting list is served first, so a unit reserved for it is never taken. */
  const holdExtra = async (tx: Tx, travelId: string, extraId: string, amount: number) => {
    await settleAddOnLine(tx, travelId, extraId, clock());
    const held = await tx
      .update(travelExtras)
      .set({ stock: sql`${travelExtras.stock} - ${amount}` })
      .where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId), sql`${travelExtras.stock} >= ${amount}`))
      .returning({ stock: travelExtras.stock });
    if (held.length === 0) throw soldOut();
  };

  /** Moves an extra's hold by `delta` units: holds more (SoldOut when short) or gives units back; 0 does nothing. */
  const changeExtraHold = async (tx: Tx, travelId: string, extraId: string, delta: number) => {
    if (delta > 0) await holdExtra(tx, travelId, extraId, delta);
    else if (delta < 0) await giveExtraBack(tx, travelId, extraId, -delta);
  };

  /** Holds one unit of a room option (conditional update), or throws NoRoomStock. */
  const holdRoom = async (tx: Tx, travelId: string, optionId: string) => {
    const held = await tx
      .update(travelOptions)
      .set({ stock: sql`${travelOptions.stock} - 1` })
      .where(and(eq(travelOptions.travelId, travelId), eq(travelOptions.id, optionId), sql`${travelOptions.stock} >= 1`))
      .returning({ stock: travelOptions.stock });
    if (held.length === 0) throw noRoomStock();
  };

  /** The add-on's extra for this add-on cart, or TravelProductNotFound (wrong reference, no hotel in the previous order, unknown extra). */
  const addOnExtra = async (tx: Tx, cart: CartRow, travelId: string, addonId: string) => {
    const parts = parseAddOnId(addonId);
    const booking = await addOnBookingOf(tx, cart);
    if (!parts || !booking || parts.reference !== booking.reference || booking.travelId !== travelId) throw travelProductNotFound("add-on");
    const extra = await findExtraRow(tx, travelId, parts.extraId);
    if (!extra || extra.packageId !== booking.packageId) throw travelProductNotFound("add-on");
    return extra;
  };

  return {
    /** GET …/hotel/{travelId}: the travel cart (null when nothing is booked); an expired cart first gives its holds back. */
    get: async (caller: HotelCaller, cartId: string, travelId: string): Promise<TravelCartEncoded | null> => {
      return guard.readLocked({ ...caller, cartId }, (tx, cart) => {
        assertTravel(caller, travelId);
        return travelCartView(tx, cart, travelId);
      });
    },

    /**
     * PUT …/hotel/{travelId}: books one unit of the room option for `persons` (default its occupation; RequestUnprocessable when more).
     * Switching to another option gives the old unit back (and the extras, when the package changes). TravelProductNotFound, NoRoomStock.
     */
    put: (caller: HotelCaller, cartId: string, travelId: string, body: PutHotelRoom): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        const option = await findOptionRow(tx, travelId, body.productId);
        if (!option) throw travelProductNotFound("room option");
        const occupation = optionOccupation(option.data);
        const persons = body.persons ?? occupation;
        if (persons > occupation) throw unprocessableRequest(`Invalid body: persons: this room option sleeps at most ${occupation}`);
        const [current] = await hotelCartsOf(tx, cart.id, travelId);
        if (current && current.optionId === option.id) {
          await tx.update(hotelCarts).set({ persons }).where(eq(hotelCarts.id, current.id));
          return travelCartView(tx, cart, travelId);
        }
        if (current) {
          // Lock option rows in id order so two carts switching in opposite directions cannot deadlock.
          if (current.optionId < option.id) {
            await giveRoomBack(tx, travelId, current.optionId);
            await holdRoom(tx, travelId, option.id);
          } else {
            await holdRoom(tx, travelId, option.id);
            await giveRoomBack(tx, travelId, current.optionId);
          }
          if (current.packageId !== option.packageId) {
            const extras = await tx.select().from(hotelCartExtras).where(eq(hotelCartExtras.hotelCartId, current.id));
            for (const e of extras) await giveExtraBack(tx, travelId, e.extraId, e.amount);
            await tx.delete(hotelCartExtras).where(eq(hotelCartExtras.hotelCartId, current.id));
          }
          await tx.update(hotelCarts).set({ optionId: option.id, packageId: option.packageId, persons }).where(eq(hotelCarts.id, current.id));
        } else {
          await holdRoom(tx, travelId, option.id);
          await tx.insert(hotelCarts).values({ id: randomUUID(), cartId: cart.id, travelId, packageId: option.packageId, optionId: option.id, persons });
        }
        return travelCartView(tx, cart, travelId);
      }),

    /** DELETE …/hotel/{travelId}: gives back the room, its extras and the add-ons for this travel id; answers null. */
    remove: (caller: HotelCaller, cartId: string, travelId: string): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        for (const hotel of await hotelCartsOf(tx, cart.id, travelId)) await releaseHotelCart(tx, hotel);
        if ((await addOnBookingOf(tx, cart))?.travelId === travelId) await releaseAddOns(tx, cart);
        return travelCartView(tx, cart, travelId);
      }),

    /** POST …/extras: sets the booked amount of an extra of the booked package (holding the difference). HotelNotBooked, TravelProductNotFound, SoldOut. */
    postExtra: (caller: HotelCaller, cartId: string, travelId: string, body: PostHotelExtra): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        const [hotel] = await hotelCartsOf(tx, cart.id, travelId);
        if (!hotel) throw hotelNotBooked();
        const extra = await findExtraRow(tx, travelId, body.extraId);
        if (!extra || extra.packageId !== hotel.packageId) throw travelProductNotFound("extra");
        const [booked] = await tx
          .select()
          .from(hotelCartExtras)
          .where(and(eq(hotelCartExtras.hotelCartId, hotel.id), eq(hotelCartExtras.extraId, extra.id)));
        const delta = body.amount - (booked?.amount ?? 0);
        await changeExtraHold(tx, travelId, extra.id, delta);
        await tx
          .insert(hotelCartExtras)
          .values({ hotelCartId: hotel.id, extraId: extra.id, amount: body.amount })
          .onConflictDoUpdate({ target: [hotelCartExtras.hotelCartId, hotelCartExtras.extraId], set: { amount: body.amount } });
        return travelCartView(tx, cart, travelId);
      }),

    /** DELETE …/extras: gives a booked extra back (nothing to do when it is not booked). HotelNotBooked. */
    deleteExtra: (caller: HotelCaller, cartId: string, travelId: string, extraId: string): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        const [hotel] = await hotelCartsOf(tx, cart.id, travelId);
        if (!hotel) throw hotelNotBooked();
        const [booked] = await tx
          .delete(hotelCartExtras)
          .where(and(eq(hotelCartExtras.hotelCartId, hotel.id), eq(hotelCartExtras.extraId, extraId)))
          .returning();
        if (booked) await giveExtraBack(tx, travelId, extraId, booked.amount);
        return travelCartView(tx, cart, travelId);
      }),

    /** PATCH …/add-ons: sets an add-on's quantity (≥ 1) in an add-on cart, holding the difference of the extra's stock (a unit its waiting list offers this order counts). TravelProductNotFound, SoldOut. */
    patchAddOn: (caller: HotelCaller, cartId: string, travelId: string, body: HotelAddOnChange): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        const extra = await addOnExtra(tx, cart, travelId, body.addonId);
        const [booked] = await tx
          .select()
          .from(hotelCartAddOns)
          .where(and(eq(hotelCartAddOns.cartId, cart.id), eq(hotelCartAddOns.addonId, body.addonId)));
        const delta = body.quantity - (booked?.quantity ?? 0);
        // A unit the waiting list offered to this order is its own: it is held already (add-on-waiting-list.ts).
        let taken = 0;
        if (delta > 0) {
          await settleAddOnLine(tx, travelId, extra.id, clock());
          taken = await takeAddOnOffer(tx, cart.shopSlug, cart.addOnReference ?? "", body.addonId, clock());
        }
        await changeExtraHold(tx, travelId, extra.id, delta - taken);
        const hotelCartId = body.hotelCartId ?? booked?.hotelCartId ?? null;
        await tx
          .insert(hotelCartAddOns)
          .values({ cartId: cart.id, addonId: body.addonId, quantity: body.quantity, hotelCartId })
          .onConflictDoUpdate({ target: [hotelCartAddOns.cartId, hotelCartAddOns.addonId], set: { quantity: body.quantity, hotelCartId } });
        return travelCartView(tx, cart, travelId);
      }),

    /** DELETE …/add-ons: removes an add-on and gives its units back. TravelProductNotFound for an add-on of another order. */
    deleteAddOn: (caller: HotelCaller, cartId: string, travelId: string, body: RemoveHotelAddOn): Promise<TravelCartEncoded | null> =>
      withShoppingCart(caller, cartId, travelId, async (tx, cart) => {
        const extra = await addOnExtra(tx, cart, travelId, body.addonId);
        const [booked] = await tx
          .delete(hotelCartAddOns)
          .where(and(eq(hotelCartAddOns.cartId, cart.id), eq(hotelCartAddOns.addonId, body.addonId)))
          .returning();
        if (booked) await giveExtraBack(tx, travelId, extra.id, booked.quantity);
        return travelCartView(tx, cart, travelId);
      }),
  };
};

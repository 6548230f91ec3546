import { Effect, Schema } from "effect";
import { type ApiFailure, ShopApiError } from "../../application/errors.ts";
import type { HotelCartApi } from "../../application/ports/hotel-cart-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import type { TravelApi } from "../../application/ports/travel-api.port.ts";
import { ITEM_ADD_FAILURE_TEXT } from "../../domain/error-catalogue.ts";
import type { Cents } from "../../domain/money.ts";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import { type HotelAddOnChange, type OptionSearch, type PackageSearch, type PostHotelExtra, type PutHotelRoom, type RemoveHotelAddOn, RoomOption, TravelExtra, TravelPackage, type TravelCart } from "../../domain/travel.schema.ts";
import { isHotelPersons } from "../../domain/hotel-persons.ts";
import { isIsoDate } from "../../domain/travel.ts";
import type { Product } from "../../domain/product.schema.ts";
import { InMemoryCartApi } from "./in-memory-ports.ts";
import { ADD_ON, DUNES_EXTRAS, DUNES_OPTIONS, DUNES_PACKAGE, OTHER_PACKAGES, TRAVEL_ID } from "./contract-examples-travel.ts";

const fail = (status: number, code: string, message: string): Effect.Effect<never, ApiFailure> => Effect.fail(new ShopApiError({ status, code, message }));

/** The travel catalogue a fake serves: packages, room options and extras per package (cents), for one travel id. */
export interface TravelCatalogue {
  readonly travelId: string;
  readonly packages: ReadonlyArray<TravelPackage>;
  readonly options: Readonly<Record<string, ReadonlyArray<RoomOption>>>;
  readonly extras: Readonly<Record<string, ReadonlyArray<TravelExtra>>>;
}

/** The demo catalogue of tests/support/contract-examples-travel.ts, decoded (cents). */
export const exampleTravelCatalogue = (): TravelCatalogue => ({
  travelId: TRAVEL_ID,
  packages: [DUNES_PACKAGE, ...OTHER_PACKAGES].map((p) => Schema.decodeSync(TravelPackage)(p)),
  options: { ll_hotel_dunes: DUNES_OPTIONS.map((o) => Schema.decodeSync(RoomOption)(o)) },
  extras: { ll_hotel_dunes: DUNES_EXTRAS.map((e) => Schema.decodeSync(TravelExtra)(e)) },
});

/**
 * In-memory TravelApi with the server's rules (docs/travel-api.md): 404 5002 unknown travel id, 404 5001 unknown
 * package/option, 400 request.invalid for persons outside 1..50 or a malformed date; filters by category list, minimum
 * rating, persons (some option sleeps them) and a night of the stay.
 */
export class InMemoryTravelApi implements TravelApi {
  readonly calls: string[] = [];
  constructor(readonly catalogue: TravelCatalogue = exampleTravelCatalogue()) {}

  private known(travelId: string): Effect.Effect<void, ApiFailure> {
    return travelId === this.catalogue.travelId ? Effect.void : fail(404, "5002", `No travel packages found for '${travelId}'.`);
  }

  private pkg(travelId: string, packageId: string): Effect.Effect<TravelPackage, ApiFailure> {
    return this.known(travelId).pipe(
      Effect.flatMap(() => {
        const found = this.catalogue.packages.find((p) => p.id === packageId);
        return found ? Effect.succeed(found) : fail(404, "5001", `No travel package '${packageId}'.`);
      }),
    );
  }

  getSettings(travelId: string) {
    this.calls.push(`getSettings ${travelId}`);
    const c = this.catalogue;
    return this.known(travelId).pipe(
      Effect.map(() => ({
        travelId,
        eventId: c.packages[0]?.eventId ?? "",
        currency: "EUR" as const,
        persons: { min: 1, max: 50, default: 2 },
        categories: [...new Set(c.packages.map((p) => p.category))],
        ratings: [...new Set(c.packages.map((p) => p.rating))].sort((a, b) => a - b),
        startOfStayDate: c.packages.map((p) => p.startOfStayDate).sort()[0] ?? "",
        endOfStayDate: c.packages.map((p) => p.endOfStayDate).sort().at(-1) ?? "",
      })),
    );
  }

  searchPackages(travelId: string, search: PackageSearch) {
    this.calls.push(`searchPackages ${travelId} ${JSON.stringify(search)}`);
    if (search.persons !== undefined && !isHotelPersons(search.persons)) return fail(400, "request.invalid", "Invalid query: persons");
    if (search.date !== undefined && !isIsoDate(search.date)) return fail(400, "request.invalid", "Invalid query: date");
    const categories = search.categories?.map((c) => c.toLowerCase());
    return this.known(travelId).pipe(
      Effect.map(() =>
        this.catalogue.packages
          .filter((p) => !categories || categories.length === 0 || categories.includes(p.category.toLowerCase()))
          .filter((p) => search.rating === undefined || p.rating >= search.rating)
          .filter((p) => search.date === undefined || (p.startOfStayDate <= search.date && search.date < p.endOfStayDate))
          .filter((p) => search.persons === undefined || p.occupation >= search.persons),
      ),
    );
  }

  getOptions(travelId: string, packageId: string, search: OptionSearch) {
    this.calls.push(`getOptions ${packageId} ${search.persons}`);
    if (!isHotelPersons(search.persons)) return fail(400, "request.invalid", "Invalid query: persons");
    return this.pkg(travelId, packageId).pipe(
      Effect.map((p) =>
        (this.catalogue.options[p.id] ?? [])
          .filter((o) => o.occupation >= search.persons)
          .map((o) => ({ ...o, totalPrice: (o.price * search.persons) as Cents })),
      ),
    );
  }

  getExtras(travelId: string, packageId: string, packageOptionId?: string) {
    this.calls.push(`getExtras ${packageId}`);
    return this.pkg(travelId, packageId).pipe(
      Effect.flatMap((p) =>
        packageOptionId !== undefined && !(this.catalogue.options[p.id] ?? []).some((o) => o.id === packageOptionId)
          ? fail(404, "5001", `No room option '${packageOptionId}'.`)
          : Effect.succeed(this.catalogue.extras[p.id] ?? []),
      ),
    );
  }
}

interface Booking {
  readonly hotelCartId: string;
  packageId: string;
  optionId: string;
  persons: number;
  readonly extras: Map<string, number>;
}

/**
 * In-memory HotelCartApi with the server's rules and the adapter's spec §8 texts: one unit of a room option per cart,
 * sold-out, unknown and token refusals.
 */
export class InMemoryHotelCartApi implements HotelCartApi {
  readonly calls: string[] = [];
  readonly bookings = new Map<string, Booking>();
  readonly addOns = new Map<string, Map<string, { quantity: number; hotelCartId?: string }>>();
  readonly optionStock = new Map<string, number>();
  readonly extraStock = new Map<string, number>();
  /** Carts the server no longer knows (answer 404 cart.not.found). */
  readonly goneCarts = new Set<string>();
  /** Add-on carts: cart id -> {reference, cartToken, packageId}. */
  readonly addOnCarts = new Map<string, { reference: string; cartToken: string; packageId: string }>();
  private next = 1;

  constructor(readonly catalogue: TravelCatalogue = exampleTravelCatalogue()) {
    for (const list of Object.values(catalogue.options)) for (const o of list) this.optionStock.set(o.id, o.stock);
    for (const list of Object.values(catalogue.extras)) for (const e of list) this.extraStock.set(e.id, e.stock);
  }

  private guard(context: ShopContext, cartId: string, travelId: string): Effect.Effect<void, ApiFailure> {
    if (travelId !== this.catalogue.travelId) return fail(404, "5002", "No travel packages found.");
    if (this.goneCarts.has(cartId)) return fail(404, "cart.not.found", "This cart does not exist.");
    const addOn = this.addOnCarts.get(cartId);
    if (addOn && context.cartToken !== addOn.cartToken) return fail(403, "cart.token.invalid", "The cart token is missing or invalid.");
    return Effect.void;
  }

  private optionOf(optionId: string): { packageId: string; option: RoomOption } | undefined {
    for (const [packageId, list] of Object.entries(this.catalogue.options)) {
      const option = list.find((o) => o.id === optionId);
      if (option) return { packageId, option };
    }
    return undefined;
  }

  private extraOf(packageId: string, extraId: string): TravelExtra | undefined {
    return (this.catalogue.extras[packageId] ?? []).find((e) => e.id === extraId);
  }

  private view(cartId: string): TravelCart | null {
    const booking = this.bookings.get(cartId);
    const addOnCart = this.addOnCarts.get(cartId);
    const addOns = [...(this.addOns.get(cartId) ?? new Map()).entries()];
    if (!booking && addOns.length === 0) return null;
    const packageId = booking?.packageId ?? addOnCart!.packageId;
    const pkg = this.catalogue.packages.find((p) => p.id === packageId)!;
    const option = booking ? this.optionOf(booking.optionId)!.option : undefined;
    const packageOption = booking && option ? { id: option.id, title: option.title, subtotal: (option.price * booking.persons) as Cents } : null;
    const extras = booking
      ? [...booking.extras.entries()].sort().map(([extraId, amount]) => {
          const extra = this.extraOf(packageId, extraId)!;
          return { extraId, amount, subtotal: (extra.price * amount) as Cents, extra: { name: extra.name, category: extra.category } };
        })
      : [];
    const addOnViews = addOns.sort().map(([addonId, a]) => {
      const extra = this.extraOf(packageId, parseAddOnId(addonId)!.extraId)!;
      return { addonId, quantity: a.quantity, hotelCartId: a.hotelCartId ?? null, subtotal: (extra.price * a.quantity) as Cents, extra: { name: extra.name, category: extra.category } };
    });
    const { price: _price, ...packageFields } = pkg;
    return {
      ...packageFields,
      hotelCartId: booking?.hotelCartId ?? null,
      travelId: this.catalogue.travelId,
      occupation: booking?.persons ?? 0,
      state: { soldout: option !== undefined && (this.optionStock.get(option.id) ?? 0) <= 0 },
      packageOption,
      extras,
      addOns: addOnViews,
      totalPrice: ((packageOption?.subtotal ?? 0) + extras.reduce((n, e) => n + e.subtotal, 0) + addOnViews.reduce((n, a) => n + a.subtotal, 0)) as Cents,
    };
  }

  private take(stock: Map<string, number>, id: string, amount: number): boolean {
    const left = stock.get(id) ?? 0;
    if (left < amount) return false;
    stock.set(id, left - amount);
    return true;
  }

  private giveBack(stock: Map<string, number>, id: string, amount: number): void {
    stock.set(id, (stock.get(id) ?? 0) + amount);
  }

  getTravelCart(context: ShopContext, cartId: string, travelId: string) {
    this.calls.push(`getTravelCart ${cartId}`);
    return this.guard(context, cartId, travelId).pipe(Effect.map(() => this.view(cartId)));
  }

  bookRoom(context: ShopContext, cartId: string, travelId: string, room: PutHotelRoom) {
    this.calls.push(`bookRoom ${cartId} ${room.productId}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.flatMap((): Effect.Effect<TravelCart | null, ApiFailure> => {
        const found = this.optionOf(room.productId);
        if (!found) return fail(404, "5001", "This room option was not found.");
        const persons = room.persons ?? found.option.occupation;
        if (persons > found.option.occupation) return fail(422, "request.invalid", "Invalid body: persons");
        const current = this.bookings.get(cartId);
        if (current?.optionId === room.productId) {
          current.persons = persons;
          return Effect.succeed(this.view(cartId));
        }
        if (!this.take(this.optionStock, room.productId, 1)) return fail(409, "5000", ITEM_ADD_FAILURE_TEXT.notAvailable);
        if (current) {
          this.giveBack(this.optionStock, current.optionId, 1);
          if (current.packageId !== found.packageId) {
            for (const [id, amount] of current.extras) this.giveBack(this.extraStock, id, amount);
            current.extras.clear();
          }
          Object.assign(current, { packageId: found.packageId, optionId: room.productId, persons });
        } else {
          const hotelCartId = `00000000-0000-4000-9000-${String(this.next++).padStart(12, "0")}`;
          this.bookings.set(cartId, { hotelCartId, packageId: found.packageId, optionId: room.productId, persons, extras: new Map() });
        }
        return Effect.succeed(this.view(cartId));
      }),
    );
  }

  removeHotel(context: ShopContext, cartId: string, travelId: string) {
    this.calls.push(`removeHotel ${cartId}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.map(() => {
        const booking = this.bookings.get(cartId);
        if (booking) {
          this.giveBack(this.optionStock, booking.optionId, 1);
          for (const [id, amount] of booking.extras) this.giveBack(this.extraStock, id, amount);
          this.bookings.delete(cartId);
        }
        for (const [addonId, a] of this.addOns.get(cartId) ?? []) this.giveBack(this.extraStock, parseAddOnId(addonId)!.extraId, a.quantity);
        this.addOns.delete(cartId);
        return this.view(cartId);
      }),
    );
  }

  setExtra(context: ShopContext, cartId: string, travelId: string, change: PostHotelExtra) {
    this.calls.push(`setExtra ${cartId} ${change.extraId} ${change.amount}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.flatMap((): Effect.Effect<TravelCart | null, ApiFailure> => {
        const booking = this.bookings.get(cartId);
        if (!booking) return fail(409, "hotel.not.booked", "Book a room before adding extras.");
        if (!this.extraOf(booking.packageId, change.extraId)) return fail(404, "5001", "This extra was not found.");
        const delta = change.amount - (booking.extras.get(change.extraId) ?? 0);
        if (delta > 0 && !this.take(this.extraStock, change.extraId, delta)) return fail(409, "5000", ITEM_ADD_FAILURE_TEXT.soldOut);
        if (delta < 0) this.giveBack(this.extraStock, change.extraId, -delta);
        booking.extras.set(change.extraId, change.amount);
        return Effect.succeed(this.view(cartId));
      }),
    );
  }

  removeExtra(context: ShopContext, cartId: string, travelId: string, extraId: string) {
    this.calls.push(`removeExtra ${cartId} ${extraId}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.flatMap((): Effect.Effect<TravelCart | null, ApiFailure> => {
        const booking = this.bookings.get(cartId);
        if (!booking) return fail(409, "hotel.not.booked", "Book a room before adding extras.");
        const amount = booking.extras.get(extraId);
        if (amount !== undefined) this.giveBack(this.extraStock, extraId, amount);
        booking.extras.delete(extraId);
        return Effect.succeed(this.view(cartId));
      }),
    );
  }

  private addOnExtra(cartId: string, addonId: string): TravelExtra | undefined {
    const cart = this.addOnCarts.get(cartId);
    const parts = parseAddOnId(addonId);
    return cart && parts && parts.reference === cart.reference ? this.extraOf(cart.packageId, parts.extraId) : undefined;
  }

  changeAddOn(context: ShopContext, cartId: string, travelId: string, change: HotelAddOnChange) {
    this.calls.push(`changeAddOn ${cartId} ${change.addonId} ${change.quantity}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.flatMap((): Effect.Effect<TravelCart | null, ApiFailure> => {
        if (!isHotelPersons(change.quantity)) return fail(400, "request.invalid", "Invalid body: quantity");
        const extra = this.addOnExtra(cartId, change.addonId);
        if (!extra) return fail(404, "5001", "This add-on was not found.");
        const lines = this.addOns.get(cartId) ?? new Map();
        const current = lines.get(change.addonId);
        const delta = change.quantity - (current?.quantity ?? 0);
        if (delta > 0 && !this.take(this.extraStock, extra.id, delta)) return fail(409, "5000", ITEM_ADD_FAILURE_TEXT.soldOut);
        if (delta < 0) this.giveBack(this.extraStock, extra.id, -delta);
        const hotelCartId = change.hotelCartId ?? current?.hotelCartId;
        lines.set(change.addonId, { quantity: change.quantity, ...(hotelCartId === undefined ? {} : { hotelCartId }) });
        this.addOns.set(cartId, lines);
        return Effect.succeed(this.view(cartId));
      }),
    );
  }

  removeAddOn(context: ShopContext, cartId: string, travelId: string, change: RemoveHotelAddOn) {
    this.calls.push(`removeAddOn ${cartId} ${change.addonId}`);
    return this.guard(context, cartId, travelId).pipe(
      Effect.flatMap((): Effect.Effect<TravelCart | null, ApiFailure> => {
        const extra = this.addOnExtra(cartId, change.addonId);
        if (!extra) return fail(404, "5001", "This add-on was not found.");
        const current = this.addOns.get(cartId)?.get(change.addonId);
        if (current) this.giveBack(this.extraStock, extra.id, current.quantity);
        this.addOns.get(cartId)?.delete(change.addonId);
        return Effect.succeed(this.view(cartId));
      }),
    );
  }
}

/**
 * An InMemoryCartApi whose carts opened with a cart token become add-on carts of `hotel` for that token's order
 * (reference and booked package), as POST /carts with x-cart-token does on the reference server (spec §6). Default: the
 * demo order (ADD_ON) with Hotel De Duinen.
 */
export class InMemoryAddOnCartApi extends InMemoryCartApi {
  constructor(
    private readonly hotel: InMemoryHotelCartApi,
    products: ReadonlyArray<Product> = [],
    private readonly orders: Readonly<Record<string, { readonly reference: string; readonly packageId: string }>> = {
      [ADD_ON.cartToken]: { reference: ADD_ON.reference, packageId: "ll_hotel_dunes" },
    },
  ) {
    super(products);
  }

  override createCart(context: ShopContext) {
    return super.createCart(context).pipe(
      Effect.tap((cart) =>
        Effect.sync(() => {
          const order = context.cartToken ? this.orders[context.cartToken] : undefined;
          if (order && context.cartToken) this.hotel.addOnCarts.set(cart.id, { ...order, cartToken: context.cartToken });
        }),
      ),
    );
  }
}

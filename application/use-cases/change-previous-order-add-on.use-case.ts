import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import { addOnId } from "../../domain/add-on-id.ts";
import { serverCodeMeaning } from "../../domain/error-catalogue-table.ts";
import { type ApiFailure, ShopApiError } from "../errors.ts";
import type { CartApi } from "../ports/cart-api.port.ts";
import type { CartIdStore } from "../ports/cart-id-store.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { CART_API, CART_ID_STORE } from "../ports/tokens.ts";
import type { HotelChangeResult } from "./book-hotel-room.use-case.ts";
import { ChangeHotelAddOn } from "./change-hotel-add-on.use-case.ts";

/** Input of ChangePreviousOrderAddOn: the shop (its context carries the order's cart token), travel id, order reference, extra id and new quantity (0 removes). */
export interface ChangePreviousOrderAddOnInput {
  readonly slug: string;
  readonly context: ShopContext;
  readonly travelId: string;
  readonly reference: string;
  readonly extraId: string;
  readonly quantity: number;
}

/** The remembered cart cannot hold this order's add-ons: gone or expired, a cart of another token (403), or a cart without this order (404 5001, follow-up newCart). */
const isNotThisAddOnCart = (e: ApiFailure): e is ShopApiError =>
  e instanceof ShopApiError &&
  (e.code === "cart.not.found" || e.code === "cart.expired" || e.code === "cart.not.shopping" || e.code === "cart.token.invalid" || serverCodeMeaning(e.code).then === "newCart");

/**
 * Changes an extra of a previous order's hotel booking in the visitor's add-on cart (spec §3 Previous order, §6, §7),
 * opening a cart with the order's token when needed. Fails with ShopApiError or an ApiFailure.
 */
@injectable()
export class ChangePreviousOrderAddOn {
  constructor(
    @inject(ChangeHotelAddOn) private readonly changeHotelAddOn: ChangeHotelAddOn,
    @inject(CART_API) private readonly cartApi: CartApi,
    @inject(CART_ID_STORE) private readonly cartIds: CartIdStore,
  ) {}

  /** The travel cart and the cart after the change. */
  execute(input: ChangePreviousOrderAddOnInput): Effect.Effect<HotelChangeResult, ApiFailure> {
    const change = (cartId: string) =>
      this.changeHotelAddOn.execute({
        context: input.context,
        cartId,
        travelId: input.travelId,
        addonId: addOnId(input.reference, input.extraId),
        quantity: input.quantity,
      });
    const onNewCart = Effect.suspend(() => this.cartApi.createCart(input.context)).pipe(
      Effect.flatMap((cart) => change(cart.id)),
      Effect.tap((result) => Effect.sync(() => this.cartIds.set(input.slug, result.cart.id))),
    );
    return Effect.suspend(() => {
      if (!input.context.cartToken) return Effect.fail(new ShopApiError({ status: 403, code: "cart.token.invalid", message: "The cart token is missing or invalid." }));
      const existing = this.cartIds.get(input.slug);
      if (!existing) return onNewCart;
      return change(existing).pipe(Effect.catchIf(isNotThisAddOnCart, () => onNewCart));
    });
  }
}

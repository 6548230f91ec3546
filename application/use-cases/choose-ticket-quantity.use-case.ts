import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { Cart } from "../../domain/cart.schema.ts";
import { checkTicketQuantity } from "../../domain/quantities.ts";
import type { ApiFailure } from "../errors.ts";
import { ChangeProductQuantity, type ChangeProductQuantityInput } from "./change-product-quantity.use-case.ts";

/** Input of ChooseTicketQuantity: the ChangeProductQuantity input plus how many of this ticket the cart may hold (`limit`: the ticket cap minus the other tickets) and the cap to name in the 5004 message (`cap`). */
export interface ChooseTicketQuantityInput extends ChangeProductQuantityInput {
  readonly limit: number;
  readonly cap: number;
}

/** What a ticket choice did: the cart after it, and the 5004 notice with the cap when the choice was over the limit and was clamped to it. */
export interface TicketQuantityChosen {
  readonly cart: Cart;
  readonly overLimit: { readonly code: 5004; readonly max: number } | null;
}

/**
 * A quantity chosen in the ticket picker (spec §5 Quantities): over the limit the line gets the limit and the answer
 * carries the 5004 notice. Fails with ChangeProductQuantity's ApiFailure.
 */
@injectable()
export class ChooseTicketQuantity {
  constructor(@inject(ChangeProductQuantity) private readonly changeQuantity: ChangeProductQuantity) {}

  /** The cart after the (possibly clamped) choice, with the 5004 notice when it was clamped. */
  execute(input: ChooseTicketQuantityInput): Effect.Effect<TicketQuantityChosen, ApiFailure> {
    const check = checkTicketQuantity(input.quantity, input.limit);
    const { limit: _limit, cap, ...change } = input;
    return this.changeQuantity
      .execute({ ...change, quantity: check.quantity })
      .pipe(Effect.map((cart) => ({ cart, overLimit: check._tag === "OverLimit" ? { code: check.code, max: cap } : null })));
  }
}

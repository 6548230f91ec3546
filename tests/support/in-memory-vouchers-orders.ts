import { Effect, Schema } from "effect";
import { OrderLookupFailedError, type OrderLookupApi, OrderNotFoundError } from "../../application/ports/order-lookup-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { type VoucherApi, VoucherRejectedError, VOUCHER_REQUEST_FAILED } from "../../application/ports/voucher-api.port.ts";
import type { Cart } from "../../domain/cart.schema.ts";
import type { Cents } from "../../domain/money.ts";
import { PreviousOrders, type GetOrdersBody, type PreviousOrdersEncoded } from "../../domain/order-lookup.schema.ts";
import {
  discountOn,
  normalizeVoucherCode,
  VOUCHER_HOLD_SECONDS,
  VOUCHER_INVALID,
  VOUCHER_INVALID_MESSAGE,
  VOUCHER_USED,
  VOUCHER_USED_MESSAGE,
  type VoucherTerms,
} from "../../domain/voucher.schema.ts";

/** A voucher of the in-memory fake: terms, single use, and its hold / redemption. */
export interface FakeVoucher {
  readonly terms: VoucherTerms;
  readonly singleUse: boolean;
  heldBy?: string;
  heldUntil?: number;
  redeemedBy?: string;
}

/**
 * In-memory VoucherApi with the Shop API's codes (docs/vouchers-and-orders.md); `failing` simulates a failed request.
 */
export class InMemoryVoucherApi implements VoucherApi {
  readonly calls: Array<{ cartId: string; voucher: string }> = [];
  readonly applied = new Map<string, string>();
  failing = false;
  constructor(
    readonly carts: Map<string, Cart>,
    readonly vouchers: Map<string, FakeVoucher>,
    readonly now: () => number = () => 0,
  ) {}

  applyVoucher(_context: ShopContext, cartId: string, voucher: string): Effect.Effect<Cart, VoucherRejectedError> {
    this.calls.push({ cartId, voucher });
    if (this.failing) return Effect.fail(new VoucherRejectedError({ code: VOUCHER_REQUEST_FAILED, message: VOUCHER_INVALID_MESSAGE }));
    const cart = this.carts.get(cartId);
    if (!cart) return Effect.fail(new VoucherRejectedError({ code: "cart.not.found", message: "This cart does not exist." }));
    const code = normalizeVoucherCode(voucher);
    if (code === "") {
      this.applied.delete(cartId);
      return Effect.succeed(cart);
    }
    const found = this.vouchers.get(code);
    if (!found) return Effect.fail(new VoucherRejectedError({ code: VOUCHER_INVALID, message: VOUCHER_INVALID_MESSAGE }));
    if (found.singleUse) {
      const heldElsewhere = found.heldBy !== undefined && found.heldBy !== cartId && (found.heldUntil ?? 0) > this.now();
      if (found.redeemedBy !== undefined || heldElsewhere) {
        return Effect.fail(new VoucherRejectedError({ code: VOUCHER_USED, message: VOUCHER_USED_MESSAGE }));
      }
      found.heldBy = cartId;
      found.heldUntil = this.now() + VOUCHER_HOLD_SECONDS * 1000;
    }
    this.applied.set(cartId, code);
    const discount = discountOn(cart.totalAmount, found.terms);
    return Effect.succeed({
      ...cart,
      totalAmount: (cart.totalAmount - discount) as Cents,
      totalAmountExcludingServiceCosts: Math.max(0, cart.totalAmountExcludingServiceCosts - discount) as Cents,
    });
  }
}

/** A previous order of the in-memory fake: its cart token and its get-orders answer (euros). */
export interface FakePreviousOrder {
  readonly cartToken: string;
  readonly answer: PreviousOrdersEncoded;
}

const decodeOrders = Schema.decodeUnknownSync(PreviousOrders);

/**
 * In-memory OrderLookupApi obeying the Shop API codes: `{reference: false}` (400) -> OrderLookupFailedError, no match,
 * another cart token or (with the order number) another e-mail -> OrderNotFoundError (404 order.not.found); `failing`
 * simulates a failed request.
 */
export class InMemoryOrderLookupApi implements OrderLookupApi {
  readonly calls: GetOrdersBody[] = [];
  failing = false;
  constructor(readonly orders: ReadonlyArray<FakePreviousOrder>) {}

  getOrders(context: ShopContext, body: GetOrdersBody) {
    this.calls.push(body);
    if (this.failing) return Effect.fail(new OrderLookupFailedError({ message: "fetch failed" }));
    if ("reference" in body && body.reference === false) return Effect.fail(new OrderLookupFailedError({ message: "Invalid body: reference" }));
    // The order number with its e-mail proves ownership without the cart token, and is answered with the order's cart_token.
    const byEmail = "consumer_email" in body && ("reference" in body || "consumer_external_reference" in body);
    const matches = this.orders.filter((o) => {
      if (!byEmail && o.cartToken !== context.cartToken) return false;
      const order = o.answer.original_orders[0];
      if (!order) return false;
      if ("consumer_email" in body && order.consumer.email.toLowerCase() !== body.consumer_email.trim().toLowerCase()) return false;
      if ("reference" in body) return order.reference === body.reference;
      if ("consumer_external_reference" in body) return order.external_reference === body.consumer_external_reference.toLowerCase();
      return true;
    });
    const first = matches[0];
    if (!first) return Effect.fail(new OrderNotFoundError({ message: "No order was found." }));
    const answer = byEmail ? { ...first.answer, original_orders: first.answer.original_orders.map((o) => ({ ...o, cart_token: first.cartToken })) } : first.answer;
    return Effect.succeed(decodeOrders(answer));
  }
}

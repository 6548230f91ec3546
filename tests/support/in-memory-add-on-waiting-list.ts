import { Effect } from "effect";
import { ShopApiError } from "../../application/errors.ts";
import type { AddOnWaitingListApi } from "../../application/ports/add-on-waiting-list-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { parseAddOnId } from "../../domain/add-on-id.ts";
import type { AddOnWaitingEntry } from "../../domain/add-on-waiting-list.schema.ts";

/**
 * In-memory AddOnWaitingListApi obeying the Shop API's codes: an order answers only its own cart token (else 404
 * order.not.found), an add-on of another order is 404 5001, joining again changes nothing. `offer(addonId, until)`
 * plays a unit coming back for the order; `calls` records each call.
 */
export class InMemoryAddOnWaitingListApi implements AddOnWaitingListApi {
  readonly calls: string[] = [];
  private readonly entries = new Map<string, AddOnWaitingEntry[]>();
  constructor(private readonly tokens: Readonly<Record<string, string>>) {}

  /** The order's entry of `addonId` becomes an offer until `until` (ISO 8601). */
  offer(reference: string, addonId: string, until: string): void {
    this.entries.set(reference, this.of(reference).map((e) => (e.addonId === addonId ? { ...e, status: "offered", position: null, offerExpiresAt: until } : e)));
  }

  private of(reference: string): AddOnWaitingEntry[] {
    return this.entries.get(reference) ?? [];
  }

  private owned(context: ShopContext, reference: string): Effect.Effect<void, ShopApiError> {
    return this.tokens[reference] !== undefined && this.tokens[reference] === context.cartToken
      ? Effect.void
      : Effect.fail(new ShopApiError({ status: 404, code: "order.not.found", message: "No order was found." }));
  }

  list(context: ShopContext, reference: string) {
    this.calls.push(`list ${reference}`);
    return this.owned(context, reference).pipe(Effect.map(() => this.of(reference)));
  }

  join(context: ShopContext, reference: string, addonId: string) {
    this.calls.push(`join ${reference} ${addonId}`);
    return this.owned(context, reference).pipe(
      Effect.flatMap(() => (parseAddOnId(addonId)?.reference === reference ? Effect.void : Effect.fail(new ShopApiError({ status: 404, code: "5001", message: "This add-on was not found." })))),
      Effect.map(() => {
        const own = this.of(reference).filter((e) => e.status !== "expired" || e.addonId !== addonId);
        if (!own.some((e) => e.addonId === addonId)) {
          const waiting = [...this.entries.values()].flat().filter((e) => e.status === "waiting" && e.addonId.endsWith(addonId.slice(addonId.lastIndexOf("_"))));
          own.push({ addonId, status: "waiting", position: waiting.length + 1, offerExpiresAt: null });
        }
        this.entries.set(reference, own);
        return own;
      }),
    );
  }

  leave(context: ShopContext, reference: string, addonId: string) {
    this.calls.push(`leave ${reference} ${addonId}`);
    return this.owned(context, reference).pipe(
      Effect.map(() => {
        const own = this.of(reference).filter((e) => e.addonId !== addonId);
        this.entries.set(reference, own);
        return own;
      }),
    );
  }
}

import { Schema } from "effect";

/*
 * Wire shapes of the add-on waiting list calls (docs/shop-api.md "Add-on waiting list"; spec §3 Previous order).
 */

/** Where an entry is (domain/add-on-waiting-list.ts WaitingStatus). */
export const AddOnWaitingStatus = Schema.Literals(["waiting", "offered", "expired"]);

/**
 * One add-on of an earlier order on its waiting list: the add-on id (addon_{reference}_{extraId}), its status, the
 * 1-based place among those waiting (null unless waiting) and, while offered, the deadline (ISO 8601) of the unit
 * reserved for this order (null otherwise).
 */
export const AddOnWaitingEntry = Schema.Struct({
  addonId: Schema.String,
  status: AddOnWaitingStatus,
  position: Schema.NullOr(Schema.Int),
  offerExpiresAt: Schema.NullOr(Schema.String),
});
/** An entry of the add-on waiting list. */
export type AddOnWaitingEntry = typeof AddOnWaitingEntry.Type;

/** The entries of one earlier order (every add-on it waits for), in add-on id order. */
export const AddOnWaitingList = Schema.Array(AddOnWaitingEntry);
/** The waiting list of one earlier order. */
export type AddOnWaitingList = typeof AddOnWaitingList.Type;

/** Body of POST /orders/{reference}/add-on-waiting-list: the sold-out add-on to wait for. */
export const JoinAddOnWaitingListBody = Schema.Struct({ addonId: Schema.String.check(Schema.isMinLength(1)) });

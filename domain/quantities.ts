import type { BasketGroup } from "./pricing.ts";
import type { Product } from "./product.schema.ts";

/** Ticket cap: min(maxTicketAmount, maxQuantity), maxQuantity ignored when absent; never below 0. spec §5 Quantities. */
export const ticketCap = (maxTicketAmount: number, maxQuantity?: number | null): number =>
  Math.max(0, maxQuantity === undefined || maxQuantity === null ? maxTicketAmount : Math.min(maxTicketAmount, maxQuantity));

/** A requested ticket quantity checked against the cap: Within, or OverLimit with code 5004 and the clamped quantity. spec §5, §8. */
export type TicketQuantityCheck =
  | { readonly _tag: "Within"; readonly quantity: number }
  | { readonly _tag: "OverLimit"; readonly code: 5004; readonly quantity: number; readonly requested: number };

/**
 * Checks a requested ticket quantity (negative or fractional input floors into 0..) against `cap` (ticketCap):
 * above the cap gives OverLimit (5004) with quantity = cap; otherwise Within. spec §5 Quantities, §8 5004.
 */
export const checkTicketQuantity = (requested: number, cap: number): TicketQuantityCheck => {
  const wanted = Math.max(0, Math.floor(requested));
  const limit = Math.max(0, Math.floor(cap));
  return wanted > limit
    ? { _tag: "OverLimit", code: 5004, quantity: limit, requested: wanted }
    : { _tag: "Within", quantity: wanted };
};

/** What the ticket select's options depend on: the shop's maxTicketAmount, the ticket's maxQuantity, the other tickets in the cart, the quantity options' minimum (minimumQuantityOf) and the allowed maximum (itemQuantityMax). */
export interface TicketPickerInput {
  readonly maxTicketAmount: number;
  readonly maxQuantity?: number | null | undefined;
  readonly otherTicketsInCart: number;
  readonly minimum: number;
  readonly allowedMax: number;
}

/**
 * Options of the ticket select (spec §5 Quantities, §4): 0, `minimum` to `allowedMax`, and one over the ticket cap when
 * the cap is the limit, which checkTicketQuantity turns into 5004.
 */
export const ticketPickerOptions = (input: TicketPickerInput): ReadonlyArray<number> => {
  const allowed = Math.max(0, Math.floor(input.allowedMax));
  const min = Math.max(1, Math.floor(input.minimum));
  const other = Math.max(0, input.otherTicketsInCart);
  const capLeft = Math.max(0, ticketCap(input.maxTicketAmount, input.maxQuantity) - other);
  const range = Array.from({ length: Math.max(0, allowed - min + 1) }, (_, i) => min + i);
  const overCap = allowed === capLeft && capLeft + 1 <= input.maxTicketAmount + 1 - other ? [capLeft + 1] : [];
  return [0, ...range, ...overCap];
};

/** Lowest quantity option: max(minQuantity, meta.minimumQuantity, 1). spec §5 Quantities. */
export const minimumQuantityOf = (product: Pick<Product, "minQuantity" | "meta">): number =>
  Math.max(product.minQuantity ?? 1, product.meta?.minimumQuantity ?? 1, 1);

/** Quantity options from minimumQuantityOf(product) up to `allowedMax` inclusive (empty when the minimum is above it). spec §5. */
export const quantityOptions = (product: Pick<Product, "minQuantity" | "meta">, allowedMax: number): ReadonlyArray<number> => {
  const min = minimumQuantityOf(product);
  return Array.from({ length: Math.max(0, Math.floor(allowedMax) - min + 1) }, (_, i) => min + i);
};

/** An extra-ticket group of shopSettings.fields.allowedExtraTickets: ticket ids sharing one maxQuantity. spec §3, §5. */
export interface ExtraTicketGroup {
  readonly ticketIds: ReadonlyArray<string>;
  readonly maxQuantity: number;
}

/**
 * Limit of `productId` inside its extra-ticket group: maxQuantity minus the other group tickets in the cart
 * (never below 0); null when the product is in no group. `cartProducts` maps id to quantity. spec §5 Quantities.
 */
export const extraTicketLimit = (
  groups: ReadonlyArray<ExtraTicketGroup>,
  productId: string,
  cartProducts: Readonly<Record<string, number>>,
): number | null => {
  const group = groups.find((g) => g.ticketIds.includes(productId));
  if (!group) return null;
  const others = group.ticketIds
    .filter((id) => id !== productId)
    .reduce((n, id) => n + (Object.hasOwn(cartProducts, id) ? Math.max(0, cartProducts[id] ?? 0) : 0), 0);
  return Math.max(0, group.maxQuantity - others);
};

/** Stepper default maximum when the product has no maxQuantity. spec §5 Quantities. */
export const STEPPER_DEFAULT_MAX = 9;
/** Stepper default minimum. spec §5 Quantities. */
export const STEPPER_DEFAULT_MIN = 0;

/**
 * Stepper maximum: min(maxQuantity (default 9), maxTicketAmount (when given)) minus `otherInCart` (the quantity
 * of other tickets already in the cart), limited by stock, never below 0. spec §5 Quantities.
 */
export const stepperMax = (input: {
  readonly maxQuantity?: number | null;
  readonly maxTicketAmount?: number | null;
  readonly otherInCart: number;
  readonly stock: number;
}): number => {
  const productMax = input.maxQuantity ?? STEPPER_DEFAULT_MAX;
  const cap = input.maxTicketAmount === undefined || input.maxTicketAmount === null ? productMax : Math.min(productMax, input.maxTicketAmount);
  return Math.max(0, Math.min(cap - Math.max(0, input.otherInCart), input.stock));
};

/** Stepper minus: at or below `min` drops to 0, otherwise one less (never below 0). spec §4 "Cart updates on item screens". */
export const stepperMinus = (current: number, min: number = STEPPER_DEFAULT_MIN): number =>
  current <= min ? 0 : Math.max(0, current - 1);

/** Stepper plus: below `min` jumps to min, otherwise one more; a step past `max` leaves the value unchanged. spec §4. */
export const stepperPlus = (current: number, min: number, max: number): number => {
  const next = current < min ? min : current + 1;
  return next > max ? current : next;
};

/**
 * The most of one item an item screen allows: tickets by maxTicketAmount less the cart's other tickets and their
 * extra-ticket group, other types by their maxQuantity (default 9). spec §5 Quantities.
 */
export const itemQuantityMax = (input: {
  readonly product: Pick<Product, "id" | "type" | "stock" | "maxQuantity">;
  readonly cartProducts: Readonly<Record<string, number>>;
  readonly maxTicketAmount: number;
  readonly ticketsInCart: number;
  readonly extraTicketGroups?: ReadonlyArray<ExtraTicketGroup>;
}): number => {
  const { product, cartProducts } = input;
  const inCart = Object.hasOwn(cartProducts, product.id) ? Math.max(0, cartProducts[product.id] ?? 0) : 0;
  if (product.type !== "ticket") {
    return stepperMax({ maxQuantity: product.maxQuantity ?? null, otherInCart: 0, stock: product.stock + inCart });
  }
  const max = stepperMax({
    maxQuantity: product.maxQuantity ?? input.maxTicketAmount,
    maxTicketAmount: input.maxTicketAmount,
    otherInCart: input.ticketsInCart - inCart,
    stock: product.stock + inCart,
  });
  const groupLimit = extraTicketLimit(input.extraTicketGroups ?? [], product.id, cartProducts);
  return groupLimit === null ? max : Math.min(max, groupLimit);
};

/** How many tickets (type ticket) `cartProducts` (product id to quantity) holds of `products`: what the ticket cap counts. spec §5 Quantities. */
export const ticketsInCart = (products: ReadonlyArray<Pick<Product, "id" | "type">>, cartProducts: Readonly<Record<string, number>>): number =>
  products.filter((p) => p.type === "ticket").reduce((n, p) => n + Math.max(0, Object.hasOwn(cartProducts, p.id) ? (cartProducts[p.id] ?? 0) : 0), 0);

/** What a basket line offers in place (spec §3 Basket line view `maxAmount`, `hideButtons`, `showRemoveButton`): the quantity stepper's bounds, whether it shows, and whether a remove button does. */
export interface BasketLineControls {
  /** The most the line may hold (itemQuantityMax: stock, maxQuantity or 9, the ticket cap, an extra-ticket group). */
  readonly maxAmount: number;
  /** The stepper's minimum (minimumQuantityOf): minus at or below it removes the line (stepperMinus). */
  readonly minimum: number;
  readonly hideButtons: boolean;
  readonly showRemoveButton: boolean;
}

/** Basket groups whose lines change only where they were chosen: upgrades on the upgrade step (spec §4), travel on the travel screens (its removal asks 6001 there, spec §4). */
const CHOSEN_ELSEWHERE: ReadonlyArray<BasketGroup> = ["upgrades", "travel"];

/**
 * The controls of a basket line (spec §3 Basket line view, §2 Basket screen): a stepper and remove while the cart is
 * editable, only remove for a membership (spec §6), none for upgrades and travel.
 */
export const basketLineControls = (input: {
  readonly group: BasketGroup;
  readonly product: Pick<Product, "id" | "type" | "stock" | "maxQuantity" | "minQuantity" | "meta">;
  readonly cartProducts: Readonly<Record<string, number>>;
  readonly maxTicketAmount: number;
  readonly ticketsInCart: number;
  readonly extraTicketGroups?: ReadonlyArray<ExtraTicketGroup>;
  readonly editable: boolean;
}): BasketLineControls => {
  const fixed = !input.editable || CHOSEN_ELSEWHERE.includes(input.group);
  return {
    maxAmount: itemQuantityMax(input),
    minimum: minimumQuantityOf(input.product),
    hideButtons: fixed || input.group === "memberships",
    showRemoveButton: !fixed,
  };
};

import type { CheckoutError } from "./cart.schema.ts";
import { isTravelEntranceTicket } from "./product-catalogue.ts";
import { MAX_ORDERS_PER_ACCOUNT_ERROR, TRAVEL_OCCUPANTS_ERROR } from "./error-catalogue.ts";
import type { Product } from "./product.schema.ts";

/*
 * When a cart may check out (checkoutAllowed, spec §3 Cart, §5 Order button) and when an order may be placed on it
 * (spec §7 POST /carts/{id}/orders). One home for the rule: the reference server computes checkoutAllowed and refuses
 * orders with these functions; the web app reads checkoutAllowed from the server.
 */

/** Message of the occupants checkout error: persons booked vs entrance tickets in the cart. spec §8. */
export const occupantsMessage = (persons: number, tickets: number): string =>
  `The hotel booking is for ${persons} ${persons === 1 ? "person" : "persons"}, but the cart has ${tickets} entrance ${tickets === 1 ? "ticket" : "tickets"}; these must be equal.`;

/**
 * Entrance tickets a cart holds (units): products of type ticket, only the travel entrance tickets
 * (isTravelEntranceTicket) when the cart has any. spec §3 Product categories, §8 occupants rule.
 */
export const entranceTicketCount = (lineProducts: ReadonlyArray<Pick<Product, "id" | "type" | "categories">>, lines: Readonly<Record<string, number>>): number => {
  const tickets = lineProducts.filter((p) => p.type === "ticket" && (lines[p.id] ?? 0) > 0);
  const counted = tickets.some(isTravelEntranceTicket) ? tickets.filter(isTravelEntranceTicket) : tickets;
  return counted.reduce((n, p) => n + (lines[p.id] ?? 0), 0);
};

/** The occupants rule: with hotel rooms for `persons` (0: no room, no rule) the entrance tickets must equal them; the checkout error otherwise. spec §8. */
export const occupantsCheckoutErrors = (persons: number, entranceTickets: number, hasRooms: boolean): CheckoutError[] =>
  !hasRooms || persons === entranceTickets ? [] : [{ code: TRAVEL_OCCUPANTS_ERROR, message: occupantsMessage(persons, entranceTickets) }];

/** The message of validation.max.orders.per.account for a limit of `max` orders. spec §8. */
export const maxOrdersMessage = (max: number): string =>
  `You have reached the maximum of ${max} order${max === 1 ? "" : "s"} per account for this event.`;

/** The max-orders-per-account rule (spec §6, §8 8001): the account's `orders` (confirmed, or in payment) reached `max` (undefined: no limit). */
export const accountLimitCheckoutErrors = (max: number | undefined, orders: number): CheckoutError[] =>
  max !== undefined && orders >= max ? [{ code: MAX_ORDERS_PER_ACCOUNT_ERROR, message: maxOrdersMessage(max) }] : [];

/** What decides checkoutAllowed: cart status, expiry at now, its lines and their products, hotel bookings, the server's checkoutErrors. */
export interface CheckoutFacts {
  readonly status: "shopping" | "in_payment" | "confirmed";
  readonly expired: boolean;
  readonly lines: Readonly<Record<string, number>>;
  readonly lineProducts: ReadonlyArray<Pick<Product, "id" | "type">>;
  /** True when the cart books hotel rooms or add-ons (a travel cart). */
  readonly hasTravel: boolean;
  readonly checkoutErrors: ReadonlyArray<CheckoutError>;
}

/** True when the cart holds something to buy: a line that is not insurance (refund protection alone is no order), or a hotel booking. spec §3, §5. */
export const hasItemsToBuy = (facts: Pick<CheckoutFacts, "lines" | "lineProducts" | "hasTravel">): boolean =>
  facts.hasTravel || facts.lineProducts.some((p) => p.type !== "insurance" && (facts.lines[p.id] ?? 0) > 0);

/** checkoutAllowed of the wire cart: shopping, not expired, something to buy, no checkoutErrors. spec §3 Cart, §5 Order button. */
export const isCheckoutAllowed = (facts: CheckoutFacts): boolean =>
  facts.status === "shopping" && !facts.expired && hasItemsToBuy(facts) && facts.checkoutErrors.length === 0;

/** Code of the refusal of an order the cart may not place (409). docs/shop-api.md Orders. */
export const CHECKOUT_NOT_ALLOWED = "checkout.not.allowed";
/** Checkout error of a cart without checkout details (PUT /carts/{id} first). spec §7. */
export const DETAILS_MISSING_ERROR = "checkout.details.missing";
/** Checkout error of a cart with nothing to buy (empty, or only insurance). spec §3. */
export const NOTHING_TO_BUY_ERROR = "checkout.cart.empty";

/**
 * Why an order may not be placed on the cart (empty: it may): its checkoutErrors, nothing to buy, no checkout
 * details, or not shopping/expired (checkoutAllowed false). The same rule as isCheckoutAllowed plus the details.
 * spec §5 Order button, §7 orders.
 */
export const orderRefusals = (facts: CheckoutFacts & { readonly hasDetails: boolean }): CheckoutError[] => {
  const refusals: CheckoutError[] = [...facts.checkoutErrors];
  if (!hasItemsToBuy(facts)) refusals.push({ code: NOTHING_TO_BUY_ERROR, message: "The cart has nothing to order." });
  if (!facts.hasDetails) refusals.push({ code: DETAILS_MISSING_ERROR, message: "The checkout details are missing." });
  if (refusals.length === 0 && !isCheckoutAllowed(facts)) refusals.push({ code: CHECKOUT_NOT_ALLOWED, message: "This cart cannot check out." });
  return refusals;
};

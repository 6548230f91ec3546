import type { SaleModeRules } from "./sale-mode.ts";

/*
 * The gates that depend on who the visitor is (spec §6 Roles and permissions): who may use a cart, whether a shop
 * takes orders, one membership per account and whose orders count against maxOrdersPerAccount. One home for each rule:
 * the reference Shop API decides with these functions; the web app reads the same ones for its early checks and shows
 * the server's answer (6004, 6005, 3005, 8001).
 */

/** An account as an x-user-token proves it: the issuer and the subject (account id). spec §6. */
export interface AccountRef {
  readonly issuer: string;
  readonly sub: string;
}

/** True when both name the same account (same issuer and subject). */
export const sameAccount = (a: AccountRef, b: AccountRef): boolean => a.issuer === b.issuer && a.sub === b.sub;

/**
 * Who may call a cart (spec §6): `allowed`; `login` when the shop needs an account (sale rules' login) and the call has
 * none (6004); `other-account` when the cart is another account's. Without that need, an anonymous call is allowed (logged out).
 */
export type CartAccess = "allowed" | "login" | "other-account";

/** Decides CartAccess from the shop's sale rules, the cart's owner (null: anonymous cart) and the caller's account (null: anonymous). spec §6. */
export const cartAccess = (rules: Pick<SaleModeRules, "login">, owner: AccountRef | null, caller: AccountRef | null): CartAccess => {
  if (caller === null) return rules.login === "account" ? "login" : "allowed";
  return owner === null || sameAccount(owner, caller) ? "allowed" : "other-account";
};

/** What the one-membership rule decides on: the line's new quantity, other membership lines in the same cart (units), and the account's holdings when known. */
export interface MembershipLineFacts {
  /** The membership line's new quantity (0 removes it). */
  readonly quantity: number;
  /** Units of other membership products in the same cart. */
  readonly otherLinesInCart: number;
  /** The account's holdings (undefined for an anonymous cart): an active membership (status 1 or more), and memberships in its other carts or orders. */
  readonly account?: { readonly membershipStatus: number; readonly heldElsewhere: number };
}

/**
 * One membership per account (spec §6, §8 3005): true when a membership line may not be set (above 1, or another
 * membership in the cart, the account or its other carts). Removing is always allowed.
 */
export const membershipLineRefused = (facts: MembershipLineFacts): boolean =>
  facts.quantity > 1 ||
  (facts.quantity > 0 &&
    (facts.otherLinesInCart > 0 || (facts.account !== undefined && (facts.account.membershipStatus >= 1 || facts.account.heldElsewhere > 0))));

/**
 * Whose orders count against maxOrdersPerAccount (spec §6, §8 8001): the cart's account when it has one, else the
 * checkout e-mail trimmed and lower-cased (so " Anna@Example.com" and "anna@example.com" are one account), else
 * nobody (no details yet: nothing to count).
 */
export type OrderAccount = { readonly kind: "account"; readonly account: AccountRef } | { readonly kind: "email"; readonly email: string };

/** The OrderAccount of a cart: its owner, else its normalised checkout e-mail, else null. spec §6 maxOrdersPerAccount. */
export const orderAccountOf = (owner: AccountRef | null, email: string | null | undefined): OrderAccount | null => {
  if (owner !== null) return { kind: "account", account: owner };
  const address = email?.trim().toLowerCase() ?? "";
  return address === "" ? null : { kind: "email", email: address };
};

import type { SaleModeRules } from "./sale-mode.ts";

/**
 * What the pre-registration overview (/{slug}/register) shows, from the shop, the login state and the saved wishlist
 * (spec §1, §2 Routes, §3, §6 Roles, §8 3000 / 3002).
 */
export type RegistrationView =
  | { readonly _tag: "Closed" }
  | { readonly _tag: "Checking" }
  | { readonly _tag: "LoginNeeded" }
  | { readonly _tag: "Unavailable" }
  | { readonly _tag: "Failed" }
  | { readonly _tag: "NotRegistered" }
  | { readonly _tag: "Registered"; readonly products: Readonly<Record<string, number>> };

/** The single sign-on state as the UI knows it (ui/shell/login-state.ts SsoState's status). spec §4 Login state. */
export type SsoStatus = "unknown" | "unavailable" | "anonymous" | "user";

/** Where reading the saved wishlist stands: not (yet) known, failed, or read (`products` null when none is saved). spec §7 get wishlists. */
export type WishlistRead =
  | { readonly status: "pending" }
  | { readonly status: "failed" }
  | { readonly status: "loaded"; readonly products: Readonly<Record<string, number>> | null };

/**
 * Decides the registration overview's view (RegistrationView) from the sale rules (a shop whose cart is no wishlist is
 * Closed), the single sign-on state and, logged in, the saved wishlist. spec §1, §2 Routes, §3, §6, §8 3000 / 3002.
 */
export const registrationViewOf = (input: {
  readonly rules: Pick<SaleModeRules, "order">;
  readonly sso: SsoStatus;
  readonly wishlist: WishlistRead;
}): RegistrationView => {
  // Closed first, so the server can render it without a login state. For a logged-in user: pending Checking, failed
  // Failed, no products of quantity 1 or more NotRegistered, else Registered with those (whole quantities >= 1 only).
  if (input.rules.order !== "wishlist") return { _tag: "Closed" };
  switch (input.sso) {
    case "unknown":
      return { _tag: "Checking" };
    case "unavailable":
      return { _tag: "Unavailable" };
    case "anonymous":
      return { _tag: "LoginNeeded" };
    // Stryker disable next-line ConditionalExpression,StringLiteral: this case only leaves the switch, which an unmatched status does as well
    case "user":
      break;
  }
  const { wishlist } = input;
  if (wishlist.status === "pending") return { _tag: "Checking" };
  if (wishlist.status === "failed") return { _tag: "Failed" };
  const products = Object.fromEntries(
    Object.entries(wishlist.products ?? {}).filter(([, quantity]) => Number.isInteger(quantity) && quantity >= 1),
  );
  return Object.keys(products).length === 0 ? { _tag: "NotRegistered" } : { _tag: "Registered", products };
};

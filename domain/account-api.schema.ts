import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";
import { TravelCart } from "./travel.schema.ts";

/** Most products one wishlist names, and most of one product: bounds of a wishlist (a shop sells far fewer). spec §3 Wishlist. */
export const WISHLIST_LIMITS = { products: 200, quantity: 1000, productIdLength: 100 } as const;

/** Most bytes of an account API body (PUT wishlists, POST newsletter): past it 413, before any decoding. */
export const ACCOUNT_API_BODY_LIMIT_BYTES = 32 * 1024;

/**
 * The scope an access token needs per account API call (docs/web-app-ports.md "Account API"): `profile` for membership
 * and wishlists, `email` for the newsletter. spec §6, §7.
 */
export const ACCOUNT_API_SCOPES = { membership: "profile", wishlists: "profile", newsletter: "email" } as const;

/**
 * Wishlist preferences on the account API wire (spec §3 Wishlist and pre-registration): products (id -> positive
 * integer quantity, at most WISHLIST_LIMITS), totalAmount in euros, never negative (cents inside), and travelCart: the
 * travel cart of spec §3 Travel package, or null.
 */
export const WishlistPreferencesWire = Schema.Struct({
  products: Schema.Record(
    Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(WISHLIST_LIMITS.productIdLength)),
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: WISHLIST_LIMITS.quantity })),
  ).check(Schema.isMaxProperties(WISHLIST_LIMITS.products)),
  totalAmount: EurosAsCents.check(Schema.isGreaterThanOrEqualTo(0)),
  travelCart: Schema.NullOr(TravelCart),
});

/** GET /wishlists/{eventId}/{year} answer `{data:{eventId, year, preferences}}`. */
export const WishlistAnswer = Schema.Struct({
  data: Schema.Struct({ eventId: Schema.String, year: Schema.Int, preferences: WishlistPreferencesWire }),
});

/** PUT /wishlists/{eventId}/{year} body `{preferences}`. */
export const WishlistBody = Schema.Struct({ preferences: WishlistPreferencesWire });

/** GET /membership answer `{data:{status, level}}`: status 0 = no membership, level null when none. spec §4 Login state. */
export const MembershipAnswer = Schema.Struct({
  data: Schema.Struct({ status: Schema.Int, level: Schema.NullOr(Schema.String) }),
});

/** POST /newsletter body: `{email}` (sign up that address, at most 254 characters) or `{}` (the account's own address, with the page's query string). spec §7 newsletter signup. */
export const NewsletterBody = Schema.Struct({ email: Schema.optional(Schema.String.check(Schema.isMinLength(3), Schema.isMaxLength(254), Schema.isPattern(/^[^\s@]+@[^\s@]+$/))) });

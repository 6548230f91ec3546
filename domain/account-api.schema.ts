import { Schema } from "effect";
import { EurosAsCents } from "./money.schema.ts";

/** Wishlist preferences on the account API wire: products (id -> quantity), totalAmount in euros (cents inside), travelCart (opaque or null). spec §3 Wishlist. */
export const WishlistPreferencesWire = Schema.Struct({
  products: Schema.Record(Schema.String, Schema.Int),
  totalAmount: EurosAsCents,
  travelCart: Schema.NullOr(Schema.Unknown),
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

/** POST /newsletter body: `{email}` (sign up that address) or `{}` (the account's own address, with the page's query string). spec §7 newsletter signup. */
export const NewsletterBody = Schema.Struct({ email: Schema.optional(Schema.String) });

import type { Effect } from "effect";
import type { ApiFailure } from "../errors.ts";
import type { ShopContext } from "./shop-context.ts";

/**
 * A transport request mail (spec §7 Other calls "Mail: POST to a mail endpoint for transport requests", payload
 * not shown by the spec, so defined here): who asks (name, email, phoneNumber), for which event (eventNamespace),
 * how many persons, from where (departureCity) and free text (message).
 */
export interface TransportRequestMail {
  readonly eventNamespace: string;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber?: string;
  readonly persons: number;
  readonly departureCity: string;
  readonly message?: string;
}

/** Port to the mail endpoint (POST {host}/api/mail/transport-requests with the shop's headers, answer 202). spec §7 Other calls. */
export interface MailApi {
  /** Sends a transport request mail for the shop of `context`; fails with an ApiFailure (400 request.invalid for a bad payload, 401 shop.token.invalid). */
  sendTransportRequest(context: ShopContext, mail: TransportRequestMail): Effect.Effect<void, ApiFailure>;
}

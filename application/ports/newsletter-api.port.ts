import type { Effect } from "effect";
import type { ApiFailure } from "../errors.ts";

/**
 * A newsletter subscription made when the newsletter box is ticked at checkout (spec §7 Other calls, details not
 * shown by the spec, so defined here): email, optional first and last name, the UI locale and the event namespace.
 */
export interface NewsletterSubscription {
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly locale: string;
  readonly eventNamespace: string;
}

/** Port to the newsletter endpoint (POST {host}/api/newsletter/subscriptions, answer 201 or 204). spec §7 Other calls. */
export interface NewsletterApi {
  /** Subscribes the address; fails with an ApiFailure. */
  subscribe(subscription: NewsletterSubscription): Effect.Effect<void, ApiFailure>;
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../errors.ts";
import type { NewsletterApi, NewsletterSubscription } from "../ports/newsletter-api.port.ts";
import { NEWSLETTER_API } from "../ports/tokens.ts";

/** Subscribes the checkout e-mail to the newsletter only when the newsletter box is ticked (spec §7 Other calls). Answers whether it subscribed; fails with the ApiFailure of the call. */
@injectable()
export class SubscribeNewsletter {
  constructor(@inject(NEWSLETTER_API) private readonly newsletter: NewsletterApi) {}

  /** Subscribes when `ticked`; true when a subscription was sent. */
  execute({ subscription, ticked }: { readonly subscription: NewsletterSubscription; readonly ticked: boolean }): Effect.Effect<boolean, ApiFailure> {
    if (!ticked) return Effect.succeed(false);
    return this.newsletter.subscribe(subscription).pipe(Effect.as(true));
  }
}

import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../../application/errors.ts";
import type { NewsletterApi, NewsletterSubscription } from "../../application/ports/newsletter-api.port.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendSiteRequest } from "./site-request.ts";

/** Path of the newsletter subscribe endpoint (defined here: spec §7 gives no details). docs/web-app-ports.md. */
export const NEWSLETTER_SUBSCRIPTIONS_PATH = "/api/newsletter/subscriptions";

/** NewsletterApi over fetch: POST {host}/api/newsletter/subscriptions with the NewsletterSubscription as JSON; any 2xx (201/204) is success. spec §7 Other calls. */
@injectable()
export class HttpNewsletterApi implements NewsletterApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** Subscribes; ShopApiError for a refused address, NetworkError when unreachable. */
  subscribe(subscription: NewsletterSubscription): Effect.Effect<void, ApiFailure> {
    return sendSiteRequest({ url: `${this.baseUrl}${NEWSLETTER_SUBSCRIPTIONS_PATH}`, method: "POST", body: subscription }, this.http).pipe(Effect.asVoid);
  }
}

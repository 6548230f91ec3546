import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../../application/errors.ts";
import type { MailApi, TransportRequestMail } from "../../application/ports/mail-api.port.ts";
import type { ShopContext } from "../../application/ports/shop-context.ts";
import { API_BASE_URL } from "./api-base-url.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { shopHeaders } from "./shop-api-request.ts";
import { sendSiteRequest } from "./site-request.ts";

/** Path of the transport request mail endpoint (defined here: spec §7 shows neither path nor payload). docs/web-app-ports.md. */
export const TRANSPORT_REQUEST_MAIL_PATH = "/api/mail/transport-requests";

/** MailApi over fetch: POST {host}/api/mail/transport-requests with the shop's headers (namespace, bearer shop token) and the TransportRequestMail as JSON; any 2xx (202) is success. spec §7 Other calls. */
@injectable()
export class HttpMailApi implements MailApi {
  constructor(
    @inject(API_BASE_URL) private readonly baseUrl: string,
    @inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch,
  ) {}

  /** Sends the mail request for the shop of `context`; ShopApiError for a refused payload or shop token, NetworkError when unreachable. */
  sendTransportRequest(context: ShopContext, mail: TransportRequestMail): Effect.Effect<void, ApiFailure> {
    const request = { url: `${this.baseUrl}${TRANSPORT_REQUEST_MAIL_PATH}`, method: "POST" as const, body: mail, headers: shopHeaders(context) };
    return sendSiteRequest(request, this.http).pipe(Effect.asVoid);
  }
}

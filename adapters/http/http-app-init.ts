import { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../../application/errors.ts";
import type { AppInit } from "../../application/ports/app-init.port.ts";
import { globalFetch, HTTP_FETCH, type HttpFetch } from "./http-fetch.ts";
import { sendSiteRequest } from "./site-request.ts";

/** AppInit over fetch: GET {origin}/api/init on the page's own origin; any 2xx (204) is success, the body is ignored. spec §7 Other calls. */
@injectable()
export class HttpAppInit implements AppInit {
  constructor(@inject(HTTP_FETCH) private readonly http: HttpFetch = globalFetch) {}

  /** Calls {origin}/api/init. */
  init(origin: string): Effect.Effect<void, ApiFailure> {
    return sendSiteRequest({ url: `${origin.replace(/\/+$/, "")}/api/init`, method: "GET" }, this.http).pipe(Effect.asVoid);
  }
}

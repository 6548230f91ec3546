import type { Effect } from "effect";
import { inject, injectable } from "tsyringe";
import type { ApiFailure } from "../errors.ts";
import type { MailApi, TransportRequestMail } from "../ports/mail-api.port.ts";
import type { ShopContext } from "../ports/shop-context.ts";
import { MAIL_API } from "../ports/tokens.ts";

/** Sends a transport request mail (spec §7 Other calls "Mail: POST to a mail endpoint for transport requests"). Fails with the ApiFailure of the call. */
@injectable()
export class SendTransportRequest {
  constructor(@inject(MAIL_API) private readonly mail: MailApi) {}

  /** Sends `mail` once, for the shop of `context` (its headers authenticate the call). */
  execute({ context, mail }: { readonly context: ShopContext; readonly mail: TransportRequestMail }): Effect.Effect<void, ApiFailure> {
    return this.mail.sendTransportRequest(context, mail);
  }
}

import { Data } from "effect";
import type { FailureFields } from "../failure.ts";

/** `queue.token.required`: the shop's payment queue is on and POST /carts has no paymentQueueToken. spec §7. Status: server/http/failure-status.ts. */
export class QueueTokenRequired extends Data.TaggedError("QueueTokenRequired")<FailureFields> {}
/** `queue.token.invalid`: forged (signature, issuer), another shop's, expired, or used for a cart already. spec §7, §8 "join the queue". */
export class QueueTokenInvalid extends Data.TaggedError("QueueTokenInvalid")<FailureFields> {}

/** QueueTokenRequired `queue.token.required`. spec §7. */
export const queueTokenRequired = (): QueueTokenRequired =>
  new QueueTokenRequired({ code: "queue.token.required", message: "Join the queue first: this shop needs a payment queue token to open a cart." });
/** QueueTokenInvalid `queue.token.invalid`, its message naming the reason. spec §7, §8. */
export const queueTokenInvalid = (reason: "forged" | "other-shop" | "expired" | "used"): QueueTokenInvalid =>
  new QueueTokenInvalid({
    code: "queue.token.invalid",
    message: {
      forged: "This payment queue token is not valid: join the queue again.",
      "other-shop": "This payment queue token is for another shop: join this shop's queue.",
      expired: "This payment queue token has expired: join the queue again.",
      used: "This payment queue token has been used for a cart already: join the queue again.",
    }[reason],
  });

/**
 * The query parameter under which the waiting room sends a visitor back with its token (spec §3 queueUrl, §7 POST
 * /carts paymentQueueToken), kept on every navigation (spec §2 Routes).
 */
export const PAYMENT_QUEUE_TOKEN_PARAM = "paymentQueueToken";

/** The Shop API codes of a refused payment queue token (missing; forged, expired, another shop's or used): the visitor must join the queue again. spec §7, §8. */
export const QUEUE_REFUSAL_CODES: ReadonlyArray<string> = ["queue.token.required", "queue.token.invalid"];

/** The payment queue token in a query string (with or without "?"), or undefined when absent or blank. */
export const queueTokenOf = (query: string): string | undefined => {
  const token = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query).get(PAYMENT_QUEUE_TOKEN_PARAM)?.trim();
  return token ? token : undefined;
};


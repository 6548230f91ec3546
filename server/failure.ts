import { Data } from "effect";

/*
 * The expected failures of the reference Shop API are tagged errors (`Data.TaggedError`, `_tag` = class name), the
 * web side's style: each module declares its own in `<module>.errors.ts`, each carrying the spec §8 / docs/shop-api.md
 * code. Services throw them and never choose an HTTP status: server/http/failure-status.ts maps every tag to its
 * status and the `{error:{code,message}}` envelope in one exhaustive table.
 */

/** What every failure carries: its spec §8 / docs/shop-api.md `code`, a `message` for people, and `extra` fields of the envelope's `error` object. */
export interface FailureFields {
  readonly code: string;
  readonly message: string;
  /** More fields of the `error` object (e.g. checkoutErrors of a refused order). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** `request.invalid`: a malformed request; the message names the offending field(s). */
export class RequestInvalid extends Data.TaggedError("RequestInvalid")<FailureFields> {}
/** `request.invalid`: a well-formed request whose content cannot be processed (checkout details, order, room persons). */
export class RequestUnprocessable extends Data.TaggedError("RequestUnprocessable")<FailureFields> {}

/** RequestInvalid `request.invalid` whose message names the offending field(s). */
export const invalidRequest = (message: string): RequestInvalid => new RequestInvalid({ code: "request.invalid", message });
/** RequestUnprocessable `request.invalid` whose message names the offending field(s). */
export const unprocessableRequest = (message: string): RequestUnprocessable => new RequestUnprocessable({ code: "request.invalid", message });

import { Data } from "effect";
import type { FailureFields } from "../failure.ts";

/*
 * The failures of the Pact provider states (contract verification only). Statuses: server/http/failure-status.ts.
 */

/** `provider.state.invalid` / `provider.state.unknown`: a Pact provider state that names what does not exist. */
export class ProviderStateInvalid extends Data.TaggedError("ProviderStateInvalid")<FailureFields> {}
/** `provider.state.failed`: setting a Pact provider state up failed (a call it made was refused, or it cannot mint a token). */
export class ProviderStateFailed extends Data.TaggedError("ProviderStateFailed")<FailureFields> {}

/** ProviderStateInvalid `provider.state.invalid` (or `code`, e.g. provider.state.unknown). */
export const providerStateInvalid = (message: string, code = "provider.state.invalid"): ProviderStateInvalid => new ProviderStateInvalid({ code, message });
/** ProviderStateFailed `provider.state.failed`. */
export const providerStateFailed = (message: string): ProviderStateFailed => new ProviderStateFailed({ code: "provider.state.failed", message });

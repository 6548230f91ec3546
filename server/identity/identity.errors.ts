import { Data } from "effect";
import type { FailureFields } from "../failure.ts";

/** `user.token.invalid`: the x-user-token is no id token of the trusted issuer for this shop's client (bad signature, issuer, audience, expired). spec §6. Status: server/http/failure-status.ts. */
export class UserTokenInvalid extends Data.TaggedError("UserTokenInvalid")<FailureFields> {}

/** UserTokenInvalid `user.token.invalid`. spec §6. */
export const userTokenInvalid = (): UserTokenInvalid => new UserTokenInvalid({ code: "user.token.invalid", message: "Your login has expired or is not valid; log in again." });

/** `user.token.missing`: an account call came without an x-user-token (the visitor is not logged in). spec §6. Status: server/http/failure-status.ts. */
export class UserTokenMissing extends Data.TaggedError("UserTokenMissing")<FailureFields> {}

/** UserTokenMissing `user.token.missing`. spec §6. */
export const userTokenMissing = (): UserTokenMissing => new UserTokenMissing({ code: "user.token.missing", message: "Log in to see your orders." });

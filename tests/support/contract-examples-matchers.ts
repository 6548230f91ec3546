import { MatchersV3 } from "@pact-foundation/pact";
import { CART_ID } from "./contract-examples.ts";

/** A cart path whose id the provider state creates and answers as `cartId` (so any running Shop API can verify it). */
export const cartPath = (suffix = "") => MatchersV3.fromProviderState(`/api/v2/carts/\${cartId}${suffix}`, `/api/v2/carts/${CART_ID}${suffix}`);

/** A regex matcher accepting exactly `literals` (a decoder's fixed set, e.g. an effect Schema.Literals' `.literals`). */
export const oneOf = (literals: ReadonlyArray<string>, example: string) =>
  MatchersV3.regex(`^(${literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`, example);

/** The `{error:{code,message}}` body of a refusal: the code exact, the message any string (example given). */
export const failure = (code: string, message: string) => ({ error: { code, message: MatchersV3.string(message) } });

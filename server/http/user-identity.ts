import type { FastifyRequest } from "fastify";
import { USER_TOKEN_HEADER } from "../../domain/api.schema.ts";
import type { UserIdentity, UserTokenVerifier } from "../identity/user-token.ts";
import { userTokenInvalid } from "../identity/identity.errors.ts";

/** The verified identities of requests that carried an x-user-token (set by userIdentityHook). */
const identities = new WeakMap<FastifyRequest, UserIdentity>();

/**
 * Hook of the Shop API calls: verifies an x-user-token (spec §6) before the route runs; a bad or expired one, or any
 * without a trusted issuer, is UserTokenInvalid.
 */
export const userIdentityHook =
  (verifier: UserTokenVerifier | undefined, clock: () => Date, originOf: (request: FastifyRequest) => string) =>
  async (request: FastifyRequest): Promise<void> => {
    const value = request.headers[USER_TOKEN_HEADER];
    if (value === undefined || value === "") return;
    if (typeof value !== "string" || verifier === undefined) throw userTokenInvalid();
    identities.set(request, await verifier(value, originOf(request), clock()));
  };

/** The identity a request proved with its x-user-token (userIdentityHook), or undefined for an anonymous request. spec §6. */
export const requestIdentity = (request: FastifyRequest): UserIdentity | undefined => identities.get(request);

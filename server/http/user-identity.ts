import type { FastifyRequest } from "fastify";
import { USER_TOKEN_HEADER } from "../../domain/api.schema.ts";
import type { UserIdentity, UserTokenVerifier } from "../identity/user-token.ts";
import { userTokenInvalid } from "../identity/identity.errors.ts";

/** The verified identities of requests that carried an x-user-token (set by userIdentityHook). */
const identities = new WeakMap<FastifyRequest, UserIdentity>();

/**
 * onRequest/preHandler hook of the Shop API calls: a request with x-user-token (spec §6) has it verified (`verifier`,
 * at `clock()`, for the browser origin `originOf(request)`) before its route runs; a bad or expired token answers 401
 * user.token.invalid, it is never ignored. Without a verifier (no trusted issuer configured) any x-user-token is 401.
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

import { Cause, Effect, Exit } from "effect";

/** Runs a use case's Effect at the query boundary: resolves its value or rejects with the tagged error itself, so react-query's `error` has the domain type (docs/architecture.md "Conventions"). */
export const runEffect = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return exit.value;
  throw Cause.squash(exit.cause);
};

/** What a use case method returned, as a Promise: an Effect is run (runEffect), any other value is resolved as it is. ui/use-cases.tsx AsyncUseCase. */
export const runUseCaseResult = (result: unknown): Promise<unknown> => (Effect.isEffect(result) ? runEffect(result as Effect.Effect<unknown, unknown>) : Promise.resolve(result));

import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Effect } from "effect";
import type { DependencyContainer } from "tsyringe";
import type * as AsyncUseCases from "./async-use-cases.ts";
import { isChunkLoadError, reloadAfterChunkFailure } from "./shell/chunk-reload.ts";
import { yieldToMain } from "./shell/yield-to-main.ts";

// biome-ignore lint: constructor of any use case class
type UseCaseClass<T> = new (...args: never[]) => T;

/** The module of the use cases that run Effects (ui/async-use-cases.ts), with effect's runtime. */
type AsyncUseCaseModule = typeof AsyncUseCases;

/** Name of a use case of ui/async-use-cases.ts ("LoadShop", "ChangeProductQuantity", ...). */
export type AsyncUseCaseName = Exclude<keyof AsyncUseCaseModule, "runUseCaseResult">;

/**
 * A use case as the screens call it: its one method `execute(input)` returns a Promise of what the use case's Effect
 * succeeds with, and rejects with its (tagged) error, as `runEffect` does. The use case's code, its adapters and
 * effect's runtime are loaded on the first call, not with the page.
 */
export type AsyncUseCase<T extends { execute: (...args: never[]) => unknown }> = {
  readonly execute: T["execute"] extends (...args: infer P) => infer R ? (...args: P) => Promise<R extends Effect.Effect<infer A, infer _E, infer _R> ? A : Awaited<R>> : never;
};

/** What the screens resolve use cases from: the DI container, and what completes its composition before the first async use case runs. */
interface UseCaseSource {
  readonly container: DependencyContainer;
  readonly loadAsyncUseCases: () => Promise<AsyncUseCaseModule>;
}

const SourceContext = createContext<UseCaseSource | null>(null);

/** Runs `load` once; a failed load (a chunk that did not arrive) is tried again on the next call. */
const onceUntilFailure = <T,>(load: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
};

/**
 * Makes the composed DI container available to the screens, which resolve use cases from it (DESIGN "ui/").
 * `completeComposition` (the browser's: ui/main.tsx) registers the adapters that were left out of the first load in
 * `container` before the first async use case runs; without it the container is complete already (the server, tests).
 * A failed load rejects the call (and reloads the page when a chunk of the build is gone), and is tried again on the next.
 */
export function UseCasesProvider({ container, completeComposition, children }: { container: DependencyContainer; completeComposition?: (() => Promise<void>) | undefined; children: ReactNode }) {
  const source = useMemo<UseCaseSource>(
    () => ({
      container,
      loadAsyncUseCases: onceUntilFailure(() =>
        Promise.all([import("./async-use-cases.ts"), completeComposition?.()]).then(
          ([module]) => module,
          (error: unknown) => {
            // A chunk gone after a deploy: reload the page, at most once a minute (spec §8, as a route's chunk does).
            if (isChunkLoadError(error)) reloadAfterChunkFailure();
            throw error;
          },
        ),
      ),
    }),
    [container, completeComposition],
  );
  return <SourceContext.Provider value={source}>{children}</SourceContext.Provider>;
}

const useSource = (): UseCaseSource => {
  const source = useContext(SourceContext);
  if (!source) throw new Error("use cases need a UseCasesProvider");
  return source;
};

/** Resolves a synchronous use case class (one that runs no Effect: locale, cookies, deep links) from the container; throws when no UseCasesProvider is mounted (a bug) or a port is not registered. */
export function useUseCase<T extends { execute: (...args: never[]) => unknown }>(useCase: UseCaseClass<T>): T {
  const { container } = useSource();
  return useMemo(() => container.resolve(useCase as never) as T, [container, useCase]);
}

/**
 * The use case `name` of ui/async-use-cases.ts as an AsyncUseCase: resolved from the container on its first call, after
 * its module has loaded. A call rejects with the use case's failure, or with the resolution's error when the container
 * lacks one of its ports (screens composed in tests with some ports only). Calls run in the order they were made,
 * each in a task of its own (yieldToMain) unless `ownTask` is false: in the browser a use case's start (effect's
 * runtime, its adapters, the request) never lengthens the task that called it, a tap's handler or a React commit
 * (no long tasks, INP); the server's rendering (ui/entry-server.tsx) has no taps to keep quick and skips it.
 */
export const asyncUseCaseOf = <N extends AsyncUseCaseName>(
  container: DependencyContainer,
  loadAsyncUseCases: () => Promise<AsyncUseCaseModule>,
  name: N,
  { ownTask = true }: { readonly ownTask?: boolean } = {},
): AsyncUseCase<InstanceType<AsyncUseCaseModule[N]>> => {
  const resolved = onceUntilFailure(() => loadAsyncUseCases().then((module) => ({ useCase: container.resolve(module[name] as never) as Record<string, (...args: unknown[]) => unknown>, module })));
  return new Proxy({} as AsyncUseCase<InstanceType<AsyncUseCaseModule[N]>>, {
    // Only string keys are methods; "then" is not one (the facade is not a Promise when a function returns it).
    get: (_, method) =>
      typeof method !== "string" || method === "then"
        ? undefined
        : (...args: unknown[]) =>
            resolved().then(async ({ useCase, module }) => {
              if (ownTask) await yieldToMain();
              return module.runUseCaseResult(useCase[method]!(...args));
            }),
  });
};

/** The async use case `name` (see asyncUseCaseOf) of the container of the nearest UseCasesProvider; the same object across renders. */
export function useAsyncUseCase<N extends AsyncUseCaseName>(name: N): AsyncUseCase<InstanceType<AsyncUseCaseModule[N]>> {
  const { container, loadAsyncUseCases } = useSource();
  return useMemo(() => asyncUseCaseOf(container, loadAsyncUseCases, name), [container, loadAsyncUseCases, name]);
}

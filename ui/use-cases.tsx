import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";
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
type AsyncUseCaseName = Exclude<keyof AsyncUseCaseModule, "runUseCaseResult">;

/**
 * A typed handle on a use case of ui/async-use-cases.ts: a function that picks its class from that module once it has
 * loaded (`(m) => m.LoadShop`), so a screen names the use case without loading its code.
 */
export type AsyncUseCaseToken<T> = (module: AsyncUseCaseModule) => UseCaseClass<T>;

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
 * Makes the composed DI container available to the screens (docs/architecture.md "The hexagon"); `completeComposition`
 * registers the deferred adapters before the first async use case.
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
 * The use case of `useCase` as an AsyncUseCase, resolved on its first call after its module loads; each call runs in a
 * task of its own unless `ownTask` is false (server rendering).
 */
export const asyncUseCaseOf = <T extends { execute: (...args: never[]) => unknown }>(
  container: DependencyContainer,
  loadAsyncUseCases: () => Promise<AsyncUseCaseModule>,
  useCase: AsyncUseCaseToken<T>,
  { ownTask = true }: { readonly ownTask?: boolean } = {},
): AsyncUseCase<T> => {
  const resolved = onceUntilFailure(() => loadAsyncUseCases().then((module) => ({ instance: container.resolve<T>(useCase(module) as never), module })));
  const execute = (...args: Parameters<T["execute"]>) =>
    resolved().then(async ({ instance, module }) => {
      if (ownTask) await yieldToMain();
      return module.runUseCaseResult(instance.execute(...args) as never);
    });
  return { execute } as unknown as AsyncUseCase<T>;
};

/**
 * The async use case that `useCase` picks (see asyncUseCaseOf), from the nearest UseCasesProvider's container; the same
 * object across renders. A call site picks one use case: the first render's picker is kept.
 */
export function useAsyncUseCase<T extends { execute: (...args: never[]) => unknown }>(useCase: AsyncUseCaseToken<T>): AsyncUseCase<T> {
  const { container, loadAsyncUseCases } = useSource();
  const pick = useRef(useCase).current;
  return useMemo(() => asyncUseCaseOf(container, loadAsyncUseCases, pick), [container, loadAsyncUseCases, pick]);
}

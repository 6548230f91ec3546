import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { DependencyContainer } from "tsyringe";

// biome-ignore lint: constructor of any use case class
type UseCaseClass<T> = new (...args: never[]) => T;

const ContainerContext = createContext<DependencyContainer | null>(null);

/** Makes the composed DI container available to the screens, which resolve use cases from it (DESIGN "ui/"). */
export function UseCasesProvider({ container, children }: { container: DependencyContainer; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Resolves a use case class from the container; throws when no UseCasesProvider is mounted (a bug). */
export function useUseCase<T>(useCase: UseCaseClass<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useUseCase needs a UseCasesProvider");
  return useMemo(() => container.resolve(useCase as never) as T, [container, useCase]);
}

import { type QueryClient, QueryClientContext } from "@tanstack/react-query";
import { useContext } from "react";
import { RememberDeepLink } from "../../application/use-cases/remember-deep-link.use-case.ts";
import { type PendingPress, queueDepartureQuery } from "../../domain/queue-return.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { cartUpdateKey } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";

/** The use case `useCase` resolved from the container, or null when the container has no deep-link store (screens composed in tests with some ports). */
export function useOptionalUseCase<T extends { execute: (...args: never[]) => unknown }>(useCase: new (...args: never[]) => T): T | null {
  try {
    return useUseCase(useCase);
  } catch {
    return null;
  }
}

/** The latest cart write of shop `slug` that failed (react-query's mutation cache), as the press to carry out again, or null. */
const latestFailedPress = (queryClient: QueryClient, slug: string): PendingPress | null => {
  const failed = queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartUpdateKey(slug), status: "error" })
    .sort((a, b) => a.state.submittedAt - b.state.submittedAt)
    .at(-1);
  const press = failed?.state.variables as PendingPress | undefined;
  return press && typeof press.productId === "string" && typeof press.quantity === "number" ? press : null;
};

/**
 * Before a visitor leaves for the waiting room (a refused queue token, spec §8): remembers the page and the interrupted
 * cart write in the deep-link cookie, so QueueReturnEffects takes them back there and carries it out.
 */
export function useRememberQueueDeparture(): () => void {
  const remember = useOptionalUseCase(RememberDeepLink);
  // Outside a QueryClientProvider (a screen composed in tests) there is no press to remember, only the page.
  const queryClient = useContext(QueryClientContext);
  return () => {
    const { pathname, search } = window.location;
    const slug = parseShopPath(pathname).slug;
    const query = queueDepartureQuery({ pathname, search, press: slug && queryClient ? latestFailedPress(queryClient, slug) : null });
    if (query !== null) remember?.execute({ query });
  };
}


// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { Effect } from "effect";
import type { ReactNode } from "react";
import { container, type DependencyContainer } from "tsyringe";
import { describe, expect, it } from "vitest";
import { ShopApiError } from "../../application/errors.ts";
import { LOCALE_STORE, SHOP_API } from "../../application/ports/tokens.ts";
import { ChooseLocale } from "../../application/use-cases/choose-locale.use-case.ts";
import { isTagged } from "../../ui/common/is-tagged.ts";
import { type AsyncUseCaseToken, useAsyncUseCase, UseCasesProvider, useUseCase } from "../../ui/use-cases.tsx";
import { InMemoryLocaleStore, InMemoryShopApi } from "../support/in-memory-ports.ts";
import { aShopSummary } from "../support/object-mother.ts";

const SHOPS = [aShopSummary()];

// the use cases that run Effects load after the first render; the screens call them as Promises.
const wrapperOf =
  (di: DependencyContainer, completeComposition?: () => Promise<void>) =>
  ({ children }: { children: ReactNode }) => (
    <UseCasesProvider container={di} completeComposition={completeComposition}>
      {children}
    </UseCasesProvider>
  );

describe("use cases of the screens (ui/use-cases.tsx)", () => {
  it("runs an async use case's Effect on its first call and resolves with what it succeeds with", async () => {
    const di = container.createChildContainer();
    di.register(SHOP_API, { useValue: new InMemoryShopApi(SHOPS, {}, {}) });
    const { result } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di) });
    await expect(result.current.execute()).resolves.toEqual(SHOPS);
    expect(SHOPS[0]?.slug).toBeTruthy();
  });

  it("rejects with the use case's tagged failure itself, which the screens tell apart by its tag", async () => {
    const di = container.createChildContainer();
    const refused = new ShopApiError({ status: 503, code: "1000", message: "Try again later" });
    // ListShops calls nothing of the port but listShops.
    di.register(SHOP_API, { useValue: { listShops: () => Effect.fail(refused) } });
    const { result } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di) });
    const failure = await result.current.execute().catch((error: unknown) => error);
    expect(failure).toBe(refused);
    expect(isTagged<ShopApiError>(failure, "ShopApiError") && failure.code).toBe("1000");
    expect(isTagged(failure, "NetworkError")).toBe(false);
  });

  it("completes the container's composition once, before the first call resolves a use case, and keeps the object across renders", async () => {
    const di = container.createChildContainer();
    let completions = 0;
    const completeComposition = async () => {
      completions += 1;
      di.register(SHOP_API, { useValue: new InMemoryShopApi(SHOPS, {}, {}) });
    };
    const { result, rerender } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di, completeComposition) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await Promise.all([result.current.execute(), result.current.execute()]);
    await result.current.execute();
    expect(completions).toBe(1);
  });

  it("tries the composition again on the next call when its load failed", async () => {
    const di = container.createChildContainer();
    let attempts = 0;
    const completeComposition = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError("Failed to fetch");
      di.register(SHOP_API, { useValue: new InMemoryShopApi(SHOPS, {}, {}) });
    };
    const { result } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di, completeComposition) });
    await expect(result.current.execute()).rejects.toThrow("Failed to fetch");
    await expect(result.current.execute()).resolves.toEqual(SHOPS);
    expect(attempts).toBe(2);
  });

  it("runs each call's Effect in a task of its own, never inside the task that called it (a tap's, a commit's)", async () => {
    const di = container.createChildContainer();
    const started: string[] = [];
    di.register(SHOP_API, { useValue: { listShops: () => Effect.sync(() => (started.push("listShops"), SHOPS)) } });
    const { result } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di) });
    await result.current.execute(); // the first call loads the module
    const call = result.current.execute();
    // Everything the calling task may still run (its microtasks) runs, the use case does not.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(started).toEqual(["listShops"]);
    await expect(call).resolves.toEqual(SHOPS);
    expect(started).toEqual(["listShops", "listShops"]);
  });

  it("is not a thenable (awaiting or returning it from an async function does not call a use case)", async () => {
    const di = container.createChildContainer();
    const { result } = renderHook(() => useAsyncUseCase((m) => m.ListShops), { wrapper: wrapperOf(di) });
    expect((result.current as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(result.current)).toBe(result.current);
  });

  it("runs the use case its picker names, and keeps the first render's picker for the call site", async () => {
    const di = container.createChildContainer();
    di.register(SHOP_API, { useValue: new InMemoryShopApi(SHOPS, {}, {}) });
    const pickers: Array<AsyncUseCaseToken<{ execute: () => unknown }>> = [(m) => m.ListShops, (m) => m.PollNotice];
    let render = 0;
    const { result, rerender } = renderHook(() => useAsyncUseCase(pickers[Math.min(render++, 1)]!), { wrapper: wrapperOf(di) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    await expect(result.current.execute()).resolves.toEqual(SHOPS);
  });

  it("resolves a synchronous use case at render from the container", () => {
    const di = container.createChildContainer();
    di.register(LOCALE_STORE, { useValue: new InMemoryLocaleStore("nl") });
    const { result } = renderHook(() => useUseCase(ChooseLocale).execute(), { wrapper: wrapperOf(di) });
    expect(result.current).toBe("nl");
  });
});

import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkFailure } from "../../ui/shell/chunk-reload.ts";

/** A Storage over a Map. */
const memoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
};

describe("chunk-load failures (spec §8: reload the page, at most once per minute)", () => {
  it("recognises the failed dynamic import of each browser and Vite's CSS preload error, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/assets/a-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: http://x/assets/a-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a-1.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reloads once, remembers when, and not again within the minute", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const location = { reload } as unknown as Location;
    expect(reloadAfterChunkFailure(() => storage, location, 1_000_000)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe("1000000");
    expect(reloadAfterChunkFailure(() => storage, location, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkFailure(() => storage, location, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without sessionStorage, since the guard could not hold", () => {
    const reload = vi.fn();
    expect(reloadAfterChunkFailure(() => null, { reload } as unknown as Location, 0)).toBe(false);
    expect(reloadAfterChunkFailure(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    }, { reload } as unknown as Location, 0)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

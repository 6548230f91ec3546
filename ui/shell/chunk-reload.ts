import { mayReloadAfterChunkFailure } from "../../domain/chunk-reload.ts";

/** sessionStorage key of the time (epoch ms) of the last reload after a chunk-load failure. */
export const CHUNK_RELOAD_KEY = "festival-shop.chunk-reload-at";

/**
 * True for the error a failed dynamic import of one of the build's chunks raises (a module script that could not be
 * fetched or is gone after a deploy): Chromium, Firefox and Safari word it differently; Vite's preload helper throws
 * "Unable to preload CSS".
 */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);

/**
 * Reloads the page after a chunk-load failure when the guard allows (domain mayReloadAfterChunkFailure, spec §8, §9),
 * remembering when in sessionStorage; never without it.
 */
export const reloadAfterChunkFailure = (storage: () => Storage | null = () => globalThis.sessionStorage ?? null, location: Location = globalThis.location, now = Date.now()): boolean => {
  try {
    // Reading sessionStorage itself throws where storage is blocked.
    const store = storage();
    if (!store) return false;
    const last = store.getItem(CHUNK_RELOAD_KEY);
    if (!mayReloadAfterChunkFailure(last === null ? null : Number(last), now)) return false;
    store.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  location.reload();
  return true;
};

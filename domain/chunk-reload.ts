/** After a chunk-load failure the page reloads at most once in this many seconds. spec §8 "A chunk-load failure reloads the page, at most once per minute", §9 "Chunk reload guard 60 s". */
export const CHUNK_RELOAD_GUARD_SECONDS = 60;

/**
 * Whether a chunk-load failure at `nowMs` may reload the page: only when no such reload happened within
 * CHUNK_RELOAD_GUARD_SECONDS, so a missing chunk ends on the error page, not in a loop. spec §8, §9.
 */
export const mayReloadAfterChunkFailure = (lastReloadAtMs: number | null, nowMs: number): boolean =>
  lastReloadAtMs === null || !Number.isFinite(lastReloadAtMs) || nowMs - lastReloadAtMs >= CHUNK_RELOAD_GUARD_SECONDS * 1000 || nowMs < lastReloadAtMs;

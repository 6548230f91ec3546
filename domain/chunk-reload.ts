/** After a chunk-load failure the page reloads at most once in this many seconds. spec §8 "A chunk-load failure reloads the page, at most once per minute", §9 "Chunk reload guard 60 s". */
export const CHUNK_RELOAD_GUARD_SECONDS = 60;

/**
 * Whether a chunk-load failure at `nowMs` may reload the page, given when the last such reload happened (`lastReloadAtMs`,
 * epoch milliseconds, null when never): only when none happened in the last CHUNK_RELOAD_GUARD_SECONDS, so a chunk that
 * stays missing (a deploy removed it, the network is down) shows the error page instead of reloading forever. spec §8, §9.
 */
export const mayReloadAfterChunkFailure = (lastReloadAtMs: number | null, nowMs: number): boolean =>
  lastReloadAtMs === null || !Number.isFinite(lastReloadAtMs) || nowMs - lastReloadAtMs >= CHUNK_RELOAD_GUARD_SECONDS * 1000 || nowMs < lastReloadAtMs;

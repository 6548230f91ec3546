import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_SECONDS, mayReloadAfterChunkFailure } from "../../domain/chunk-reload.ts";

describe("reload after a chunk-load failure, at most once per minute (spec §8, §9)", () => {
  it("reloads the first time, not again within 60 s, and again from 60 s on", () => {
    const t = 1_800_000_000_000;
    expect(CHUNK_RELOAD_GUARD_SECONDS).toBe(60);
    expect(mayReloadAfterChunkFailure(null, t)).toBe(true);
    expect(mayReloadAfterChunkFailure(t, t + 59_999)).toBe(false);
    expect(mayReloadAfterChunkFailure(t, t + 60_000)).toBe(true);
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 42 }), fc.integer({ min: 0, max: 10 * 60_000 })])(
    "allows a reload exactly when the last one is at least the guard's length ago",
    (last, elapsed) => {
      expect(mayReloadAfterChunkFailure(last, last + elapsed)).toBe(elapsed >= CHUNK_RELOAD_GUARD_SECONDS * 1000);
    },
  );

  it("treats an unreadable or future time (a changed clock) as no recent reload, so the guard cannot lock the page", () => {
    expect(mayReloadAfterChunkFailure(Number.NaN, 1000)).toBe(true);
    expect(mayReloadAfterChunkFailure(5000, 1000)).toBe(true);
  });

  it("does not reload again at the very moment of the last reload", () => {
    expect(mayReloadAfterChunkFailure(1000, 1000)).toBe(false);
    expect(mayReloadAfterChunkFailure(1000, 999)).toBe(true);
  });
});

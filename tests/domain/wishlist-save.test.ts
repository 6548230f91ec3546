import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { wishlistSaveTransition, type WishlistSaveEvent, type WishlistSaveState } from "../../domain/wishlist-save.ts";

describe("wishlist save", () => {
  test("goes notSaved -> saving -> saved and back to notSaved on a cart change", () => {
    let s: WishlistSaveState = "notSaved";
    s = wishlistSaveTransition(s, "save");
    expect(s).toBe("saving");
    s = wishlistSaveTransition(s, "saved");
    expect(s).toBe("saved");
    expect(wishlistSaveTransition(s, "cartChanged")).toBe("notSaved");
    expect(wishlistSaveTransition("saving", "failed")).toBe("notSaved");
  });

  test.prop([fc.array(fc.constantFrom<WishlistSaveEvent>("save", "saved", "failed", "cartChanged"))])(
    "reaches saved only through saving, and a cart change never leaves it saved",
    (events) => {
      let s: WishlistSaveState = "notSaved";
      for (const e of events) {
        const next = wishlistSaveTransition(s, e);
        if (next === "saved" && s !== "saved") expect(s).toBe("saving");
        if (e === "cartChanged") expect(next).not.toBe("saved");
        s = next;
      }
    },
  );
});

describe("wishlist save transitions, every state and event (spec §4 Wishlist save)", () => {
  const table: ReadonlyArray<[WishlistSaveState, WishlistSaveEvent, WishlistSaveState]> = [
    ["notSaved", "save", "saving"], ["saving", "save", "saving"], ["saved", "save", "saving"],
    ["notSaved", "saved", "notSaved"], ["saving", "saved", "saved"], ["saved", "saved", "saved"],
    ["notSaved", "failed", "notSaved"], ["saving", "failed", "notSaved"], ["saved", "failed", "saved"],
    ["notSaved", "cartChanged", "notSaved"], ["saving", "cartChanged", "saving"], ["saved", "cartChanged", "notSaved"],
  ];
  test.each(table)("%s on %s becomes %s", (state, event, next) => {
    expect(wishlistSaveTransition(state, event)).toBe(next);
  });
});

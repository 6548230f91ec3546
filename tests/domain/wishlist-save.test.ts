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

import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { differsFromSavedWishlist, wishlistSaveTransition, type WishlistSaveEvent, type WishlistSaveState } from "../../domain/wishlist-save.ts";

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

describe("differsFromSavedWishlist (spec §3 Cart unsaved-changes flag, §4 Wishlist save)", () => {
  const products = fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.integer({ min: 0, max: 4 }));

  test("a cart equal to the saved wishlist has no unsaved changes; zero quantities count as absent", () => {
    expect(differsFromSavedWishlist({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(differsFromSavedWishlist({ a: 1, b: 0 }, { a: 1 })).toBe(false);
    expect(differsFromSavedWishlist({}, null)).toBe(false);
  });

  test("an added product, a removed one or another quantity is an unsaved change, as is any product with no wishlist saved", () => {
    expect(differsFromSavedWishlist({ a: 1, b: 1 }, { a: 1 })).toBe(true);
    expect(differsFromSavedWishlist({ a: 1 }, { a: 1, b: 1 })).toBe(true);
    expect(differsFromSavedWishlist({ a: 2 }, { a: 1 })).toBe(true);
    expect(differsFromSavedWishlist({ a: 1 }, null)).toBe(true);
  });

  test.prop([products, products])("is symmetric, and false exactly when the positive quantities agree", (cart, saved) => {
    expect(differsFromSavedWishlist(cart, saved)).toBe(differsFromSavedWishlist(saved, cart));
    const positive = (p: Record<string, number>) => JSON.stringify(Object.entries(p).filter(([, n]) => n > 0).sort());
    expect(differsFromSavedWishlist(cart, saved)).toBe(positive(cart) !== positive(saved));
  });
});

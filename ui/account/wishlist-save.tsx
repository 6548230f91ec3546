import { useQueryClient } from "@tanstack/react-query";
import { Effect, Exit } from "effect";
import { useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { BookmarkCheck } from "lucide-react";
import { SaveWishlist } from "../../application/use-cases/save-wishlist.use-case.ts";
import type { Cents } from "../../domain/money.ts";
import { WISHLIST_SAVE_DELAY_MS, wishlistSaveTransition, type WishlistSaveState } from "../../domain/ordering.ts";
import { type ShopConfig, wishlistKeyOf } from "../../domain/shop.schema.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { useUseCase } from "../use-cases.tsx";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pre-registration save button that replaces the order button (spec §2 Basket screen "or the pre-registration save
 * button", §4 Wishlist save): notSaved, then saving (a spinner for at least WISHLIST_SAVE_DELAY_MS), then saved with the
 * 4001 "Thank you, wishlist saved" text; a cart change clears the saved state (spec §3 Cart). Saves the cart's products
 * and total (SaveWishlist); a failure shows error 1000 and allows another try.
 */
export function WishlistSave({ config, products, totalAmount, disabled }: { config: ShopConfig; products: Readonly<Record<string, number>>; totalAmount: Cents; disabled: boolean }) {
  const saveWishlist = useUseCase(SaveWishlist);
  const queryClient = useQueryClient();
  const { show } = useErrorDialog();
  const [state, setState] = useState<WishlistSaveState>("notSaved");
  const productsKey = JSON.stringify(products);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setState((current) => wishlistSaveTransition(current, "cartChanged"));
  }, [productsKey]);
  const save = async () => {
    setState((current) => wishlistSaveTransition(current, "save"));
    const [exit] = await Promise.all([
      Effect.runPromiseExit(saveWishlist.execute({ ...wishlistKeyOf(config), preferences: { products, totalAmount, travelCart: null } })),
      wait(WISHLIST_SAVE_DELAY_MS),
    ]);
    if (Exit.isSuccess(exit)) {
      setState((current) => wishlistSaveTransition(current, "saved"));
      // wishlistKeys.all of ./wishlist.queries.ts, spelled out so that module stays in the header's chunk (no chunk of its own in the first load).
      void queryClient.invalidateQueries({ queryKey: ["wishlist"] });
    } else {
      Effect.runFork(Effect.logWarning("wishlist save failed", exit.cause));
      setState((current) => wishlistSaveTransition(current, "failed"));
      show({ code: 1000 });
    }
  };
  return (
    <div className="wishlist-save">
      <Button className="button primary large" onPress={() => state !== "saving" && void save()} isDisabled={disabled || state === "saving"}>
        {state === "saving" ? <span className="spinner" aria-hidden="true" /> : <BookmarkCheck size={20} aria-hidden="true" />}
        <FormattedMessage id="wishlist.save" />
      </Button>
      <p role="status" className={state === "saved" ? "notice" : undefined}>
        {state === "saved" ? <FormattedMessage id="error.4001.title" /> : null}
      </p>
    </div>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { BookmarkCheck } from "lucide";
import { Icon } from "../common/icon.tsx";
import type { Cents } from "../../domain/money.ts";
import { WISHLIST_SAVE_DELAY_MS, wishlistSaveTransition, type WishlistSaveState } from "../../domain/wishlist-save.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { wishlistKeyOf } from "../../domain/shop.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { markWishlistSaved, useWishlistUnsaved } from "../shop/wishlist-changes.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pre-registration save button in place of the order button (spec §2 Basket screen, §4 Wishlist save): not saved,
 * saving, then saved with the 4001 text; a cart change clears it (spec §3 Cart).
 */
export function WishlistSave({ config, products, totalAmount, disabled }: { config: ShopConfig; products: Readonly<Record<string, number>>; totalAmount: Cents; disabled: boolean }) {
  const saveWishlist = useAsyncUseCase((m) => m.SaveWishlist);
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
  // The unsaved-changes flag, set by the shop frame when the total changes (ui/shop/wishlist-changes.ts).
  const unsaved = useWishlistUnsaved(config.slug);
  const save = async () => {
    setState((current) => wishlistSaveTransition(current, "save"));
    const [saved] = await Promise.all([
      saveWishlist.execute({ wishlist: { ...wishlistKeyOf(config), preferences: { products, totalAmount, travelCart: null } } }).then(
        () => true,
        (failure: unknown) => {
          logWarning("wishlist save failed", failure);
          return false;
        },
      ),
      wait(WISHLIST_SAVE_DELAY_MS),
    ]);
    if (saved) {
      setState((current) => wishlistSaveTransition(current, "saved"));
      markWishlistSaved(config.slug);
      // wishlistKeys.all of ./wishlist.queries.ts, spelled out so that module stays in the header's chunk (no chunk of its own in the first load).
      void queryClient.invalidateQueries({ queryKey: ["wishlist"] });
    } else {
      setState((current) => wishlistSaveTransition(current, "failed"));
      show({ code: 1000 });
    }
  };
  return (
    <div className="wishlist-save">
      <Button className="button primary large" onPress={() => state !== "saving" && void save()} isDisabled={disabled || state === "saving"}>
        {state === "saving" ? <span className="spinner" aria-hidden="true" /> : <Icon node={BookmarkCheck} size={20} aria-hidden="true" />}
        <FormattedMessage id="wishlist.save" />
      </Button>
      <p role="status" className={state === "saved" || unsaved ? "notice" : undefined} data-unsaved-changes={unsaved || undefined}>
        {state === "saved" ? <FormattedMessage id="error.4001.title" /> : unsaved && state !== "saving" ? <FormattedMessage id="wishlist.unsaved" /> : null}
      </p>
    </div>
  );
}

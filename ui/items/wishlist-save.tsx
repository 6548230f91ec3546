import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { BookmarkCheck } from "lucide";
import { Icon } from "../common/icon.tsx";
import type { Cents } from "../../domain/money.ts";
import { differsFromSavedWishlist, WISHLIST_SAVE_DELAY_MS, wishlistSaveTransition, type WishlistSaveState } from "../../domain/wishlist-save.ts";
import type { ShopConfig } from "../../domain/shop.schema.ts";
import { wishlistKeyOf } from "../../domain/shop.ts";
import { useErrorDialog } from "../shell/error-dialog.tsx";
import { logWarning } from "../common/log-warning.ts";
import { useAsyncUseCase } from "../use-cases.tsx";
import { markWishlistSaved, useWishlistUnsaved } from "../shop/wishlist-changes.ts";
import { useSsoState } from "../shell/login-state.ts";
import { wishlistKeys, wishlistQuery } from "./wishlist.queries.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pre-registration save button in place of the order button (spec §2 Basket screen, §4 Wishlist save): not saved,
 * saving, then saved with the 4001 text. Unsaved changes: the cart differs from the saved wishlist (spec §3 Cart).
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
  // The unsaved-changes flag: the cart against the saved wishlist once that is known, else the flag the shop frame
  // sets when the total changes (ui/shop/wishlist-changes.ts).
  const changedTotal = useWishlistUnsaved(config.slug);
  const sso = useSsoState();
  const email = sso.status === "user" ? sso.login.user?.email : undefined;
  const loadWishlist = useAsyncUseCase((m) => m.LoadWishlist);
  const key = wishlistKeyOf(config);
  const savedWishlist = useQuery({ ...wishlistQuery(loadWishlist, key, email), enabled: sso.status === "user" });
  const unsaved = savedWishlist.isSuccess ? differsFromSavedWishlist(products, savedWishlist.data?.preferences.products ?? null) : changedTotal;
  const save = async () => {
    setState((current) => wishlistSaveTransition(current, "save"));
    const wishlist = { ...key, preferences: { products, totalAmount, travelCart: null } };
    const [saved] = await Promise.all([
      saveWishlist.execute({ wishlist }).then(
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
      // What was saved is the saved wishlist now (no flag while it is read again), then every saved wishlist is read again.
      queryClient.setQueryData(wishlistKeys.one(key, email), wishlist);
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

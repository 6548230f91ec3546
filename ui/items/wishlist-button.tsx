import { useQuery } from "@tanstack/react-query";
import { Heart } from "lucide";
import { Icon } from "../common/icon.tsx";
import { lazy, Suspense, useState } from "react";
import { Button } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { wishlistKeyOf } from "../../domain/shop.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { wishlistQuery } from "./wishlist.queries.ts";

// The wishlist modal (react-aria Modal, Dialog, ProgressBar and its table) loads on the Wishlist button's first use.
const loadWishlistModal = () => import("./wishlist-modal.tsx");
const prefetchWishlistModal = () => void loadWishlistModal().catch(() => undefined);
const LazyWishlistModal = lazy(() => loadWishlistModal().then((m) => ({ default: m.WishlistModal })));

/**
 * The header's Wishlist button (spec §2 Header): shown when the user's saved wishlist has products; opens the pre-fill
 * modal, whose code loads on the first press.
 */
export function WishlistButton({ email }: { email: string | undefined }) {
  const { config } = useCurrentShop();
  const loadWishlist = useAsyncUseCase((m) => m.LoadWishlist);
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const wishlist = useQuery(wishlistQuery(loadWishlist, wishlistKeyOf(config), email));
  const products = wishlist.data?.preferences.products ?? {};
  const hasProducts = Object.values(products).some((n) => n > 0);
  if (!hasProducts) return null;
  return (
    <>
      <Button
        className="button ghost header-button"
        aria-label={intl.formatMessage({ id: "header.wishlist" })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPress={() => setOpen(true)}
        onHoverStart={prefetchWishlistModal}
        onFocus={prefetchWishlistModal}
      >
        <Icon node={Heart} size={18} aria-hidden="true" />
        <span className="header-button-text">
          <FormattedMessage id="header.wishlist" />
        </span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LazyWishlistModal wishlist={products} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

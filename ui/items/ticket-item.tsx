import { lazy, memo, type ReactNode } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import type { Product } from "../../domain/product.schema.ts";
import { ItemPriceLine } from "../shop/item-price.tsx";
import { FirstUseButton, LoadOnFirstUse } from "../common/load-on-first-use.tsx";
import { ItemQuantity, type ItemQuantityProps } from "./item-quantity.tsx";

// The perks' Disclosure (react-aria's disclosure code) is no part of an item screen's first load
//: most visitors never open it. Its look-alike button loads it on a press.
const loadPerks = () => import("./perks.tsx");
const PerksDisclosure = lazy(() => loadPerks().then((m) => ({ default: m.PerksDisclosure })));

/**
 * An item's perks behind a "What's included" button (PerksDisclosure, ./perks.tsx), loaded on its first use: until then
 * a collapsed FirstUseButton (kind "disclosure") that fetches the code on hover or focus and on a press
 * mounts the Disclosure expanded with the focus on its own button.
 */
export function Perks({ perks, level }: { perks: ReadonlyArray<string>; level: number }) {
  return (
    <LoadOnFirstUse
      load={loadPerks}
      placeholder={(firstUse) => (
        <div className="perks">
          <Heading level={level}>
            <FirstUseButton kind="disclosure" className="button link" firstUse={firstUse}>
              <FormattedMessage id="tickets.perks" />
            </FirstUseButton>
          </Heading>
        </div>
      )}
    >
      <PerksDisclosure perks={perks} level={level} openOnMount />
    </LoadOnFirstUse>
  );
}

/** Props of an item card: the product, its quantity-control props (useItemCart().quantityProps), an optional detail link, heading level and extra content. */
export interface ProductItemProps {
  readonly product: Product;
  readonly quantity: Omit<ItemQuantityProps, "product">;
  /** Address of the item's detail page (tickets, extras); the title becomes a link. */
  readonly detailHref?: string;
  /** Heading level of the title (2 on list screens). */
  readonly level?: 2 | 3;
  /** Shows the image (meta.image) on the card. */
  readonly showImage?: boolean;
  readonly children?: ReactNode;
}

/**
 * An item card of the item screens (spec §2 Item screens "Ticket item", "Extra item"): title (linking to the detail
 * page when given), price with service costs, description, "n in cart", the collapsible perks, the product
 * disclaimer, and the shared quantity control.
 */
export function ProductItem({ product, quantity, detailHref, level = 2, showImage, children }: ProductItemProps) {
  return (
    <article className="card ticket-item" aria-labelledby={`item-${product.id}`} data-product-id={product.id}>
      <ItemBody product={product} inCart={quantity.inCart} level={level} showImage={showImage ?? false} detailHref={detailHref}>
        {children}
      </ItemBody>
      <div className="ticket-actions">
        <ItemQuantity product={product} {...quantity} />
      </div>
    </article>
  );
}

/**
 * An item card's body beside its quantity control (image, title, price, description, count, perks), memoised so a
 * pending cart update re-renders only the controls.
 */
const ItemBody = memo(function ItemBody({
  product,
  inCart,
  level,
  showImage,
  detailHref,
  children,
}: {
  product: Product;
  inCart: number;
  level: 2 | 3;
  showImage: boolean;
  detailHref: string | undefined;
  children?: ReactNode;
}) {
  const title = product.title ?? product.name;
  return (
    <>
      {showImage && product.meta?.image ? <img className="item-image" src={product.meta.image} alt="" /> : null}
      <div className="ticket-main">
        <Heading level={level} id={`item-${product.id}`}>
          {detailHref ? <Link href={detailHref}>{title}</Link> : title}
        </Heading>
        <ItemPrice product={product} />
        {children}
        {product.meta?.description ? <p>{product.meta.description}</p> : null}
        <InCart count={inCart} />
        {product.meta?.perks?.length ? <Perks perks={product.meta.perks} level={level === 2 ? 3 : 4} /> : null}
        {product.meta?.productDisclaimer ? <p className="muted small disclaimer">{product.meta.productDisclaimer}</p> : null}
      </div>
    </>
  );
});

/** The item's price as the cart charges it, with the service costs it includes or the service fee per order beside it (ItemPriceLine). spec §2 Item screens, §9. */
export function ItemPrice({ product }: { product: Product }) {
  return <ItemPriceLine product={product} />;
}

/** "n in cart" (a status) when the cart holds the item; nothing otherwise. */
export function InCart({ count }: { count: number }) {
  if (count < 1) return null;
  return (
    <p className="in-cart" role="status">
      <FormattedMessage id="tickets.inCart" values={{ count }} />
    </p>
  );
}

/** The "nothing for sale here" note of an empty item list. */
export function NothingForSale({ count }: { count: number }) {
  if (count > 0) return null;
  return (
    <p className="muted">
      <FormattedMessage id="items.empty" />
    </p>
  );
}

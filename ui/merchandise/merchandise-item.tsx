import { ChevronLeft, ChevronRight, Truck } from "lucide";
import { Icon } from "../common/icon.tsx";
import { useState } from "react";
import { Button, Heading, ToggleButton } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { type MerchandiseGroup, preselectSize } from "../../domain/product-catalogue.ts";
import type { Product } from "../../domain/product.schema.ts";
import { ItemPriceLine } from "../shop/item-price.tsx";
import { ItemQuantity, type ItemQuantityProps } from "../items/item-quantity.tsx";

/** Stock below which the indicator says "only n left". */
const LOW_STOCK = 10;

/** Props of a merchandise item: its group (domain groupMerchandise), the cart's quantities, the quantity-control props per variant, and the age consent. */
export interface MerchandiseItemProps {
  readonly group: MerchandiseGroup<Product>;
  readonly cartProducts: Readonly<Record<string, number>>;
  readonly quantityProps: (product: Product) => Omit<ItemQuantityProps, "product">;
  /** True when this product asks the age consent and the visitor has not given it yet. */
  readonly needsConsent: boolean;
  /** Asks the one-time consent (decision 6006); runs `proceed` after Confirm. */
  readonly requestConsent: (proceed: () => void) => void;
}

/** An accessible image slider: the current image with alt text, previous/next react-aria buttons and the position. spec §2 Merchandise item "image slider". */
export function ImageSlider({ images, name }: { images: ReadonlyArray<string>; name: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;
  const current = Math.min(index, count - 1);
  return (
    <div className="slider" role="group" aria-roledescription="carousel" aria-label={name}>
      <div className="slider-viewport">
        <img src={images[current]} alt={intl.formatMessage({ id: "items.slider.image" }, { name, index: current + 1, count })} />
      </div>
      {count > 1 ? (
        <div className="slider-controls">
          <Button className="button icon" aria-label={intl.formatMessage({ id: "items.slider.previous" })} onPress={() => setIndex((current - 1 + count) % count)}>
            <Icon node={ChevronLeft} aria-hidden="true" size={20} />
          </Button>
          <span className="small muted" aria-live="polite">
            <FormattedMessage id="items.slider.position" values={{ index: current + 1, count }} />
          </span>
          <Button className="button icon" aria-label={intl.formatMessage({ id: "items.slider.next" })} onPress={() => setIndex((current + 1) % count)}>
            <Icon node={ChevronRight} aria-hidden="true" size={20} />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The stock indicator of a variant: out of stock, only n left (under 10), or in stock. spec §2 Merchandise item. */
export function StockIndicator({ stock }: { stock: number }) {
  const kind = stock < 1 ? "none" : stock <= LOW_STOCK ? "low" : "ok";
  return (
    <p className={`stock ${kind}`}>
      <FormattedMessage id={kind === "none" ? "items.stock.none" : kind === "low" ? "items.stock.left" : "items.stock.available"} values={{ count: stock }} />
    </p>
  );
}

/**
 * A merchandise item (spec §2 Item screens, §4): image slider, size buttons with the preselected size (domain
 * preselectSize), stock, the shipping note (§9) and the shared quantity control.
 */
export function MerchandiseItem({ group, cartProducts, quantityProps, needsConsent, requestConsent }: MerchandiseItemProps) {
  const intl = useIntl();
  const [selectedId, setSelectedId] = useState<string>(() => preselectSize(group.sizes, cartProducts) ?? group.sizes[0]!.id);
  const product = group.products.find((p) => p.id === selectedId) ?? group.products[0]!;
  const name = product.name;
  const headingId = `merch-${group.group}`;
  const images = product.meta?.productImages?.length ? product.meta.productImages : product.meta?.image ? [product.meta.image] : [];
  const quantity = quantityProps(product);
  const onChangeQuantity = (next: number) =>
    needsConsent && next > quantity.inCart ? requestConsent(() => quantity.onChangeQuantity(next)) : quantity.onChangeQuantity(next);
  const inCartTotal = group.products.reduce((n, p) => n + (cartProducts[p.id] ?? 0), 0);
  return (
    <article className="card merch-item" aria-labelledby={headingId} data-group={group.group}>
      <ImageSlider images={images} name={name} />
      <Heading level={2} id={headingId}>
        {name}
      </Heading>
      <ItemPriceLine product={product} />
      {product.meta?.description ? <p>{product.meta.description}</p> : null}
      {group.oneSize ? (
        <p className="muted">
          <FormattedMessage id="items.size" />: <FormattedMessage id="items.oneSize" />
        </p>
      ) : (
        // One react-aria ToggleButton per size in a labelled group: the pressed one is the chosen size, pressing it again
        // keeps it. Not a ToggleButtonGroup: its arrow-key toolbar pulls React Aria's focus-scope module into this
        // route's first load (with the group's state); Tab reaches every size as it did.
        <div className="sizes" role="group" aria-label={intl.formatMessage({ id: "items.size" })}>
          {group.sizes.map((size) => (
            <ToggleButton
              key={size.id}
              id={size.id}
              className="size-button"
              isSelected={size.id === selectedId}
              onChange={(pressed) => pressed && setSelectedId(size.id)}
              isDisabled={size.stock < 1 && (cartProducts[size.id] ?? 0) === 0}
            >
              {size.size}
            </ToggleButton>
          ))}
        </div>
      )}
      <StockIndicator stock={product.stock} />
      <p className="small muted ships">
        <Icon node={Truck} aria-hidden="true" size={16} /> <FormattedMessage id="items.ships" />
      </p>
      {product.meta?.productDisclaimer ? <p className="muted small disclaimer">{product.meta.productDisclaimer}</p> : null}
      {inCartTotal > 0 ? (
        <p className="in-cart" role="status">
          <FormattedMessage id="tickets.inCart" values={{ count: inCartTotal }} />
        </p>
      ) : null}
      <ItemQuantity key={product.id} product={product} {...quantity} label={`${name} ${group.oneSize ? "" : merchSize(product)}`.trim()} onChangeQuantity={onChangeQuantity} />
    </article>
  );
}

const merchSize = (product: Product): string => product.meta?.vendorVariantTitle ?? "";

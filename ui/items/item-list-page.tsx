import type { ReactNode } from "react";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import type { Product } from "../../domain/product.schema.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { NothingForSale, ProductItem } from "./ticket-item.tsx";
import { type ItemCart, useItemCart } from "./use-item-cart.ts";

/** Props of an item list screen: its title key, which products it lists, and optional detail links, card extras and intro. */
export interface ItemListPageProps {
  readonly titleId: string;
  readonly className: string;
  readonly select: (product: Product) => boolean;
  /** Detail page path below /{slug} of a product (e.g. `extras/${id}`). */
  readonly detailPath?: (product: Product) => string;
  /** Extra content inside a product's card (e.g. the membership billing label). */
  readonly cardExtra?: (product: Product) => ReactNode;
  readonly intro?: ReactNode;
  /** Content after the list (e.g. the transport request form). */
  readonly after?: (items: ItemCart) => ReactNode;
  readonly showImage?: boolean;
  /** Display order of the listed products (list order by default). */
  readonly order?: (products: ReadonlyArray<Product>) => ReadonlyArray<Product>;
}

/** The loading indicator of the item screens. */
export function ItemsLoading() {
  const intl = useIntl();
  return <div className="spinner" role="progressbar" aria-label={intl.formatMessage({ id: "loading" })} />;
}

/** The sticky "Go to checkout" link shown once the cart holds something. spec §2 Item screens. */
export function GoToCheckout({ cartProducts }: { cartProducts: Readonly<Record<string, number>> }) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  if (!Object.values(cartProducts).some((n) => n > 0)) return null;
  return (
    <div className="bottom-bar">
      <Link className="button primary large" href={keepQuery(`/${slug}/checkout`)}>
        <FormattedMessage id="tickets.goToCheckout" />
      </Link>
    </div>
  );
}

/** A list item screen (tickets, packages, membership, extras, compare transport): one h1, the selected products as item cards with the shared quantity control, and the checkout link. spec §2 Item screens. */
export function ItemListPage(props: ItemListPageProps) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const items = useItemCart();
  if (!items) return <ItemsLoading />;
  const selected = items.products.filter(props.select);
  const listed = props.order ? props.order(selected) : selected;
  return (
    <div className={`page ${props.className}`}>
      <Heading level={1}>
        <FormattedMessage id={props.titleId} />
      </Heading>
      {props.intro}
      <NothingForSale count={listed.length} />
      <div className="items">
        {listed.map((product) => (
          <ProductItem
            key={product.id}
            product={product}
            quantity={items.quantityProps(product)}
            showImage={props.showImage ?? false}
            {...(props.detailPath ? { detailHref: keepQuery(`/${slug}/${props.detailPath(product)}`) } : {})}
          >
            {props.cardExtra?.(product)}
          </ProductItem>
        ))}
      </div>
      {props.after?.(items)}
      <GoToCheckout cartProducts={items.cartProducts} />
    </div>
  );
}

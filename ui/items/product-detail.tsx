import { ArrowLeft } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import type { Product } from "../../domain/product.schema.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { ProductNotFoundContent } from "../shell/not-found.route.tsx";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { ItemQuantity } from "./item-quantity.tsx";
import { GoToCheckout, ItemsLoading } from "./item-list-page.tsx";
import { InCart, ItemPrice } from "./ticket-item.tsx";
import { useItemCart } from "./use-item-cart.ts";

/** Props of a detail screen: the product id from the route, the list it belongs to, and which types it accepts. */
export interface ProductDetailProps {
  readonly productId: string;
  readonly backPath: string;
  readonly backLabelId: string;
  readonly accept: (product: Product) => boolean;
}

/**
 * A detail screen (spec §2 Routes /{slug}/tickets/{id}, /{slug}/extras/{id}): image, title, price, description, perks,
 * disclaimer and the quantity control; an unknown id shows 5001 with a link back to its list (spec §8).
 */
export function ProductDetail({ productId, backPath, backLabelId, accept }: ProductDetailProps) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const items = useItemCart();
  if (!items) return <ItemsLoading />;
  const product = items.products.find((p) => p.id === productId && accept(p));
  const back = (
    <Link className="back-link" href={keepQuery(`/${slug}/${backPath}`)}>
      <Icon node={ArrowLeft} aria-hidden="true" size={18} />
      <FormattedMessage id={backLabelId} />
    </Link>
  );
  // An unknown id, or one of another type (a stale link): 5001 'Product not found' with the way back to the list.
  if (!product) return <ProductNotFoundContent back={back} />;
  const quantity = items.quantityProps(product);
  return (
    <div className="page item-detail">
      {back}
      <article className="card detail-card" aria-labelledby="item-detail-title" data-product-id={product.id}>
        {product.meta?.image ? <img className="detail-image" src={product.meta.image} alt={product.title ?? product.name} /> : null}
        <div>
          <Heading level={1} id="item-detail-title">
            {product.title ?? product.name}
          </Heading>
          <ItemPrice product={product} />
          {product.meta?.description ? <p>{product.meta.description}</p> : null}
          {product.meta?.perks?.length ? (
            <>
              <Heading level={2}>
                <FormattedMessage id="tickets.perks" />
              </Heading>
              <ul className="perks-list">
                {product.meta.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </>
          ) : null}
          {product.meta?.productDisclaimer ? <p className="muted small disclaimer">{product.meta.productDisclaimer}</p> : null}
          <InCart count={quantity.inCart} />
          <ItemQuantity product={product} {...quantity} />
        </div>
      </article>
      <GoToCheckout cartProducts={items.cartProducts} />
    </div>
  );
}

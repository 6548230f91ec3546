import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useParams } from "react-router-dom";
import { inTransportVariant, transportVariantOf } from "../../domain/product-catalogue.ts";
import { NothingForSale, ProductItem } from "../items/ticket-item.tsx";
import { GoToCheckout, ItemsLoading } from "../items/item-list-page.tsx";
import { useItemCart } from "../items/use-item-cart.ts";
import { lazyPart } from "../common/lazy-part.tsx";
import { VariantLinks } from "./variant-links.tsx";

// The request form sits below the products: its fields' code (React Aria's number and text fields)
// loads after the page works, and React hydrates the server's form then; what a visitor types or taps in it meanwhile is
// held until it is live (lazyPart deferHydration).
const TransportRequestForm = lazyPart("ui/transportation/transport-request-form.tsx", () => import("./transport-request-form.tsx"), "TransportRequestForm", [], { deferHydration: true });

/**
 * /{slug}/comparetransport and its variants (spec §2 Routes): the variant's compare-transport products with the shared
 * quantity control, and the transport request form.
 */
export function CompareTransportRoute() {
  const { variant: param } = useParams();
  const variant = transportVariantOf(param);
  const items = useItemCart();
  if (!items) return <ItemsLoading />;
  const products = items.products.filter((p) => p.type === "comparetransport" && inTransportVariant(p, variant));
  return (
    <div className="page compare-transport">
      <Heading level={1}>
        <FormattedMessage id="items.compare.title" />
      </Heading>
      <VariantLinks base="comparetransport" current={param?.toLowerCase() === "detail" ? "all" : variant} />
      <section aria-labelledby="compare-products">
        <Heading level={2} id="compare-products" className="visually-hidden">
          <FormattedMessage id="items.compare.products" />
        </Heading>
        <NothingForSale count={products.length} />
        <div className="items">
          {products.map((product) => (
            <ProductItem key={product.id} product={product} quantity={items.quantityProps(product)} level={3} />
          ))}
        </div>
      </section>
      <TransportRequestForm />
      <GoToCheckout cartProducts={items.cartProducts} />
    </div>
  );
}

import { Heading } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useParams } from "react-router-dom";
import { inTransportVariant, mappedType, transportVariantOf } from "../../domain/product-catalogue.ts";
import { GoToCheckout, ItemsLoading } from "../items/item-list-page.tsx";
import { NothingForSale } from "../items/ticket-item.tsx";
import { useItemCart } from "../items/use-item-cart.ts";
import { TransportCard } from "./transport-card.tsx";
import { VariantLinks } from "./variant-links.tsx";

/** /{slug}/transportation, /eu and /nl (spec §2 Routes, Other layers "Transportation card"): the bus departures of the variant as transportation cards; seats go in the cart with the shared quantity control, and the basket adds the € 5 transport order fee (domain priceBasket, §9). */
export function TransportationRoute() {
  const { variant: param } = useParams();
  const variant = transportVariantOf(param);
  const items = useItemCart();
  if (!items) return <ItemsLoading />;
  const buses = items.products.filter((p) => mappedType(p.type) === "transportation" && inTransportVariant(p, variant));
  return (
    <div className="page transportation">
      <Heading level={1}>
        <FormattedMessage id="items.transport.title" />
      </Heading>
      <VariantLinks base="transportation" current={variant} />
      <NothingForSale count={buses.length} />
      <div className="transport-grid">
        {buses.map((product) => (
          <TransportCard key={product.id} product={product} quantity={items.quantityProps(product)} />
        ))}
      </div>
      <GoToCheckout cartProducts={items.cartProducts} />
    </div>
  );
}

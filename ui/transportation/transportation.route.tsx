import { Heading, Link } from "react-aria-components";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams } from "react-router-dom";
import { inTransportVariant, mappedType, type TransportVariant, transportVariantOf } from "../../domain/catalogue.ts";
import { useKeepQuery } from "../shell/keep-query.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { GoToCheckout, ItemsLoading } from "../tickets/item-list-page.tsx";
import { NothingForSale } from "../tickets/ticket-item.tsx";
import { useItemCart } from "../tickets/use-item-cart.ts";
import { TransportCard } from "./transport-card.tsx";

/** Links between the variants of a transport screen (all, /nl, /eu); the current one is marked. spec §2 Routes. */
export function VariantLinks({ base, current }: { base: string; current: TransportVariant }) {
  const { slug } = useCurrentShop();
  const keepQuery = useKeepQuery();
  const intl = useIntl();
  const variants: ReadonlyArray<readonly [TransportVariant, string]> = [
    ["all", `/${slug}/${base}`],
    ["nl", `/${slug}/${base}/nl`],
    ["eu", `/${slug}/${base}/eu`],
  ];
  return (
    <nav className="variant-links" aria-label={intl.formatMessage({ id: "items.transport.variants" })}>
      {variants.map(([variant, path]) => (
        <Link key={variant} className="button" href={keepQuery(path)} {...(variant === current ? { "aria-current": "page" as const } : {})}>
          <FormattedMessage id={`items.transport.variant.${variant}`} />
        </Link>
      ))}
    </nav>
  );
}

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

import { BedDouble, Bus, Package, Shirt, Sparkles, Ticket, TrainFront, UserRound, type IconNode } from "lucide";
import { Icon } from "../common/icon.tsx";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import type { Product } from "../../domain/product.schema.ts";
import type { ShopStep } from "../../domain/shop-flow.ts";
import { Money } from "../common/money.tsx";
import { analyticsLineOf, analyticsShopOf, ignoreAnalyticsFailure } from "../shop/shop-analytics.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useAsyncUseCase } from "../use-cases.tsx";
import { type UpsellOffer, useUpsellOffers } from "./upsell-offers.ts";
import "./upsell.css";

/** The icon of a tile without a product image, by the flow route it links to. */
const STEP_ICONS: Partial<Record<ShopStep, IconNode>> = {
  tickets: Ticket,
  packages: Package,
  membership: UserRound,
  travel: BedDouble,
  traveladdon: BedDouble,
  transportation: Bus,
  comparetransport: TrainFront,
  merchandise: Shirt,
  extras: Sparkles,
};

/**
 * The row of upsell tiles the basket's slider and the upsell panel share (spec §2 Other layers "product slider", Item
 * screens "Upsell tile"): each tile links to its flow route; a press is tracked as upsellClick (spec §7), then `onPick`.
 */
export function UpsellTiles({ offers, onPick }: { offers: ReadonlyArray<UpsellOffer>; onPick?: () => void }) {
  const { config } = useCurrentShop();
  const track = useAsyncUseCase((m) => m.TrackUpsellClick);
  return (
    <ul className="upsell-slider">
      {offers.map(({ product, href, step, tileName, highlighted }) => {
        const stepIcon = STEP_ICONS[step] ?? Sparkles;
        return (
        <li key={product.id} className={highlighted ? "upsell-tile upsell-tile-highlighted" : "upsell-tile"}>
          <Link
            href={href}
            onPress={() => {
              void track.execute({ shop: analyticsShopOf(config), line: analyticsLineOf(product, 1) }).catch(ignoreAnalyticsFailure);
              onPick?.();
            }}
          >
            <span className="upsell-visual" aria-hidden="true">
              {product.meta?.image ? <img src={product.meta.image} alt="" width={56} height={56} loading="lazy" /> : <Icon node={stepIcon} size={28} aria-hidden="true" />}
            </span>
            <span className="upsell-name">{tileName}</span>
            <Money cents={product.price} />
          </Link>
        </li>
        );
      })}
    </ul>
  );
}

/**
 * The upsell slider under the basket (spec §2 Basket screen, §4 Upsell): tiles of products not yet in the cart, each
 * linking to its flow route under the shop's slug with the query kept; a click is tracked as upsellClick (spec §7).
 * Renders nothing when there is nothing to offer.
 */
export function UpsellSlider({ products, cartProducts }: { products: ReadonlyArray<Product>; cartProducts: Readonly<Record<string, number>> }) {
  const offers = useUpsellOffers(products, cartProducts);
  if (offers.length === 0) return null;
  return (
    <section className="card upsell" aria-labelledby="upsell-title">
      <Heading level={2} id="upsell-title">
        <FormattedMessage id="upsell.title" />
      </Heading>
      <UpsellTiles offers={offers} />
    </section>
  );
}

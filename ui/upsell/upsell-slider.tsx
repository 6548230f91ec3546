import { Effect } from "effect";
import { Heading, Link } from "react-aria-components";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router-dom";
import { TrackAnalytics } from "../../application/use-cases/track-analytics.use-case.ts";
import type { Product } from "../../domain/product.schema.ts";
import { upsellProducts, upsellStepOf } from "../../domain/upsell.ts";
import { Money } from "../common/money.tsx";
import { analyticsLineOf, analyticsShopOf } from "../shop/shop-analytics.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";
import { useUseCase } from "../use-cases.tsx";

function useUpsellTracker(): TrackAnalytics | null {
  try {
    return useUseCase(TrackAnalytics);
  } catch {
    return null; // screens composed without an Analytics adapter (tests): analytics never breaks a screen
  }
}

/**
 * The upsell slider under the basket (spec §2 Basket screen, §4 Upsell): tiles of products not yet in the cart, each
 * linking to its flow route under the shop's slug with the query kept; a click is tracked as upsellClick (spec §7).
 * Renders nothing when there is nothing to offer.
 */
export function UpsellSlider({ products, cartProducts }: { products: ReadonlyArray<Product>; cartProducts: Readonly<Record<string, number>> }) {
  const { slug, config } = useCurrentShop();
  const { search } = useLocation();
  const track = useUpsellTracker();
  const offers = upsellProducts(products, cartProducts).flatMap((product) => {
    const step = upsellStepOf(product);
    return step ? [{ product, href: `/${slug}/${step}${search}` }] : [];
  });
  if (offers.length === 0) return null;
  return (
    <section className="card upsell" aria-labelledby="upsell-title">
      <Heading level={2} id="upsell-title">
        <FormattedMessage id="upsell.title" />
      </Heading>
      <ul className="upsell-slider">
        {offers.map(({ product, href }) => (
          <li key={product.id} className="upsell-tile">
            <Link
              href={href}
              onPress={() => {
                if (track) Effect.runFork(track.upsellClick(analyticsShopOf(config), analyticsLineOf(product, 1)));
              }}
            >
              <span className="upsell-name">{product.title ?? product.name}</span>
              <Money cents={product.price} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

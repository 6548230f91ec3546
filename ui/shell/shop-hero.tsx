import { useLocation } from "react-router-dom";
import { heroBackgroundFor, heroImageSources } from "../../domain/hero.ts";
import { parseShopPath } from "../../domain/shop-flow.ts";
import { useCurrentShop } from "../shop/shop-context.tsx";

/** Intrinsic size of the hero images (px), set on the img so the page does not shift while it loads. */
const HERO_WIDTH = 1280;
const HERO_HEIGHT = 480;

/**
 * The current route's hero background (domain heroBackgroundFor, spec §2 Header): a decorative image with a gradient
 * (or full height without), with srcset candidates the server also preloads.
 */
export function ShopHero() {
  const { config } = useCurrentShop();
  const step = parseShopPath(useLocation().pathname).step;
  const image = heroBackgroundFor(step, config.shopTheme.backgrounds, config.festivalData.heroImage);
  if (!image) return null;
  const full = config.disableBackgroundGradient === true;
  const sources = heroImageSources(image);
  return (
    <div className={`shop-hero ${full ? "full" : "gradient"} ${step === null ? "overview" : ""}`} aria-hidden="true">
      <img src={sources.src} srcSet={sources.srcSet} sizes={sources.sizes} alt="" width={HERO_WIDTH} height={HERO_HEIGHT} decoding="async" fetchPriority="high" />
    </div>
  );
}
